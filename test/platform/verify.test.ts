import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { createMockPlatform, UnmatchedRequestError, VerificationError } from '../../mock/index.ts'

async function emptyWithOrg(options: Parameters<typeof createMockPlatform>[0] = {}) {
  const platform = createMockPlatform({ scenario: 'empty', ...options })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Initech' })
  const admin = await platform.builders.user({ organization: org.id, role: 'admin', tokenName: 'admin' })
  const reader = await platform.builders.user({ organization: org.id, role: 'read', tokenName: 'reader' })
  const client = createClient({ token: admin.token, fetch: platform.fetch, retry: 0 })
  return { platform, org, admin, reader, client }
}

const messageOf = (fn: () => unknown): string => {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(VerificationError)
    return (error as Error).message
  }
  throw new Error('expected a VerificationError')
}

describe('platform.verify', () => {
  it('counts matching requests: once, never, at least, exactly, by body, query, params, status and token name', async () => {
    const { platform, org, client, reader } = await emptyWithOrg()
    await client.collections.create({ organizationId: org.id, title: 'Roadmap' })
    await client.collections.create({ organizationId: org.id, title: 'Archive' })
    await createClient({ token: reader.token, fetch: platform.fetch, retry: 0 }).collections.list({ organizationId: org.id, limit: 5 })

    expect(platform.verify('createCollection', { times: 2 })).toHaveLength(2)
    const [roadmap] = platform.verify('createCollection', { times: 1, body: { title: 'Roadmap' }, tokenName: 'admin', status: 201 })
    expect(roadmap!.body).toEqual({ organizationId: org.id, title: 'Roadmap' })
    platform.verify('createCollection', { times: 0, tokenName: 'reader' })
    platform.verify('deleteCollectionById', { times: 0 })
    platform.verify('listCollectionsInOrganizationById', {
      times: 1,
      query: { limit: 5 },
      params: { organizationId: org.id },
      tokenName: 'reader',
    })
    platform.verify('createCollection', { times: { atLeast: 1, atMost: 2 }, body: { title: expect.stringMatching(/^R/) } })
    platform.verify('createCollection', { times: 1, body: { title: /^Arch/ }, client: /^docplat\// })

    expect(() => platform.verify('listCollectionsInOrganizationById', { query: { limit: 6 } })).toThrow(VerificationError)
    expect(() => platform.verify('createCollection', { times: 1 })).toThrow(/received exactly|received 2 times/)
  })

  it('a failure shows what was received instead, closest first, with the differing field', async () => {
    const { platform, org, client } = await emptyWithOrg()
    const shelf = await platform.builders.collection({ organization: org.id, title: 'Shelf' })
    await client.collections.create({ organizationId: org.id, title: 'Roadmapz' })
    await client.collections.create({ organizationId: org.id, title: 'Other', parent: shelf.id })
    await client.orgs.list()

    const message = messageOf(() => platform.verify('createCollection', { times: 1, body: { title: 'Roadmap', parent: shelf.id } }))
    const lines = message.split('\n')
    expect(lines[0]).toBe(
      `Expected createCollection with body { title: 'Roadmap', parent: '${shelf.id}' } to be received once, but it was received 0 times.`,
    )
    expect(lines[1]).toBe('Received instead, closest first:')
    // 'Other' differs by one field, 'Roadmapz' by two: 'Other' comes first.
    expect(lines[2]).toMatch(/^ {2}createCollection: POST \/v1\/orgs\/\w+\/collections → 201 .*title: 'Other'/)
    expect(lines[3]).toBe("      body.title: expected 'Roadmap', received 'Other'")
    expect(lines[4]).toMatch(/title: 'Roadmapz'/)
    expect(lines.slice(5, 7)).toEqual([
      "      body.title: expected 'Roadmap', received 'Roadmapz'",
      `      body.parent: expected '${shelf.id}', received undefined`,
    ])
    // A GET to another operation is not close to a POST: not listed.
    expect(message).not.toContain('listOrganizations')
  })

  it('too many: lists the matching ones', async () => {
    const { platform, org, client } = await emptyWithOrg()
    await client.collections.create({ organizationId: org.id, title: 'A' })
    await client.collections.create({ organizationId: org.id, title: 'B' })
    const message = messageOf(() => platform.verify('createCollection', { times: 0 }))
    expect(message.split('\n')[0]).toBe('Expected createCollection to be received never, but it was received 2 times.')
    expect(message).toContain("title: 'B'")
  })

  it('an unknown operation or a bad times is a TypeError, never a pass', async () => {
    const { platform } = await emptyWithOrg()
    expect(() => platform.verify('createColection' as never)).toThrow(/not an operation of the contract \(did you mean .*createCollection/)
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true }), fc.constant(Number.NaN)), (times) => {
        expect(() => platform.verify('createCollection', { times })).toThrow(TypeError)
      }),
    )
    expect(() => platform.verify('createCollection', { times: { atLeast: 3, atMost: 1 } })).toThrow(TypeError)
  })
})

describe('platform.verifyOrder', () => {
  it('passes when the steps come in order with others between; fails naming the step out of order', async () => {
    const { platform, org, client } = await emptyWithOrg()
    const made = await client.collections.create({ organizationId: org.id, title: 'One' })
    await client.orgs.list()
    await client.collections.delete({ collectionId: made.id })

    const found = platform.verifyOrder([{ operationId: 'createCollection', body: { title: 'One' } }, 'deleteCollectionById'])
    expect(found.map((r) => r.operationId)).toEqual(['createCollection', 'deleteCollectionById'])

    const message = messageOf(() => platform.verifyOrder(['deleteCollectionById', 'createCollection']))
    expect(message.split('\n')[0]).toMatch(/^Expected createCollection after deleteCollectionById, but it was received only before it/)
    expect(message).toMatch(/step 1 → 3\. deleteCollectionById/)
    expect(messageOf(() => platform.verifyOrder(['getCollectionById'])).split('\n')[0]).toBe(
      'Expected getCollectionById first, but it was never received.',
    )
  })
})

describe('near misses', () => {
  it('no route, wrong method, validation and authentication stay in the log with the reason and the closest operation', async () => {
    const { platform, org, admin } = await emptyWithOrg()
    const auth = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }
    const base = `${platform.baseUrl}/v1/orgs/${org.id}`
    await platform.fetch(`${base}/colections`, { method: 'POST', headers: auth, body: '{"title":"x"}' })
    await platform.fetch(`${base}/collections`, { method: 'PUT', headers: auth, body: '{}' })
    await platform.fetch(`${base}/collections`, { method: 'POST', headers: auth, body: '{"title":""}' })
    await platform.fetch(`${base}/collections`, { method: 'POST', headers: { ...auth, authorization: 'Bearer dpt_nope' }, body: '{}' })
    await platform.fetch(`${base}/collections`, { headers: auth })

    const misses = platform.unmatched()
    expect(misses.map((r) => [r.status, r.miss!.reason, r.miss!.closest!.operationId, r.miss!.closest!.field])).toEqual([
      [404, 'no-route', 'createCollection', 'path'],
      [405, 'method-not-allowed', 'createCollection', 'method'],
      [400, 'validation', 'createCollection', 'body.title'],
      [401, 'authentication', 'createCollection', 'header.authorization'],
    ])
    expect(platform.requests.unmatched()).toEqual(misses)
    expect(misses[3]!.miss!.closest!.path).toBe('/v1/orgs/{organizationId}/collections')
    // The token is never in the log, only its name.
    expect(JSON.stringify(platform.requests.all())).not.toContain('dpt_nope')
    expect(JSON.stringify(platform.requests.all())).not.toContain(admin.token)
    expect(platform.requests.last()!.tokenName).toBe('admin')
    // A miss never counts as a call, but is listed.
    const message = messageOf(() => platform.verify('createCollection'))
    expect(message).toContain('400 validation: Invalid body.title')
    // The operation's own refusals (a 404 of a record) are no miss.
    await platform.fetch(`${platform.baseUrl}/v1/collections/nope`, { headers: auth })
    expect(platform.unmatched()).toHaveLength(4)
  })

  it('any path and method: answered 4xx, logged as a miss naming an operation of the contract, never a crash', async () => {
    const { platform, admin } = await emptyWithOrg()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        fc.array(fc.oneof(fc.constantFrom('v1', 'orgs', 'spaces', 'collections', 'x'), fc.webSegment()), { maxLength: 6 }),
        async (method, segments) => {
          platform.requests.clear()
          const response = await platform.fetch(`${platform.baseUrl}/${segments.join('/')}`, {
            method,
            headers: { authorization: `Bearer ${admin.token}` },
          })
          const [entry] = platform.requests.all()
          if (entry!.miss) {
            expect(response.status).toBeGreaterThanOrEqual(400)
            expect(response.status).toBeLessThan(500)
            expect(entry!.miss.closest?.operationId).toMatch(/^\w+$/)
          } else expect(response.status).not.toBe(500)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('strict: platform.fetch rejects on the first near miss, naming the closest operation; matched requests answer as usual', async () => {
    const seen: string[] = []
    const { platform, org, client } = await emptyWithOrg({ strict: true, onUnmatched: (r) => seen.push(r.miss!.reason) })
    await client.collections.create({ organizationId: org.id, title: 'Fine' })
    const failure = await platform.fetch(`${platform.baseUrl}/v1/orgs/${org.id}/colections`).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(UnmatchedRequestError)
    expect((failure as Error).message).toBe(
      `Unmatched request (strict mode): GET /v1/orgs/${org.id}/colections → 404 no-route: No operation matches GET /v1/orgs/${org.id}/colections; closest: listCollectionsInOrganizationById (GET /v1/orgs/{organizationId}/collections), path`,
    )
    await expect(client.collections.create({ organizationId: org.id, title: '' })).rejects.toBeInstanceOf(UnmatchedRequestError)
    expect(seen).toEqual(['no-route', 'validation'])
    expect(platform.unmatched()).toHaveLength(2)
  })
})
