import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { createMockPlatform, type FaultSpec } from '../../mock/index.ts'

async function emptyWithOrg() {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Initech' })
  const admin = await platform.builders.user({ organization: org.id, role: 'admin', tokenName: 'admin' })
  const client = createClient({ token: admin.token, fetch: platform.fetch, retry: 0 })
  return { platform, org, admin, client }
}

describe('scenarios', () => {
  it('an unknown scenario name throws at once, listing the known ones', () => {
    expect(() => createMockPlatform({ scenario: 'demoo' as never })).toThrow(
      new TypeError(`Unknown scenario "demoo": use one of 'demo', 'empty', or a function (builders) => ... that builds the state`),
    )
  })

  it('the demo names its tokens (a literal union, so `tokens.admin` is a string)', async () => {
    const platform = createMockPlatform()
    const admin: string = platform.tokens.admin
    expect(Object.keys(platform.tokens)).toEqual(['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'])
    expect(admin).toMatch(/^dpt_admin_/)
  })
})

describe('restore cannot brick the platform', () => {
  it('a refused snapshot leaves the previous state, and fetch, restore(good) and reset() keep working', async () => {
    const { platform, org, client } = await emptyWithOrg()
    await client.collections.create({ organizationId: org.id, title: 'Kept' })
    const good = platform.snapshot()
    await client.collections.create({ organizationId: org.id, title: 'Later' })

    const bad = [undefined, null, 42, { format: 'docplat-mock-state' }, { ...good, tables: { ...good.tables, collections: [{ id: 7 }] } }]
    for (const snapshot of bad) await expect(platform.restore(snapshot as never)).rejects.toBeInstanceOf(TypeError)
    expect((await client.collections.list({ organizationId: org.id })).items.map((c) => c.title)).toEqual(['Kept', 'Later'])

    await platform.restore(good)
    expect((await client.collections.list({ organizationId: org.id })).items.map((c) => c.title)).toEqual(['Kept'])
    await expect(platform.restore(undefined as never)).rejects.toThrow('Not a docplat mock state snapshot')
    await platform.reset()
    // Back to the empty scenario: the admin built afterwards is gone with everything else.
    await expect(client.orgs.list()).rejects.toMatchObject({ name: 'AuthenticationError' })
  })
})

describe('faults are checked when added', () => {
  const cases: Array<[string, FaultSpec, RegExp]> = [
    [
      'an unknown operation',
      { operationId: 'getSpace' as never, status: 500 },
      /operationId "getSpace" is not an operation of the contract \(did you mean getSpaceById/,
    ],
    ['a status below 100', { status: 99 }, /status must be a whole number from 100 to 599, not 99/],
    ['a status above 599', { status: 600 }, /status must be a whole number from 100 to 599, not 600/],
    ['a status without a body', { status: 204 }, /status 204 cannot carry the error body/],
    ['a 1xx status', { status: 101 }, /status 101 cannot carry the error body/],
    ['a 304', { status: 304 }, /304 cannot carry/],
    ['times 0', { status: 500, times: 0 }, /times must be a whole number, 1 or more, not 0/],
    ['fractional times', { status: 500, times: 1.5 }, /times must be a whole number/],
    ['a negative Retry-After', { status: 429, retryAfter: -1 }, /retryAfter must be a finite number of seconds, 0 or more, not -1/],
    ['a NaN Retry-After', { status: 429, retryAfter: Number.NaN }, /retryAfter must be a finite number/],
    ['an infinite Retry-After', { status: 429, retryAfter: Infinity }, /retryAfter must be a finite number/],
    ['a rate above 1', { status: 500, rate: 1.5 }, /rate must be between 0 and 1/],
    ['an unknown field', { status: 500, statsu: 1 } as FaultSpec, /statsu is not a fault field/],
    ['a bad latency', { latency: 'soon' }, /latency Invalid duration "soon"/],
  ]
  it.each(cases)('%s is refused with a TypeError naming the field', async (_, spec, message) => {
    const { platform } = await emptyWithOrg()
    expect(() => platform.faults.add(spec)).toThrow(message)
    expect(platform.faults.active).toEqual([])
  })

  it('a fault after the operation keeps its change and replaces its answer', async () => {
    const { platform, org, admin } = await emptyWithOrg()
    platform.faults.add({ operationId: 'createCollection', after: true, status: 503, retryAfter: 2, message: 'Proxy gave up', times: 1 })
    const response = await platform.fetch(`${platform.baseUrl}/v1/orgs/${org.id}/collections`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Made anyway' }),
    })
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('2')
    expect(await response.json()).toEqual({ error: { code: 503, message: 'Proxy gave up' } })
    expect(platform.requests.ofOperation('createCollection').map((r) => r.status)).toEqual([201])
    const client = createClient({ token: admin.token, fetch: platform.fetch, retry: 0 })
    expect((await client.collections.list({ organizationId: org.id })).items.map((c) => c.title)).toEqual(['Made anyway'])
    expect(platform.faults.active).toEqual([])
  })

  it('a dropping fault after the operation rejects platform.fetch, the change made', async () => {
    const { platform, org, admin, client } = await emptyWithOrg()
    platform.faults.add({ operationId: 'createOrganizationTeam', after: true, drop: true, times: 1 })
    await expect(
      platform.fetch(`${platform.baseUrl}/v1/orgs/${org.id}/teams`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Ghost' }),
      }),
    ).rejects.toThrow('fetch failed')
    expect((await client.orgs.teams.list({ organizationId: org.id })).items.map((t) => t.title)).toEqual(['Ghost'])
  })
})
