import { Agent, request as httpRequest, type IncomingMessage } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_BODY_BYTES } from '../../mock/base/input.ts'
import type { MockPlatform, PlainRequest } from '../../mock/index.ts'
import { startMockServer, type MockServer, type MockServerOptions } from '../../mock/node/index.ts'
import { ConnectionError, createClient } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { world } from './world.ts'

const servers: MockServer[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function serve(platform: MockServerOptions['platform']): Promise<MockServer> {
  const server = await startMockServer({ platform })
  servers.push(server)
  return server
}

/** A stand-in platform that answers with what it received, to see the request the server built. */
const echo = {
  async dispatch(request: Request): Promise<Response> {
    const body = request.body ? await request.text() : null
    const headers = new Headers({ 'content-type': 'application/json' })
    headers.append('set-cookie', 'a=1')
    headers.append('set-cookie', 'b=2')
    return new Response(
      JSON.stringify({
        url: request.url,
        method: request.method,
        tag: request.headers.get('x-tag'),
        connection: request.headers.get('connection'),
        body,
      }),
      { status: 202, headers },
    )
  },
}

describe('startMockServer with a platform', () => {
  it('serves the SDK over HTTP, and retries an injected 429 through to success', async () => {
    const { platform, demo } = await setup()
    const server = await serve(platform)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    platform.faults.add({ status: 429, retryAfter: 0, times: 1 })
    const client = createClient({ baseUrl: server.url, token: platform.tokens.admin! })
    const orgs = await client.orgs.list()
    expect(orgs.items.map((o) => o.id)).toEqual([demo.acme])
    expect(platform.requests.all().map((r) => r.status)).toEqual([429, 200])
    expect(platform.faults.active).toHaveLength(0)
  })

  it('drops the connection for a { drop: true } fault, which the SDK reports as ConnectionError', async () => {
    const { platform } = await setup()
    const server = await serve(platform)
    platform.faults.add({ drop: true, times: 1 })
    const client = createClient({ baseUrl: server.url, token: platform.tokens.admin!, retry: 0 })
    const error = await client.orgs.list().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ConnectionError)
    // The fault is spent and the server carries on.
    expect((await client.orgs.list()).items).toHaveLength(1)
  })

  it('answers 413 to a declared body over the cap, without running the operation', async () => {
    const { platform, demo } = await setup()
    const server = await serve(platform)
    const response = await fetch(`${server.url}/v1/orgs/${demo.acme}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${platform.tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(MAX_BODY_BYTES) }),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: { code: 413, message: `Request body is larger than ${MAX_BODY_BYTES} bytes` } })
    expect(platform.requests.length).toBe(0)
    const client = createClient({ baseUrl: server.url, token: platform.tokens.admin!, retry: 0 })
    expect((await client.orgs.get({ organizationId: demo.acme })).title).toBe('Acme')
  })

  it('answers 413 to a streamed body once it passes the cap', async () => {
    const received: number[] = []
    const server = await serve({ dispatch: async (r) => (received.push(1), echo.dispatch(r)) })
    const chunk = new Uint8Array(256 * 1024).fill(120)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 12; i++) controller.enqueue(chunk)
        controller.close()
      },
    })
    const response = await fetch(`${server.url}/v1/x`, { method: 'POST', body, duplex: 'half' } as RequestInit)
    expect(response.status).toBe(413)
    expect((await response.json()) as unknown).toMatchObject({ error: { code: 413 } })
    expect(received).toEqual([])
  })

  it('passes a body of exactly the cap on to the platform', async () => {
    const server = await serve({ dispatch: async (r) => new Response(String((await r.arrayBuffer()).byteLength)) })
    const response = await fetch(`${server.url}/v1/x`, { method: 'PUT', body: new Uint8Array(MAX_BODY_BYTES) })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(String(MAX_BODY_BYTES))
  })
})

describe('startMockServer request and response conversion', () => {
  it('gives the platform the absolute URL, method, headers and body, and writes back status and headers', async () => {
    const server = await serve(echo)
    const response = await fetch(`${server.url}/v1/spaces/a%20b?limit=2&x=1&x=2`, {
      method: 'POST',
      headers: { 'x-tag': 'one', 'content-type': 'application/json' },
      body: '{"title":"é"}',
    })
    expect(response.status).toBe(202)
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(await response.json()).toEqual({
      url: `${server.url}/v1/spaces/a%20b?limit=2&x=1&x=2`,
      method: 'POST',
      tag: 'one',
      connection: null,
      body: '{"title":"é"}',
    })
  })

  it('answers HEAD without a body and refuses TRACE with 405', async () => {
    const server = await serve(echo)
    const head = await raw(server, { method: 'HEAD', path: '/v1/orgs' })
    expect(head.status).toBe(202)
    expect(head.body).toBe('')
    const trace = await raw(server, { method: 'TRACE', path: '/v1/orgs' })
    expect(trace.status).toBe(405)
    expect(JSON.parse(trace.body)).toEqual({ error: { code: 405, message: 'TRACE is not allowed' } })
  })

  it('keeps connections alive between requests', async () => {
    const server = await serve(echo)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const first = await raw(server, { path: '/v1/a', agent })
      const second = await raw(server, { path: '/v1/b', agent })
      expect(first.reused).toBe(false)
      expect(second.reused).toBe(true)
      expect(second.headers.connection).toBe('keep-alive')
    } finally {
      agent.destroy()
    }
  })

  it('streams Server-Sent Events as they are produced', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const encoder = new TextEncoder()
    const server = await serve({
      async dispatch() {
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode('data: {"n":1}\n\n'))
            await gate
            controller.enqueue(encoder.encode('data: {"n":2}\n\n'))
            controller.close()
          },
        })
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
      },
    })
    const response = await fetch(`${server.url}/v1/ask/stream`)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    // The first event arrives while the second does not exist yet.
    expect((await reader.read()).value).toBe('data: {"n":1}\n\n')
    release()
    let rest = ''
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += r.value
    expect(rest).toBe('data: {"n":2}\n\n')
  })

  it('cancels the response stream when the client goes away', async () => {
    let cancelled!: (reason: unknown) => void
    const wasCancelled = new Promise((resolve) => (cancelled = resolve))
    const server = await serve({
      async dispatch() {
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => controller.enqueue(new TextEncoder().encode('data: 1\n\n')),
          cancel: (reason) => cancelled(reason ?? 'cancelled'),
        })
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
      },
    })
    const abort = new AbortController()
    const response = await fetch(`${server.url}/v1/ask/stream`, { signal: abort.signal })
    await response.body!.getReader().read()
    abort.abort()
    await expect(wasCancelled).resolves.toBeDefined()
  })

  it('answers 500 with an error body when the platform throws, and keeps serving', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let calls = 0
    const server = await serve({
      async dispatch(request) {
        if (++calls === 1) throw new Error('boom')
        return echo.dispatch(request)
      },
    })
    const failed = await fetch(`${server.url}/v1/orgs`)
    expect(failed.status).toBe(500)
    expect(await failed.json()).toEqual({ error: { code: 500, message: 'Internal error in the mock server: boom' } })
    expect(logged).toHaveBeenCalledOnce()
    expect((await fetch(`${server.url}/v1/orgs`)).status).toBe(202)
  })

  it('closes with idle keep-alive connections open, then refuses connections', async () => {
    const server = await serve(echo)
    const agent = new Agent({ keepAlive: true })
    try {
      await raw(server, { path: '/v1/a', agent })
      await server.close()
      await expect(fetch(`${server.url}/v1/a`)).rejects.toThrow()
    } finally {
      agent.destroy()
    }
  })

  it('refuses a port out of range', async () => {
    await expect(startMockServer({ platform: echo, port: 70_000 })).rejects.toThrow('Invalid port 70000')
  })
})

/** A request through node:http, which (unlike fetch) can send TRACE and report socket reuse. */
function raw(server: MockServer, options: { method?: string; path: string; agent?: Agent }) {
  return new Promise<{ status: number; body: string; headers: IncomingMessage['headers']; reused: boolean }>((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${options.path}`,
      { method: options.method ?? 'GET', ...(options.agent ? { agent: options.agent } : {}) },
      (res) => {
        let body = ''
        res.setEncoding('utf8').on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers, reused: req.reusedSocket }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** Sends raw headers (repeats and all) and reads the status and body. */
function rawRequest(
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

describe('startMockServer answers as the platform does', () => {
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
    // No Origin, no browser: nothing to allow, but the answer would differ for one.
    expect([viaHttp.headers.get('access-control-allow-origin'), viaHttp.headers.get('vary')]).toEqual([null, 'Origin'])
  })

  it('joins a repeated Authorization header as Headers.get does, so two tokens are refused', async () => {
    const { platform, token, org } = await world()
    const server = await serve(platform)
    const once = await rawRequest(server.url, `/v1/orgs/${org}`, [['Authorization', `Bearer ${token}`]])
    expect(once.status).toBe(200)
    const twice = await rawRequest(server.url, `/v1/orgs/${org}`, [
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
      const answer = await rawRequest(server.url, path, auth)
      expect({ path, status: answer.status }).toEqual({ path, status: 200 })
      expect((JSON.parse(answer.body) as { id: string }).id).toBe(org)
    }
    // A quote the client did not encode is logged as a Request would spell it, and reads the same.
    const listed = await rawRequest(server.url, `/v1/orgs/${org}/members?search=o'neil`, auth)
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
})
