import { Agent, request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatform, type PlainRequest } from '../../mock/index.ts'
import { startMockServer, type MockServer, type MockServerOptions } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function serve(platform: MockServerOptions['platform'], options: Partial<MockServerOptions> = {}): Promise<MockServer> {
  const server = await startMockServer({ platform, ...options })
  servers.push(server)
  return server
}

/** An empty platform with one organization, one admin and one space. */
async function world(): Promise<{ platform: MockPlatform; token: string; org: string; space: string }> {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Native' })
  const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
  const collection = await platform.builders.collection({ organization: org.id, title: 'Docs' })
  const space = await platform.builders.space({ organization: org.id, parent: collection.id, title: 'Guide' })
  return { platform, token, org: org.id, space: space.id }
}

/** Sends raw headers (repeats and all) and reads the status and body. */
function raw(
  url: string,
  path: string,
  headers: Array<[string, string]>,
  method = 'GET',
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    // A header list (not an object) keeps repeats; Node then adds no Host of its own.
    const list = [['host', `${hostname}:${port}`], ...headers].flat()
    const req = httpRequest({ hostname, port, path, method, headers: list, agent: new Agent({ keepAlive: false }) }, (res) => {
      let body = ''
      res
        .setEncoding('utf8')
        .on('data', (chunk: string) => (body += chunk))
        .on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }))
    })
    req.on('error', reject).end()
  })
}

describe('the Node-native path', () => {
  it('answers what platform.fetch answers: same status, body and headers, with a length', async () => {
    const { platform, token, space } = await world()
    const server = await serve(platform)
    const headers = { authorization: `Bearer ${token}` }
    const viaHttp = await fetch(`${server.url}/v1/spaces/${space}`, { headers })
    const viaFetch = await platform.fetch(`${platform.baseUrl}/v1/spaces/${space}`, { headers })
    expect(viaHttp.status).toBe(200)
    const [http, local] = [(await viaHttp.json()) as Record<string, unknown>, (await viaFetch.json()) as Record<string, unknown>]
    // The URLs in the body name each platform's base URL; everything else is the same.
    expect({ ...http, urls: undefined }).toEqual({ ...local, urls: undefined })
    expect(viaHttp.headers.get('content-type')).toBe('application/json')
    expect(viaHttp.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(http))))
    expect(viaHttp.headers.get('x-request-id')).toMatch(/^req_\d+$/)
    expect(viaHttp.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('joins a repeated Authorization header as Headers.get does, so two tokens are refused', async () => {
    const { platform, token, org } = await world()
    const server = await serve(platform)
    const once = await raw(server.url, `/v1/orgs/${org}`, [['Authorization', `Bearer ${token}`]])
    expect(once.status).toBe(200)
    const twice = await raw(server.url, `/v1/orgs/${org}`, [
      ['Authorization', `Bearer ${token}`],
      ['Authorization', 'Bearer dpt_other'],
    ])
    expect(twice.status).toBe(401)
    const local = await platform.fetch(`${platform.baseUrl}/v1/orgs/${org}`, {
      headers: [
        ['authorization', `Bearer ${token}`],
        ['authorization', 'Bearer dpt_other'],
      ],
    })
    expect(local.status).toBe(401)
  })

  it('routes dot segments, %2e spellings and odd characters as the URL parser does', async () => {
    const { platform, token, org } = await world()
    const server = await serve(platform)
    const auth: Array<[string, string]> = [['authorization', `Bearer ${token}`]]
    for (const path of [`/v1/x/../orgs/${org}`, `/v1/orgs/./${org}`, `/v1/x/%2E%2e/orgs/${org}`]) {
      const answer = await raw(server.url, path, auth)
      expect({ path, status: answer.status }).toEqual({ path, status: 200 })
      expect((JSON.parse(answer.body) as { id: string }).id).toBe(org)
    }
    // A quote the client did not encode is logged as a Request would spell it, and reads the same.
    const listed = await raw(server.url, `/v1/orgs/${org}/members?search=o'neil`, auth)
    expect(listed.status).toBe(200)
    expect(platform.requests.last()?.url).toBe(`${server.url}/v1/orgs/${org}/members?search=o%27neil`)
  })

  it('serves a wrapper that has its own dispatch through that dispatch, never around it', async () => {
    const { platform, token, org } = await world()
    const seen: string[] = []
    const wrapped = {
      ...platform,
      async dispatch(request: Request) {
        seen.push(new URL(request.url).pathname)
        return platform.dispatch(request)
      },
    }
    const server = await serve(wrapped as MockPlatform)
    const client = createClient({ baseUrl: server.url, token, retry: 0 })
    expect((await client.orgs.get({ organizationId: org })).id).toBe(org)
    expect(seen).toEqual([`/v1/orgs/${org}`])
  })

  it('serves a platform given only as handle, and the handle answers plain requests', async () => {
    const { platform, token, org } = await world()
    const calls: string[] = []
    const server = await serve({
      handle: (request: PlainRequest) => {
        calls.push(`${request.method} ${request.pathname}?${request.search}`)
        return platform.handle(request)
      },
    })
    const client = createClient({ baseUrl: server.url, token, retry: 0 })
    const page = await client.orgs.members.list({ organizationId: org, limit: 5 })
    expect(page.count).toBe(1)
    expect(calls).toEqual([`GET /v1/orgs/${org}/members?limit=5`])
  })

  it('keeps what the inspector shows: redacted headers and both bodies of a write, read when opened', async () => {
    const { platform, token, space } = await world()
    const server = await serve(platform)
    const response = await fetch(`${server.url}/v1/spaces/${space}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-tag': 'inspect me' },
      body: JSON.stringify({ title: 'Renamed' }),
    })
    expect(response.status).toBe(200)
    const sent = await response.text()
    const { exchanges } = (await (await fetch(`${server.url}/_docplat/exchanges`)).json()) as {
      exchanges: Array<{ id: number; operationId?: string }>
    }
    const last = exchanges.at(-1)!
    expect(last.operationId).toBe('updateSpaceById')
    const exchange = (await (await fetch(`${server.url}/_docplat/exchanges/${last.id}`)).json()) as {
      request: { headers: Record<string, string>; body?: string }
      response: { headers: Record<string, string>; body?: string }
    }
    expect(exchange.request.body).toBe('{"title":"Renamed"}')
    expect(exchange.request.headers['x-tag']).toBe('inspect me')
    expect(exchange.request.headers.authorization).toMatch(/^Bearer dpt_.*…\(redacted\)$/)
    expect(exchange.request.headers.authorization).not.toContain(token.slice(-8))
    expect(exchange.request.headers.connection).toBeUndefined()
    expect(exchange.response.body).toBe(sent)
    expect(exchange.response.headers['content-type']).toBe('application/json')
  })
})
