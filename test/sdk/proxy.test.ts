import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ProxyAgent } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { createClient, NotFoundError } from '../../src/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { rejection, world } from './fixture.ts'

/** What the proxy saw of one request. */
interface Seen {
  method: string
  url: string
  authorization: string | undefined
}

/**
 * A forward proxy for http targets: requests arrive in absolute form (`GET http://host/path`)
 * and are passed on as they are. No CONNECT: an http target needs no tunnel.
 */
async function startProxy() {
  const seen: Seen[] = []
  const server: Server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization })
    const target = new URL(req.url!)
    const upstream = forward(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close }
}

describe('fetchOptions: an HTTP proxy with an undici ProxyAgent', () => {
  const closing: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const close of closing.splice(0)) await close()
  })

  async function setUp() {
    const w = await world()
    const server = await startMockServer({ platform: w.platform })
    closing.push(() => server.close())
    const proxy = await startProxy()
    closing.push(proxy.close)
    const dispatcher = new ProxyAgent({ uri: proxy.url, proxyTunnel: false })
    closing.push(() => dispatcher.close())
    return { ...w, server, proxy, dispatcher }
  }

  it('every request of the client goes through the proxy (the recipe of docs/sdk.md)', async () => {
    const { server, proxy, dispatcher, admin, org } = await setUp()
    // The runtime's fetch (Node's own undici) with the npm undici's ProxyAgent as its dispatcher.
    const client = createClient({ token: admin.token, baseUrl: server.url, fetchOptions: { dispatcher } })
    expect((await client.orgs.get({ organizationId: org.id })).title).toBe('Initech')
    const created = await client.collections.create({ organizationId: org.id, title: 'Through the proxy' })
    expect(await rejection(client.spaces.get({ spaceId: 'nope' }))).toBeInstanceOf(NotFoundError)
    expect(proxy.seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `GET ${server.url}/v1/orgs/${org.id}`,
      `POST ${server.url}/v1/orgs/${org.id}/collections`,
      `GET ${server.url}/v1/spaces/nope`,
    ])
    expect(proxy.seen.every((s) => s.authorization === `Bearer ${admin.token}`)).toBe(true)
    expect(created.title).toBe('Through the proxy')
  })

  it("per call: a call's fetchOptions go over the client's", async () => {
    const { server, proxy, dispatcher, admin, org } = await setUp()
    const direct = createClient({ token: admin.token, baseUrl: server.url })
    await direct.orgs.get({ organizationId: org.id })
    expect(proxy.seen).toEqual([])
    await direct.orgs.get({ organizationId: org.id }, { fetchOptions: { dispatcher } })
    await direct.request({ method: 'GET', path: '/v1/orgs', fetchOptions: { dispatcher } })
    expect(proxy.seen.map((s) => s.url)).toEqual([`${server.url}/v1/orgs/${org.id}`, `${server.url}/v1/orgs`])
  })

  it('fetchOptions reach the fetch as given, merged per call', async () => {
    const { platform, admin, org } = await world()
    const inits: Array<RequestInit | undefined> = []
    const client = createClient({
      token: admin.token,
      fetch: (request, init) => {
        inits.push(init)
        return platform.fetch(request, init)
      },
      fetchOptions: { cache: 'no-store', keepalive: false },
    })
    await client.orgs.get({ organizationId: org.id }, { fetchOptions: { keepalive: true, priority: 'high' } })
    await client.orgs.get({ organizationId: org.id })
    expect(inits).toEqual([
      { cache: 'no-store', keepalive: true, priority: 'high' },
      { cache: 'no-store', keepalive: false },
    ])
  })
})
