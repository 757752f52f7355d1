import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { BadRequestError, createClient } from '../../src/index.ts'
import { rejects } from '../helpers.ts'

describe('a development tunnel URL that is not http(s)', () => {
  it('is refused as "an http or https URL", what it is not, rather than as an invalid URL, which ftp://... is not', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Org' })
    const author = await platform.builders.user({ organization: org.id, role: 'admin' })
    await platform.builders.integration({ name: 'local', organization: org.id })
    const client = createClient({ token: author.token, fetch: platform.fetch, retry: 0 })
    for (const tunnelUrl of ['ftp://127.0.0.1/tunnel', 'ws://localhost:8787', 'not a url']) {
      const error = await rejects(client.integrations.dev.enable({ integrationName: 'local', tunnelUrl }), BadRequestError)
      expect([tunnelUrl, error.message]).toEqual([tunnelUrl, 'Invalid body.tunnelUrl: must be an http or https URL'])
    }
    expect([...platform.db.integrations.all()][0]!.dev).toBeUndefined()
    await client.integrations.dev.enable({ integrationName: 'local', tunnelUrl: 'http://127.0.0.1:8787' })
    expect([...platform.db.integrations.all()][0]!.dev).toMatchObject({ tunnelUrl: 'http://127.0.0.1:8787' })
  })
})
