import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { connectMockServer, createMockPlatform, VerificationError } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { type DocplatMatchers, matchers } from '../../mock/verify/matchers.ts'

declare module 'vitest' {
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> extends DocplatMatchers<R> {}
}

expect.extend(matchers)

async function setup() {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Initech' })
  const admin = await platform.builders.user({ organization: org.id, role: 'admin', tokenName: 'admin' })
  const client = createClient({ token: admin.token, fetch: platform.fetch, retry: 0 })
  return { platform, org, client }
}

describe('matchers for expect', () => {
  it('toHaveReceived, .not, toHaveReceivedInOrder and toHaveNoUnmatchedRequests, with the near-miss report as the failure', async () => {
    const { platform, org, client } = await setup()
    await client.collections.create({ organizationId: org.id, title: 'Roadmap' })
    await client.orgs.list()

    expect(platform).toHaveReceived('createCollection', { times: 1, body: { title: 'Roadmap' }, tokenName: 'admin' })
    expect(platform).not.toHaveReceived('deleteCollectionById')
    expect(platform).toHaveReceivedInOrder(['createCollection', 'listOrganizationsForAuthenticatedUser'])
    expect(platform).not.toHaveReceivedInOrder(['listOrganizationsForAuthenticatedUser', 'createCollection'])
    expect(platform).toHaveNoUnmatchedRequests()

    expect(() => expect(platform).toHaveReceived('createCollection', { body: { title: 'Roadmaps' } })).toThrow(
      /Expected createCollection with body \{ title: 'Roadmaps' \} to be received at least once, but it was received 0 times\.\nReceived instead, closest first:\n.*\n {6}body\.title: expected 'Roadmaps', received 'Roadmap'/,
    )
    expect(() => expect(platform).not.toHaveReceived('createCollection')).toThrow(
      /Expected createCollection not to be received like that, but it was received 1 times:\n {2}POST http/,
    )
    await platform.fetch(`${platform.baseUrl}/v1/nowhere`)
    expect(() => expect(platform).toHaveNoUnmatchedRequests()).toThrow(/received 1:\n {2}GET .*\/v1\/nowhere → 404 no-route/)
    // A mistake in the expectation is an error, not a failed or passed assertion.
    expect(() => expect(platform).toHaveReceived('nope' as never)).toThrow(TypeError)
    expect(() => expect({}).toHaveReceived('createCollection')).toThrow(/expected a mock platform/)
  })

  it('a remote platform: the same API and matchers, asynchronous, from the server request log', async () => {
    const { platform, org, client } = await setup()
    const server = await startMockServer({ platform, port: 0 })
    try {
      const remote = await connectMockServer(server.url)
      await client.collections.create({ organizationId: org.id, title: 'Roadmap' })
      await remote.fetch(`${server.url}/v1/orgs/${org.id}/colections`, { method: 'POST' })

      expect(await remote.verify('createCollection', { times: 1, body: { title: 'Roadmap' } })).toHaveLength(1)
      await expect(remote.verify('createCollection', { times: 2 })).rejects.toBeInstanceOf(VerificationError)
      await expect(remote.verifyOrder(['createCollection'])).resolves.toHaveLength(1)
      const [miss] = await remote.unmatched()
      expect(miss!.miss).toMatchObject({ reason: 'no-route', closest: { operationId: 'createCollection', field: 'path' } })

      await expect(remote).toHaveReceived('createCollection', { body: { title: 'Roadmap' } })
      await expect(remote).not.toHaveReceived('deleteCollectionById')
      await expect(expect(remote).toHaveNoUnmatchedRequests()).rejects.toThrow(/no-route/)
    } finally {
      await server.close()
    }
  })
})
