import { createClient, NotFoundError } from 'docplat'
import { describe, expect, it } from 'vitest'
import { createDocsService } from './docs-service.js'
import { demoId, platform } from './mocks.js'

describe('spaces, through the app code and the mock', () => {
  it('renames a space, and the platform keeps the new title', async () => {
    const service = createDocsService(platform.tokens.admin!)
    const spaceId = await demoId('spaces', 'Getting Started')

    expect(await service.renameSpace(spaceId, 'Start here')).toBe('Start here')

    // Read it back through another client: the state lives in the platform, not in a stub.
    const admin = createClient({ token: platform.tokens.admin })
    expect((await admin.spaces.get({ spaceId })).title).toBe('Start here')
    expect(platform.requests.ofOperation('updateSpaceById')).toMatchObject([{ status: 200, body: { title: 'Start here' } }])
  })

  it('walks every page of a list', async () => {
    const service = createDocsService(platform.tokens.admin!)
    const product = await demoId('collections', 'Product')
    // One space per page (limit: 1), so this takes a request per space.
    expect(await service.spaceTitles(product)).toEqual(['Getting Started', 'Changelog'])
    expect(platform.requests.ofOperation('listSpacesInCollectionById')).toHaveLength(2)
  })

  it('restores a deleted space within 7 days of platform time, not after', async () => {
    const admin = createClient({ token: platform.tokens.admin })
    const spaceId = await demoId('spaces', 'Changelog')
    await admin.spaces.delete({ spaceId })

    platform.clock.advance('6d')
    expect((await admin.spaces.restore({ spaceId })).deletedAt).toBeUndefined()

    await admin.spaces.delete({ spaceId })
    platform.clock.advance('8d')
    await expect(admin.spaces.restore({ spaceId })).rejects.toBeInstanceOf(NotFoundError)
  })

  it('builds exactly the state a test needs, a line per thing', async () => {
    const org = await platform.builders.organization({ title: 'Fresh Org' })
    const { token } = await platform.builders.user({ organization: org.id, role: 'edit' })
    const shelf = await platform.builders.collection({ organization: org.id, title: 'Shelf' })
    await platform.builders.space({ organization: org.id, parent: shelf.id, title: 'First' })
    await platform.builders.space({ organization: org.id, parent: shelf.id, title: 'Second' })

    const service = createDocsService(token)
    expect(await service.spaceTitles(shelf.id)).toEqual(['First', 'Second'])
  })
})
