import { describe, expect, it } from 'vitest'
import { createDocsService } from './docs-service.js'
import { demoId, platform } from './mocks.js'

describe('what the app sent, checked with the docplat matchers', () => {
  it('renaming a space sends one update with the new title, and nothing the platform could not match', async () => {
    const service = createDocsService(platform.tokens.admin!)
    const spaceId = await demoId('spaces', 'Getting Started')
    await service.renameSpace(spaceId, 'Start here')

    expect(platform).toHaveReceived('updateSpaceById', { times: 1, body: { title: 'Start here' }, params: { spaceId } })
    expect(platform).not.toHaveReceived('deleteSpaceById')
    expect(platform).toHaveNoUnmatchedRequests()
  })
})
