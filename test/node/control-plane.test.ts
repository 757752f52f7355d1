import { readdir, readFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { gzipSync } from 'node:zlib'
import SwaggerParser from '@apidevtools/swagger-parser'
import { afterEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { buildPackageOpenAPIDocument } from '../../mock/control/openapi.ts'
import { connectMockServer, ControlPlaneError, createMockPlatform, type MockPlatform, type RemoteMockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer, type MockServerOptions } from '../../mock/node/index.ts'
import { CONTROL_ROUTES } from '../../mock/control/routes.ts'
import { MAX_STATE_BYTES } from '../../mock/control/plane.ts'
import { MAX_BODY_BYTES } from '../../mock/base/input.ts'
import { createClient, NotFoundError, APIError } from '../../src/index.ts'
import { world } from './world.ts'

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function serve(options: Partial<MockServerOptions> & { platform?: MockPlatform } = {}) {
  const platform = options.platform ?? createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const server = await startMockServer({ ...options, platform })
  servers.push(server)
  return { platform, server }
}

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init)
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, any>) : undefined }
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('CORS', () => {
  it('answers a preflight from a loopback origin with 204 and the allowed methods and headers, by default', async () => {
    const { server } = await serve()
    const response = await fetch(`${server.url}/v1/orgs`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type, x-custom',
      },
    })
    expect(response.status).toBe(204)
    expect([response.headers.get('access-control-allow-origin'), response.headers.get('vary')]).toEqual(['http://localhost:5173', 'Origin'])
    expect(response.headers.get('access-control-allow-methods')).toMatch(/\bPATCH\b/)
    expect(response.headers.get('access-control-allow-headers')!.split(', ')).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'x-custom']),
    )
  })

  it('sets Access-Control-Allow-Origin on every answer, errors and control plane included', async () => {
    const { server } = await serve()
    const headers = { origin: 'http://localhost:5173' }
    for (const [path, status] of [
      ['/v1/orgs', 401],
      ['/v1/nothing', 404],
      ['/_docplat/health', 200],
      ['/_docplat/nothing', 404],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { headers })
      expect({ path, status: response.status, origin: response.headers.get('access-control-allow-origin') }).toEqual({
        path,
        status,
        origin: 'http://localhost:5173',
      })
    }
    const tooLarge = await fetch(`${server.url}/v1/orgs`, { method: 'POST', headers, body: 'x'.repeat(2 * 1024 * 1024) })
    expect([tooLarge.status, tooLarge.headers.get('access-control-allow-origin')]).toEqual([413, 'http://localhost:5173'])
  })

  it('--cors-origin adds origins, --cors * allows any, --no-cors turns CORS off and lets no other origin in', async () => {
    const { server } = await serve({ cors: ['https://App.test/'] })
    const preflight = (url: string, origin: string) =>
      fetch(`${url}/v1/orgs`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } })
    for (const origin of ['https://app.test', 'http://localhost:5173']) {
      const allowed = await preflight(server.url, origin)
      expect([allowed.status, allowed.headers.get('access-control-allow-origin'), allowed.headers.get('vary')]).toEqual([
        204,
        origin,
        'Origin',
      ])
    }
    const refused = await preflight(server.url, 'http://evil.example')
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    const simple = await call(`${server.url}/v1/orgs`, { headers: { origin: 'http://evil.example' } })
    expect([simple.status, simple.headers.get('access-control-allow-origin'), simple.body?.error.message]).toEqual([
      403,
      null,
      'Origin "http://evil.example" is not allowed to call this server: start the server with --cors-origin http://evil.example (startMockServer: cors: [origin])',
    ])

    const any = await serve({ cors: true })
    const anyAnswer = await preflight(any.server.url, 'http://evil.example')
    expect([anyAnswer.status, anyAnswer.headers.get('access-control-allow-origin')]).toEqual([204, '*'])

    const off = await serve({ cors: false })
    const none = await preflight(off.server.url, 'http://localhost:5173')
    expect([none.status, none.headers.get('access-control-allow-origin')]).toEqual([403, null])
    const plain = await fetch(`${off.server.url}/_docplat/health`)
    expect([plain.status, plain.headers.get('access-control-allow-origin'), plain.headers.get('vary')]).toEqual([200, null, null])
  })
})

describe('the control plane over HTTP', () => {
  it('makes an empty scenario usable: an organization, a user with a role and a fresh token', async () => {
    const { server } = await serve()
    const health = await call(`${server.url}/_docplat/health`)
    expect(health.body).toEqual({ status: 'ok', scenario: 'custom', operations: expect.any(Number), uptime: expect.any(Number) })
    expect(health.body!.operations).toBeGreaterThan(100)

    const org = await post(`${server.url}/_docplat/organizations`, { title: 'Acme' })
    expect(org.status).toBe(201)
    const user = await post(`${server.url}/_docplat/users`, {
      displayName: 'Ada',
      organization: org.body!.id,
      role: 'admin',
      tokenName: 'ada',
    })
    expect(user.status).toBe(201)
    expect(user.body).toMatchObject({ user: { displayName: 'Ada' }, token: expect.stringMatching(/^dpt_ada_/), member: { role: 'admin' } })

    const client = createClient({ baseUrl: server.url, token: user.body!.token, retry: 0 })
    expect((await client.orgs.list()).items.map((o) => o.title)).toEqual(['Acme'])
    const tokens = await call(`${server.url}/_docplat/tokens`)
    expect(tokens.body!.named).toEqual({ ada: user.body!.token })
    expect(tokens.body!.tokens).toEqual([expect.objectContaining({ token: user.body!.token, displayName: 'Ada', name: 'ada' })])

    expect((await post(`${server.url}/_docplat/users`, { tokenName: 'ada' })).status).toBe(409)
    expect(await post(`${server.url}/_docplat/users`, { organization: 'org_nope' })).toMatchObject({
      status: 404,
      body: { error: { message: expect.stringContaining('organization') } },
    })
    // Each message names the field and says what it takes, in the words the API's own 400s use.
    const refused = async (path: string, body: unknown) => {
      const answer = await post(`${server.url}/_docplat/${path}`, body)
      return [answer.status, (answer.body as { error: { message: string } }).error.message]
    }
    expect(await refused('users', { role: 'owner' })).toEqual([
      400,
      'role: must be one of: "admin", "create", "review", "edit", "comment", "read"',
    ])
    expect(await refused('users', { nickname: 'x' })).toEqual([400, 'nickname: is not a field this route takes'])
    expect(await refused('organizations', { title: '' })).toEqual([400, 'title: must not be empty'])
    expect(await refused('organizations', { title: 7 })).toEqual([400, 'title: expected string, got number'])
    expect(await refused('platforms', { scenario: 'nope' })).toEqual([400, 'scenario: must be one of: "demo", "empty"'])
  })

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const { server, platform } = await serve()
    const before = platform.snapshot()
    expect(await post(`${server.url}/_docplat/clock/advance`, '{"by": ')).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining('Malformed JSON') } },
    })
    expect(await post(`${server.url}/_docplat/clock/advance`, { by: 'soon' })).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/^by: Invalid duration/) } },
    })
    expect(await post(`${server.url}/_docplat/clock/advance`, { by: '1d', extra: 1 })).toMatchObject({ status: 400 })
    expect(await post(`${server.url}/_docplat/clock/set`, { now: 'yesterday' })).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/^now:/) } },
    })
    expect(await post(`${server.url}/_docplat/faults`, { status: 500, rate: 7 })).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining('rate') } },
    })
    expect(await post(`${server.url}/_docplat/faults`, { pathPattern: '(' })).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/^pathPattern:/) } },
    })
    expect(await post(`${server.url}/_docplat/faults`, { latency: 'slow' })).toMatchObject({ status: 400 })
    expect(await post(`${server.url}/_docplat/faults`, [1, 2])).toMatchObject({ status: 400 })
    const put = (body: unknown) =>
      call(`${server.url}/_docplat/state`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect(await put({ hello: 'world' })).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/^(format|State)/) } },
    })
    expect(await put({ ...before, tables: { users: 'nope' } })).toMatchObject({ status: 400 })
    expect(await call(`${server.url}/_docplat/requests?status=abc`)).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/^status:/) } },
    })
    expect(await call(`${server.url}/_docplat/requests?since=never`)).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/^since:/) } },
    })
    expect(await call(`${server.url}/_docplat/faults/99`, { method: 'DELETE' })).toMatchObject({ status: 404 })
    expect(await call(`${server.url}/_docplat/reset`)).toMatchObject({ status: 405 })
    expect((await call(`${server.url}/_docplat/faults`)).body).toEqual({ faults: [] })
    // The clock flows with real time: everything else must be exactly as before.
    const stateOf = ({ seq, random, tables }: typeof before) => ({ seq, random, tables })
    expect(stateOf(platform.snapshot())).toEqual(stateOf(before))
    // Property: whatever JSON arrives as a fault, the answer is 201 or a 400, never a 500.
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const { status } = await post(`${server.url}/_docplat/faults`, value)
        expect([201, 400]).toContain(status)
        await call(`${server.url}/_docplat/faults`, { method: 'DELETE' })
      }),
      { numRuns: 40 },
    )
  })

  it('refuses a fault with a field platform.faults.add does not know (its own validation)', async () => {
    const { server } = await serve()
    expect(await post(`${server.url}/_docplat/faults`, { status: 503, sometimes: true })).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining('sometimes') } },
    })
    expect((await call(`${server.url}/_docplat/faults`)).body).toEqual({ faults: [] })
  })

  it('keeps the control plane and the API apart', async () => {
    const { server } = await serve()
    expect((await call(`${server.url}/v1/_docplat/health`)).status).toBe(404)
    expect((await call(`${server.url}/_docplat/v1/orgs`)).status).toBe(404)
    const redirect = await fetch(`${server.url}/_docplat`, { redirect: 'manual' })
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, '/_docplat/'])
    const page = await fetch(`${server.url}/_docplat/`)
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8'])
    expect(await page.text()).toContain('<script type="module" src="inspector.js">')
  })

  it('sends GET / to the inspector (a temporary redirect); without a control plane, says where the API is', async () => {
    const { server } = await serve()
    const redirect = await fetch(`${server.url}/`, { redirect: 'manual' })
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, '/_docplat/'])
    const head = await fetch(`${server.url}/?x=1`, { method: 'HEAD', redirect: 'manual' })
    expect([head.status, head.headers.get('location')]).toEqual([302, '/_docplat/?x=1'])
    const page = await fetch(`${server.url}/`)
    expect([page.status, page.url, page.headers.get('content-type')]).toEqual([200, `${server.url}/_docplat/`, 'text/html; charset=utf-8'])
    expect(await post(`${server.url}/`, {})).toMatchObject({
      status: 405,
      headers: expect.any(Headers),
      body: { error: { code: 405, message: expect.stringContaining('the API is under /v1/') } },
    })

    const { server: bare } = await serve({ control: false })
    const answer = await call(`${bare.url}/`)
    expect(answer).toMatchObject({
      status: 404,
      body: {
        error: {
          code: 404,
          message: "No operation matches GET /: the API is under /v1/ (this server's control plane and its inspector are off)",
        },
      },
    })
    expect((await call(`${bare.url}/_docplat/health`)).status).toBe(404)
  })

  it('serves the OpenAPI document with the control plane under its own tag', async () => {
    const { server } = await serve()
    const { body: doc } = await call(`${server.url}/openapi.json`)
    expect(doc!.openapi).toBe('3.1.0')
    expect(doc!.tags.map((t: { name: string }) => t.name)).toContain('control')
    for (const route of CONTROL_ROUTES) {
      expect(doc!.paths[route.path]?.[route.method.toLowerCase()]).toMatchObject({ operationId: route.id, tags: ['control'] })
    }
    expect(Object.keys(doc!.paths).filter((p) => p.startsWith('/v1/')).length).toBeGreaterThan(50)
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildPackageOpenAPIDocument())))
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy()
  })

  it('ships an inspector of plain files under 100 KB gzipped', async () => {
    const folder = new URL('../../mock/control/inspector/', import.meta.url)
    const files = await readdir(folder)
    expect(files.sort()).toEqual(['index.html', 'inspector.css', 'inspector.js'])
    let gzipped = 0
    for (const file of files) gzipped += gzipSync(await readFile(new URL(file, folder)), { level: 9 }).byteLength
    expect(gzipped).toBeLessThan(100 * 1024)
  })

  it('off loopback needs a control token: refuses to start without one, answers 401 without it', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await expect(startMockServer({ platform, host: '0.0.0.0' })).rejects.toThrow(/token/)
    const { server } = await serve({ platform, host: '0.0.0.0', control: { token: 's3cret-token' } })
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: 'Bearer s3cret-tokeN' }] as Array<
      Record<string, string>
    >) {
      const denied = await call(`${server.url}/_docplat/health`, { headers })
      expect(denied.status).toBe(401)
      expect(JSON.stringify(denied.body)).not.toContain('s3cret')
    }
    expect((await call(`${server.url}/_docplat/health`, { headers: { authorization: 'Bearer s3cret-token' } })).status).toBe(200)
    expect((await call(`${server.url}/_docplat/health`, { headers: { 'x-docplat-control-token': 's3cret-token' } })).status).toBe(200)
    await expect(connectMockServer(server.url)).rejects.toThrow(ControlPlaneError)
    const remote = await connectMockServer(server.url, { controlToken: 's3cret-token' })
    expect((await remote.health()).status).toBe('ok')
    // Off loopback as on it, a page elsewhere is refused.
    const foreign = await fetch(`${server.url}/v1/orgs`, { headers: { origin: 'http://x.test' } })
    expect([foreign.status, foreign.headers.get('access-control-allow-origin')]).toEqual([403, null])
    const off = await serve({ platform: createMockPlatform({ scenario: 'empty' }), host: '0.0.0.0', control: false })
    expect((await call(`${off.server.url}/_docplat/health`)).status).toBe(404)
  })

  it('takes back over HTTP a state larger than the API accepts in a body', async () => {
    const { platform, server } = await serve()
    const b = platform.builders
    const org = await b.organization({ title: 'Large' })
    const space = await b.space({ organization: org.id, title: 'Handbook' })
    // About 1.5 MB of content: past the API's 1 MiB, as a few hundred real pages are.
    for (let i = 0; i < 150; i++)
      await b.page({ space: space.id, title: `Chapter ${i}`, markdown: `Chapter ${i}.\n\n${'All work and no play. '.repeat(460)}` })
    const remote = await connectMockServer(server.url)
    const snapshot = await remote.snapshot()
    expect(JSON.stringify(snapshot).length).toBeGreaterThan(MAX_BODY_BYTES)
    await remote.reset()
    expect(platform.db.pages.size).toBe(0)
    await remote.restore(snapshot)
    // All of it back (the clock runs on meanwhile).
    const { clock, ...restored } = platform.snapshot()
    const { clock: before, ...expected } = snapshot
    expect(restored).toEqual(expected)
    expect(clock.ms).toBeGreaterThanOrEqual(before.ms)
    // Uploads at once are read in turn, and all answered.
    await Promise.all([remote.restore(snapshot), remote.restore(snapshot), remote.restore(snapshot)])
    expect(platform.db.pages.size).toBe(150)
    // The API keeps its own limit.
    const api = await call(`${server.url}/v1/orgs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(MAX_BODY_BYTES) }),
    })
    expect([api.status, api.body?.error.message]).toEqual([413, `Request body is larger than ${MAX_BODY_BYTES} bytes`])
  })

  it('refuses a state over its own limit before reading it, and only its token raises the limit', async () => {
    const { server } = await serve({ control: { token: 's3cret-token' } })
    const declare = (bytes: number, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${server.url}/_docplat/state`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'content-length': String(bytes), expect: '100-continue', ...headers },
        })
        req.on('response', (res) => {
          let body = ''
          res
            .setEncoding('utf8')
            .on('data', (chunk: string) => (body += chunk))
            .on('end', () => resolve({ status: res.statusCode!, body }))
        })
        // Nothing is sent unless the server says continue: a 413 comes first.
        req.on('continue', () => req.destroy(new Error('the server asked for the body')))
        req.on('error', reject)
        req.end()
      })
    const over = await declare(MAX_STATE_BYTES + 1, { authorization: 'Bearer s3cret-token' })
    expect([over.status, JSON.parse(over.body).error.message]).toEqual([413, `Request body is larger than ${MAX_STATE_BYTES} bytes`])
    // Without the token, a state is a body like any other (and would be refused 401 once read).
    const anonymous = await declare(MAX_BODY_BYTES + 1)
    expect([anonymous.status, JSON.parse(anonymous.body).error.message]).toEqual([
      413,
      `Request body is larger than ${MAX_BODY_BYTES} bytes`,
    ])
  })

  it('keeps each exchange with its headers and bodies for the inspector, tokens redacted', async () => {
    const { server, platform } = await serve({ platform: createMockPlatform({ scenario: 'demo' }) })
    await platform.ready
    const client = createClient({ baseUrl: server.url, token: platform.tokens.admin!, retry: 0 })
    const {
      items: [org],
    } = await client.orgs.list()
    const { exchanges, next } = (await call(`${server.url}/_docplat/exchanges`)).body!
    expect(exchanges).toEqual([
      expect.objectContaining({ method: 'GET', path: '/v1/orgs', status: 200, operationId: 'listOrganizationsForAuthenticatedUser' }),
    ])
    expect((await call(`${server.url}/_docplat/exchanges?after=${next}`)).body!.exchanges).toEqual([])
    const detail = (await call(`${server.url}/_docplat/exchanges/${exchanges[0].id}`)).body!
    expect(detail.request.headers.authorization).toBe('Bearer dpt_admin_…(redacted)')
    expect(JSON.stringify(detail)).not.toContain(platform.tokens.admin)
    expect(JSON.parse(detail.response.body).items[0].id).toBe(org!.id)
    expect(detail.response.headers['content-type']).toBe('application/json')
  })

  it('keeps what the inspector shows: redacted headers and both bodies of a write, read when opened', async () => {
    const { platform, token, space } = await world()
    const { server } = await serve({ platform })
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

/**
 * The same test against a local platform and a server: only the line that makes `platform` differs.
 */
async function scenarioTest(platform: MockPlatform | RemoteMockPlatform, baseUrl: string | undefined) {
  await platform.reset()
  const org = await platform.builders.organization({ title: 'Switchable' })
  await platform.builders.user({ displayName: 'Sam', organization: org.id, role: 'admin', tokenName: 'sam' })
  const client = createClient({ token: platform.tokens.sam!, fetch: platform.fetch, retry: 0, ...(baseUrl ? { baseUrl } : {}) })
  expect((await client.orgs.list()).items.map((o) => o.title)).toEqual(['Switchable'])

  const start = (await platform.clock.now()).getTime()
  const advanced = await platform.clock.advance('7d')
  expect(advanced.getTime() - start).toBeGreaterThanOrEqual(7 * 86_400_000)

  await platform.faults.add({ operationId: 'getOrganizationById', status: 503, times: 1 })
  expect((await platform.faults.active).map((f) => f.status)).toEqual([503])
  await expect(client.orgs.get({ organizationId: org.id })).rejects.toMatchObject({ status: 503 })
  expect((await client.orgs.get({ organizationId: org.id })).title).toBe('Switchable')
  expect(await platform.faults.active).toEqual([])
  const pattern = await platform.faults.add({ path: /\/members$/, status: 500 })
  await platform.faults.add({ method: 'DELETE', status: 500 })
  expect((await platform.faults.active)[0]!.path).toEqual(/\/members$/)
  await platform.faults.remove(pattern)
  expect((await platform.faults.active).map((f) => f.method)).toEqual(['DELETE'])
  await platform.faults.clear()

  expect((await platform.requests.ofOperation('getOrganizationById')).map((r) => r.status)).toEqual([503, 200])
  expect((await platform.requests.last())!.operationId).toBe('getOrganizationById')
  expect(await platform.requests.length).toBe(3)

  const saved = await platform.snapshot()
  await platform.builders.organization({ title: 'Later' })
  await platform.restore(saved)
  expect((await client.orgs.list()).items.map((o) => o.title)).toEqual(['Switchable'])
  await platform.requests.clear()
  expect(await platform.requests.all()).toEqual([])
}

describe('connectMockServer: one control API, local or remote', () => {
  it('runs the same test against createMockPlatform()', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await scenarioTest(platform, undefined)
  })

  it('runs the same test against a server', async () => {
    const { server } = await serve()
    const platform = await connectMockServer(server.url)
    await scenarioTest(platform, undefined)
  })

  it('filters the request log by operation, method, status and time, newest last', async () => {
    const { server } = await serve({ platform: createMockPlatform({ scenario: 'demo' }) })
    const platform = await connectMockServer(server.url)
    const client = createClient({ baseUrl: platform.baseUrl, token: platform.tokens.admin!, retry: 0 })
    await client.orgs.list()
    const cut = await platform.clock.advance('1h')
    await expect(client.spaces.get({ spaceId: 'nope' })).rejects.toBeInstanceOf(NotFoundError)
    const all = await platform.requests.all()
    expect(all.map((r) => r.status)).toEqual([200, 404])
    expect(await platform.requests.find({ status: '4xx' })).toEqual([all[1]])
    expect(await platform.requests.find({ status: 200, method: 'get' })).toEqual([all[0]])
    expect(await platform.requests.find({ since: cut })).toEqual([all[1]])
    expect(await platform.requests.find({ operationId: 'listOrganizationsForAuthenticatedUser' })).toEqual([all[0]])
    await expect(platform.clock.advance('-1d')).rejects.toBeInstanceOf(ControlPlaneError)
    await expect(platform.faults.add({ rate: 2, status: 500 })).rejects.toMatchObject({ status: 400 })
    const frozen = await platform.clock.freeze()
    expect(await platform.clock.now()).toEqual(frozen)
    // Set on the frozen clock: a running one moves on between the set and its answer (the state
    // file is written in between), by a millisecond or more on a busy machine.
    expect(await platform.clock.set('2030-01-01T00:00:00.000Z')).toEqual(new Date('2030-01-01T00:00:00.000Z'))
    expect(await platform.clock.now()).toEqual(new Date('2030-01-01T00:00:00.000Z'))
    await platform.clock.unfreeze()
    await platform.reset()
    expect(await platform.requests.all()).toEqual([])
    expect(platform.tokens.admin).toMatch(/^dpt_admin_/)
    await expect(createClient({ baseUrl: platform.baseUrl, token: 'dpt_nobody', retry: 0 }).orgs.list()).rejects.toBeInstanceOf(APIError)
  })
})
