import { describe, expect, it } from 'vitest'
import { inTurn, type PlainRequest } from '../../mock/dispatch.ts'
import { createMockPlatform } from '../../mock/index.ts'

/** A request as the Node server hands it to the core: nothing to read, no body. */
function get(path: string, token: string): PlainRequest {
  return {
    method: 'GET',
    url: `https://api.docplat.dev${path}`,
    pathname: path,
    search: '',
    signal: new AbortController().signal,
    header: (name) => (name === 'authorization' ? `Bearer ${token}` : undefined),
    body: () => undefined,
  }
}

async function world() {
  const platform = createMockPlatform({ scenario: 'empty' })
  const org = await platform.builders.organization({ title: 'In turn' })
  const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
  return { platform, org, token: token! }
}

describe('the core answers in the request’s own turn when nothing waits (what the Node server calls)', () => {
  it('a read on a ready platform is answered in the call, as `handle` answers it', async () => {
    const { platform, org, token } = await world()
    const now = inTurn(platform.handle)(get(`/v1/orgs/${org.id}`, token))
    expect(now).not.toBeInstanceOf(Promise)
    const later = await platform.handle(get(`/v1/orgs/${org.id}`, token))
    const answer = now as Exclude<typeof now, Promise<unknown>>
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body as string)).toEqual(JSON.parse(later.body as string))
    expect(answer.operationId).toBe('getOrganizationById')
    // Logged like any other request, in order.
    expect(platform.requests.ofOperation('getOrganizationById')).toHaveLength(2)
    expect(Number(later.headers['x-request-id']!.slice(4))).toBe(Number(answer.headers['x-request-id']!.slice(4)) + 1)
  })

  it('refusals and unknown routes are answered in the call too', async () => {
    const { platform, org, token } = await world()
    const refused = inTurn(platform.handle)(get(`/v1/orgs/${org.id}`, 'not-a-token'))
    expect(refused).not.toBeInstanceOf(Promise)
    expect((refused as { status: number }).status).toBe(401)
    const unrouted = inTurn(platform.handle)(get('/v1/nowhere', token))
    expect((unrouted as { status: number }).status).toBe(404)
    expect(platform.unmatched().map((entry) => entry.status)).toEqual([401, 404])
  })

  it('a fault, or a platform still being built, makes it a promise with the same answer', async () => {
    const { platform, org, token } = await world()
    platform.faults.add({ operationId: 'getOrganizationById', status: 503, times: 1 })
    const faulty = inTurn(platform.handle)(get(`/v1/orgs/${org.id}`, token))
    expect(faulty).toBeInstanceOf(Promise)
    expect((await faulty).status).toBe(503)

    const building = createMockPlatform({ scenario: 'demo', seed: 'in-turn' })
    const demoToken = building.tokens.admin!
    const pending = inTurn(building.handle)(get('/v1/orgs', demoToken))
    expect(pending).toBeInstanceOf(Promise)
    expect((await pending).status).toBe(200)
  })
})
