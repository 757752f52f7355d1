import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { connectMockServer, ControlPlaneError, createMockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer, type MockServerOptions } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function serve(options: Partial<MockServerOptions> = {}) {
  const platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  const server = await startMockServer({ platform, ...options })
  servers.push(server)
  return { platform, server }
}

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init)
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : undefined }
}

const create = (server: MockServer, body: unknown = {}) =>
  call(`${server.url}/_docplat/platforms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('many platforms on one server, over HTTP', () => {
  it('creates a platform with its own base URL, control URL and tokens; the first keeps its URLs', async () => {
    const { server, platform: first } = await serve()
    const created = await create(server, { scenario: 'demo', seed: 'docplat', clock: { now: '2030-06-01T00:00:00.000Z', frozen: true } })
    expect(created.status).toBe(201)
    const { id, baseUrl, controlUrl, tokens } = created.body!
    expect(baseUrl).toBe(`${server.url}/_docplat/platforms/${id}`)
    expect(controlUrl).toBe(`${baseUrl}/_docplat`)
    // The default seed, yet not the default tokens.
    expect(tokens.admin).toMatch(/^dpt_admin_/)
    expect(tokens.admin).not.toBe(first.tokens.admin)

    const hosted = createClient({ baseUrl, token: tokens.admin, retry: 0 })
    const [org] = (await hosted.orgs.list()).items
    const made = await hosted.collections.create({ organizationId: org!.id, title: 'Only here' })
    // Where it says it lives is under its prefix.
    expect(made.urls?.location).toBe(`${baseUrl}/v1/collections/${made.id}`)
    expect((await call(`${controlUrl}/clock`)).body).toEqual({ now: '2030-06-01T00:00:00.000Z', frozen: true })

    // The first platform, at the server's own URLs, saw nothing of it.
    const own = createClient({ baseUrl: server.url, token: first.tokens.admin, retry: 0 })
    expect((await own.collections.list({ organizationId: org!.id })).items.map((c) => c.title)).not.toContain('Only here')
    expect(first.requests.all().map((r) => r.operationId)).toEqual(['listCollectionsInOrganizationById'])
    // Tokens cross in neither direction.
    await expect(createClient({ baseUrl: server.url, token: tokens.admin, retry: 0 }).orgs.list()).rejects.toMatchObject({
      status: 401,
    })
    await expect(createClient({ baseUrl, token: first.tokens.admin, retry: 0 }).orgs.list()).rejects.toMatchObject({ status: 401 })
  })

  it('lists, ends (404 after), and refuses to end the first platform', async () => {
    const { server } = await serve()
    const a = (await create(server, { scenario: 'empty', seed: 'a' })).body!
    const b = (await create(server)).body!
    const listed = (await call(`${server.url}/_docplat/platforms`)).body!.platforms as Array<Record<string, unknown>>
    expect(listed.map((p) => p.id)).toEqual(['default', a.id, b.id])
    expect(listed[1]).toMatchObject({ scenario: 'empty', seed: 'a', baseUrl: a.baseUrl })
    expect((await call(`${server.url}/_docplat/platforms/${a.id}`, { method: 'DELETE' })).status).toBe(204)
    const gone = await call(`${a.baseUrl}/v1/orgs`)
    expect(gone.status).toBe(404)
    expect(gone.body!.error.message).toContain(a.id)
    expect((await call(`${a.controlUrl}/health`)).status).toBe(404)
    expect((await call(`${server.url}/_docplat/platforms/${a.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await call(`${server.url}/_docplat/platforms/default`, { method: 'DELETE' })).status).toBe(409)
    expect(((await call(`${server.url}/_docplat/platforms`)).body!.platforms as unknown[]).length).toBe(2)
  })

  it('refuses a bad body (400 naming the field) and more than the limit (429), creating nothing', async () => {
    const { server } = await serve({ platforms: { max: 2 } })
    const bad = await create(server, { scenario: 'demo', clock: { frozen: 'yes' } })
    expect(bad.status).toBe(400)
    expect(bad.body!.error.message).toContain('clock.frozen')
    expect((await create(server)).status).toBe(201)
    const full = await create(server)
    expect(full.status).toBe(429)
    expect(full.body!.error.message).toContain('--max-platforms 2')
    expect(((await call(`${server.url}/_docplat/platforms`)).body!.platforms as unknown[]).length).toBe(2)
  })

  it('gives connectMockServer the same control API on a created platform', async () => {
    const { server } = await serve()
    const remote = await connectMockServer(server.url)
    const p = await remote.platforms.create({ scenario: 'demo', clock: { now: '2026-01-15T09:00:00.000Z', frozen: true } })
    expect(p.baseUrl).toMatch(new RegExp(`/_docplat/platforms/${p.id}$`))
    expect(await p.clock.advance('2d')).toEqual(new Date('2026-01-17T09:00:00.000Z'))
    await p.faults.add({ operationId: 'listOrganizationsForAuthenticatedUser', status: 503, times: 1 })
    const client = createClient({ token: p.tokens.admin!, fetch: p.fetch, retry: 0 })
    await expect(client.orgs.list()).rejects.toMatchObject({ status: 503 })
    expect((await client.orgs.list()).items.length).toBeGreaterThan(0)
    expect((await p.requests.all()).map((r) => r.status)).toEqual([503, 200])
    expect(await remote.requests.length).toBe(0)
    expect((await remote.platforms.list()).map((listed) => listed.id)).toContain(p.id)
    await p.end()
    expect((await remote.platforms.list()).map((listed) => listed.id)).toEqual(['default'])
    await expect(p.clock.now()).rejects.toBeInstanceOf(ControlPlaneError)
  })

  it("answers a platform's requests while another platform's request is stuck", async () => {
    const { server } = await serve()
    const remote = await connectMockServer(server.url)
    const [a, b] = await Promise.all([remote.platforms.create({ scenario: 'demo' }), remote.platforms.create({ scenario: 'demo' })])
    // A: a request held by a latency fault that never ends while the test runs, and a state
    // upload whose body never finishes arriving (uploads are read one at a time).
    await a.faults.add({ operationId: 'listOrganizationsForAuthenticatedUser', latency: 3_600_000, times: 1 })
    const stuck = new AbortController()
    const held = fetch(`${a.baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${a.tokens.admin}` }, signal: stuck.signal })
    held.catch(() => undefined)
    // Taken once the request is in the platform: then it is waiting.
    await expect.poll(async () => (await a.faults.active).length).toBe(0)
    const socket = connect(server.port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    const path = new URL(`${a.controlUrl}/state`).pathname
    socket.write(`PUT ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000000\r\n\r\n{"format":`)
    try {
      const client = createClient({ baseUrl: b.baseUrl, token: b.tokens.admin!, retry: 0 })
      const [org] = (await client.orgs.list()).items
      const made = await client.collections.create({ organizationId: org!.id, title: 'While A waits' })
      expect(made.title).toBe('While A waits')
      expect((await b.requests.all()).map((r) => r.status)).toEqual([200, 201])
      await b.clock.advance('1d')
    } finally {
      socket.destroy()
      stuck.abort()
    }
  })
})

describe('the inspector of a created platform', () => {
  it('is served under its prefix, and the server lists every platform for its menu', async () => {
    const { server } = await serve()
    const { controlUrl, id } = (await create(server, { scenario: 'empty' })).body!
    const page = await fetch(`${controlUrl}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('id="platform-select"')
    const script = await fetch(`${controlUrl}/inspector.js`)
    expect(script.status).toBe(200)
    // The menu lists the server's platforms from the server's own control plane (base '/'), not this platform's.
    expect(await script.text()).toContain("control('controlListPlatforms', { base: '/' })")
    expect((await call(`${controlUrl}/health`)).body).toMatchObject({ status: 'ok', scenario: 'empty' })
    // Platforms are made on the server's own control plane only.
    expect((await call(`${controlUrl}/platforms`)).status).toBe(404)
    const listed = (await call(`${server.url}/_docplat/platforms`)).body!.platforms as Array<{ id: string; controlUrl: string }>
    expect(listed.map((p) => p.id)).toEqual(['default', id])
    expect(listed[0]!.controlUrl).toBe(`${server.url}/_docplat`)
  })
})
