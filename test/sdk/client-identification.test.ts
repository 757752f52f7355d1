import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { createClient, VERSION } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { world } from './fixture.ts'

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

const packageVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version
const expected = `docplat/${packageVersion} node/${process.versions.node}`

describe('the SDK names itself and its runtime', () => {
  it('VERSION is the package version', () => {
    expect(VERSION).toBe(packageVersion)
  })

  it('sends User-Agent: docplat/<version> node/<version>, which the request log shows', async () => {
    const { platform, space, client } = await world()
    await client().spaces.get({ spaceId: space.id })
    expect(platform.requests.last()).toMatchObject({ operationId: 'getSpaceById', status: 200, client: expected })
  })

  it('over real HTTP too, in the server log and through the control API', async () => {
    const { platform, admin, org } = await world()
    const server = await startMockServer({ platform })
    servers.push(server)
    const client = createClient({ token: admin.token, baseUrl: server.url, retry: 0 })
    const members = await client.orgs.members.list({ organizationId: org.id }).toArray({ limit: 10 })
    expect(members).toHaveLength(1)
    expect(platform.requests.last()).toMatchObject({ operationId: 'listMembersInOrganizationById', client: expected })
    const log = (await (await fetch(`${server.url}/_docplat/requests?operationId=listMembersInOrganizationById`)).json()) as {
      requests: Array<{ client?: string }>
    }
    expect(log.requests.map((r) => r.client)).toEqual([expected])
  })

  it("a User-Agent the user sets (client or call, any case) replaces the SDK's", async () => {
    const { platform, space, client } = await world()
    await client({ headers: { 'User-Agent': 'my-app/2.0' } }).spaces.get({ spaceId: space.id })
    expect(platform.requests.last()?.client).toBe('my-app/2.0')
    await client().spaces.get({ spaceId: space.id }, { headers: { 'user-agent': 'my-job/1.0' } })
    expect(platform.requests.last()?.client).toBe('my-job/1.0')
  })
})

describe("the mock's request log keeps a bounded client name", () => {
  it('X-Docplat-Client before User-Agent, at most 256 characters, absent when neither is sent', async () => {
    const { platform, admin } = await world()
    const call = (headers: Record<string, string>) =>
      platform.fetch(new Request(`${platform.baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${admin.token}`, ...headers } }))
    await call({ 'x-docplat-client': 'docplat/9.9.9 browser', 'user-agent': 'Mozilla/5.0' })
    expect(platform.requests.last()?.client).toBe('docplat/9.9.9 browser')
    await call({})
    expect(platform.requests.last()).not.toHaveProperty('client')
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,2000}[\x21-\x7e]$/), async (agent) => {
        await call({ 'user-agent': agent })
        const logged = platform.requests.last()!
        expect(logged.status).toBe(200)
        expect(logged.client).toBe(agent.slice(0, 256))
      }),
      { numRuns: 50 },
    )
  })
})
