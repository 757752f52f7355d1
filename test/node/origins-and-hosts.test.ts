import { Agent, request as httpRequest } from 'node:http'
import { hostname } from 'node:os'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { parseCommandLine } from '../../mock/node/args.ts'
import { startMockServer, type MockServer, type MockServerOptions } from '../../mock/node/index.ts'
import { startServing } from '../../mock/node/serve.ts'

// What a page in the developer's browser can do to a server on this machine: call it from its own
// origin (CORS), or through a name its owner points at 127.0.0.1 (DNS rebinding, a Host header).

const servers: MockServer[] = []
const stops: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all([...servers.splice(0).map((s) => s.close()), ...stops.splice(0).map((stop) => stop())])
})

async function serve(options: Partial<MockServerOptions> = {}): Promise<{ platform: MockPlatform; server: MockServer; org: string }> {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = (await platform.builders.organization({ title: 'Kept' })).id
  const server = await startMockServer({ platform, ...options })
  servers.push(server)
  return { platform, server, org }
}

const agent = new Agent({ keepAlive: true })
afterEach(() => agent.destroy())

interface Answer {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

/** A request with exactly these headers: `host` as given (a browser sends what its URL named). */
function raw(url: string, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Answer> {
  const { hostname: address, port } = new URL(url)
  return new Promise((resolve, reject) => {
    // A header list, so Node adds no Host of its own.
    const list = Object.entries({ host: `${address}:${port}`, ...headers }).flat()
    const req = httpRequest({ hostname: address, port, path, method, headers: list, agent }, (res) => {
      let text = ''
      res
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('end', () => resolve({ status: res.statusCode!, body: text, headers: res.headers }))
    })
    req.on('error', reject).end(body)
  })
}

const messageOf = (answer: Answer) => (JSON.parse(answer.body) as { error: { message: string } }).error.message

describe('Host: a name the server does not answer is refused (DNS rebinding)', () => {
  it('refuses a foreign host before anything runs: tokens unread, state, reset and API untouched', async () => {
    const { platform, server, org } = await serve()
    const host = `rebound.evil.test:${server.port}`
    // What a page on rebound.evil.test sends once the name points at 127.0.0.1: same-origin requests.
    const sameOrigin = { host, origin: `http://${host}` }
    const tokens = await raw(server.url, '/_docplat/tokens', { host })
    expect(tokens.status).toBe(403)
    expect(messageOf(tokens)).toBe(
      'Host "rebound.evil.test" is not allowed: this server answers loopback names, IP addresses and its own names (against DNS rebinding); to allow this one, start it with --allowed-host rebound.evil.test (startMockServer: allowedHosts: [host])',
    )
    const state = JSON.stringify(createMockPlatform({ scenario: 'empty' }).snapshot())
    const put = await raw(server.url, '/_docplat/state', { ...sameOrigin, 'content-type': 'application/json' }, 'PUT', state)
    const reset = await raw(server.url, '/_docplat/reset', { ...sameOrigin, 'content-type': 'text/plain' }, 'POST')
    const { token } = await platform.builders.user({ organization: org, role: 'admin' })
    const api = await raw(server.url, '/v1/orgs', { host, authorization: `Bearer ${token}` })
    expect([put.status, reset.status, api.status]).toEqual([403, 403, 403])
    for (const answer of [tokens, put, reset, api]) expect(answer.body).not.toContain('dpt_')
    // Nothing reached the platform, and its state is as it was.
    expect(platform.requests.all()).toEqual([])
    const orgs = await raw(server.url, '/v1/orgs', { authorization: `Bearer ${token}` })
    expect((JSON.parse(orgs.body) as { items: Array<{ id: string }> }).items.map((o) => o.id)).toEqual([org])
  })

  it('answers loopback names, IP addresses and this machine’s name, on any port, and no name that only looks like one', async () => {
    const { server } = await serve()
    const port = server.port
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      'LOCALHOST.',
      `app.localhost:${port}`,
      `[::1]:${port}`,
      `127.0.0.2:${port}`,
      `192.168.1.20:${port}`,
      '[fe80::1]',
      hostname(),
    ]) {
      expect({ host, status: (await raw(server.url, '/_docplat/health', { host })).status }).toEqual({ host, status: 200 })
    }
    for (const host of ['localhost.evil.test', '127.0.0.1.evil.test', `${hostname()}.evil.test`, '0x7f.0.0.1.evil.test']) {
      expect({ host, status: (await raw(server.url, '/_docplat/health', { host })).status }).toEqual({ host, status: 403 })
    }
  })

  it('answers the configured hosts (a leading dot for subdomains too), or any with allowedHosts: true', async () => {
    const { server } = await serve({ allowedHosts: ['DevBox.lan', '.preview.test'] })
    const status = async (url: string, host: string) => (await raw(url, '/_docplat/health', { host })).status
    for (const host of ['devbox.lan', `devbox.lan:${server.port}`, 'preview.test', 'pr-12.preview.test'])
      expect(await status(server.url, host)).toBe(200)
    for (const host of ['devbox.lan.evil.test', 'evilpreview.test', 'preview.test.evil.test', 'lan'])
      expect(await status(server.url, host)).toBe(403)
    const any = await serve({ allowedHosts: true })
    expect(await status(any.server.url, 'anything.evil.test')).toBe(200)
    await expect(
      startMockServer({ platform: createMockPlatform({ scenario: 'empty' }), allowedHosts: ['http://devbox.lan'] }),
    ).rejects.toThrow(/Invalid allowed host "http:\/\/devbox\.lan"/)
  })

  it('beyond loopback, answers its own names and addresses and refuses others', async () => {
    const { server } = await serve({ host: '0.0.0.0', control: { token: 's3cret' }, allowedHosts: ['mock'] })
    const auth = { authorization: 'Bearer s3cret' }
    for (const [host, status] of [
      [`127.0.0.1:${server.port}`, 200],
      [`10.1.2.3:${server.port}`, 200],
      [hostname(), 200],
      [`mock:${server.port}`, 200],
      [`evil.test:${server.port}`, 403],
    ] as const) {
      expect({ host, status: (await raw(server.url, '/_docplat/health', { host, ...auth })).status }).toEqual({ host, status })
    }
  })

  it('never answers a Host header with anything but 200 or a 403 naming it (property)', async () => {
    const { server } = await serve()
    await fc.assert(
      fc.asyncProperty(fc.domain(), async (name) => {
        const answer = await raw(server.url, '/_docplat/health', { host: `${name}:${server.port}` })
        const allowed = name === 'localhost' || name.endsWith('.localhost') || name === hostname().toLowerCase()
        expect(answer.status).toBe(allowed ? 200 : 403)
        if (!allowed) expect(messageOf(answer)).toContain(`--allowed-host ${name.toLowerCase()}`)
      }),
      { numRuns: 60 },
    )
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[\x21-\x7e]{1,60}$/), async (host) => {
        const answer = await raw(server.url, '/_docplat/health', { host })
        expect([200, 400, 403]).toContain(answer.status)
        expect(() => JSON.parse(answer.body)).not.toThrow()
      }),
      { numRuns: 100 },
    )
  })

  it('docplat-mock serve --allowed-host reaches the server', async () => {
    const command = parseCommandLine(['serve', '--port', '0', '--quiet', '--scenario', 'empty', '--allowed-host', 'devbox.lan'])
    if (command.command !== 'serve') throw new Error('expected serve')
    const serving = await startServing(command.options)
    if (!serving.ok) throw new Error(serving.message)
    stops.push(serving.stop)
    const url = /listening on (http:\/\/\S+)/.exec(serving.banner)![1]!
    expect((await raw(url, '/_docplat/health', { host: 'devbox.lan' })).status).toBe(200)
    expect((await raw(url, '/_docplat/health', { host: 'other.lan' })).status).toBe(403)
  })
})

describe('Origin: pages elsewhere are refused, pages on loopback and listed origins answered', () => {
  it('refuses another origin before anything runs, even a request that needs no preflight', async () => {
    const { platform, server, org } = await serve()
    const evil = { origin: 'https://evil.example' }
    const tokens = await raw(server.url, '/_docplat/tokens', evil)
    // A form or `fetch` with text/plain is sent without asking first: it must not run.
    const reset = await raw(server.url, '/_docplat/reset', { ...evil, 'content-type': 'text/plain' }, 'POST')
    const state = JSON.stringify(createMockPlatform({ scenario: 'empty' }).snapshot())
    const put = await raw(server.url, '/_docplat/state', { ...evil, 'content-type': 'application/json' }, 'PUT', state)
    const sandboxed = await raw(server.url, '/_docplat/tokens', { origin: 'null' })
    for (const answer of [tokens, reset, put, sandboxed]) {
      expect(answer.status).toBe(403)
      expect(answer.body).not.toContain('dpt_')
      expect(answer.headers['access-control-allow-origin']).toBeUndefined()
    }
    expect(messageOf(tokens)).toContain(
      'Origin "https://evil.example" is not allowed to call this server: start the server with --cors-origin https://evil.example',
    )
    // Nothing ran: the organization is still there, and no request reached the platform.
    expect(platform.requests.all()).toEqual([])
    const snapshot = JSON.stringify(platform.snapshot())
    expect(snapshot).toContain(org)
  })

  it('answers pages on loopback (any port and scheme), its own pages, listed origins, and requests without an Origin', async () => {
    const { server, platform, org } = await serve({ cors: ['https://app.example'] })
    await platform.builders.user({ organization: org, role: 'admin' })
    for (const origin of [
      'http://localhost:3000',
      'https://127.0.0.1:8443',
      'http://[::1]:6006',
      'http://storybook.localhost:6006',
      'https://app.example',
      server.url,
    ]) {
      const answer = await raw(server.url, '/_docplat/tokens', { origin })
      expect({ origin, status: answer.status, allow: answer.headers['access-control-allow-origin'], vary: answer.headers.vary }).toEqual({
        origin,
        status: 200,
        allow: origin,
        vary: 'Origin',
      })
      expect(answer.body).toContain('dpt_')
    }
    const curl = await raw(server.url, '/_docplat/tokens', {})
    expect([curl.status, curl.body.includes('dpt_')]).toEqual([200, true])
    // One listed origin is not another: the list is exact.
    expect((await raw(server.url, '/_docplat/tokens', { origin: 'https://app.example.evil.test' })).status).toBe(403)
  })

  it('allows Private Network Access only to allowed origins', async () => {
    const { server } = await serve()
    const preflight = (origin: string) =>
      raw(
        server.url,
        '/_docplat/state',
        { origin, 'access-control-request-method': 'PUT', 'access-control-request-private-network': 'true' },
        'OPTIONS',
      )
    const evil = await preflight('https://evil.example')
    expect([evil.status, evil.headers['access-control-allow-private-network'], evil.headers['access-control-allow-origin']]).toEqual([
      403,
      undefined,
      undefined,
    ])
    const local = await preflight('http://localhost:5173')
    expect([local.status, local.headers['access-control-allow-private-network'], local.headers['access-control-allow-origin']]).toEqual([
      204,
      'true',
      'http://localhost:5173',
    ])
  })
})
