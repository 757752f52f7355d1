import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatformOptions } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { BadRequestError, createClient, InternalServerError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { rejects } from '../helpers.ts'

/**
 * Development tunnels cannot be turned against the host: the attack (an outsider points
 * the tunnel of an integration of their own at a service on the mock's machine) reads nothing
 * and maps nothing through renders, event traces keep only what the tunnel did (without what the
 * platform handed it), other hosts need `tunnelAllow`, and redirects are not followed.
 */

const SECRET = 'TOP-SECRET-admin-page'
const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
})

/** A service on 127.0.0.1 that is not an integration: it answers `status` with a secret body. */
async function internalService(status: number, headers: Record<string, string> = {}) {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    res.writeHead(status, { 'content-type': 'text/plain', ...headers })
    res.end(SECRET)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/secret`, hits }
}

/** A port nothing listens on. */
async function closedPort(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/admin/secret`
}

/** An attacker: admin of an organization of their own, with an integration of their own. */
async function attacker(options: MockPlatformOptions = {}) {
  const platform = createMockPlatform({ scenario: 'empty', fetch: globalThis.fetch, ...options })
  await platform.ready
  const b = platform.builders
  const victim = await b.organization({ title: 'Acme' })
  const acmeAdmin = await b.user({ displayName: 'Ada', organization: victim.id, role: 'admin' })
  await b.integration({ name: 'acme-app', organization: victim.id, visibility: 'public' })
  const own = await b.organization({ title: 'Evil' })
  const evil = await b.user({ displayName: 'Eve', organization: own.id, role: 'admin' })
  const client = createClient({ token: evil.token, fetch: platform.fetch, retry: 0 })
  await client.integrations.publish({
    integrationName: 'probe',
    organization: own.id,
    title: 'Probe',
    blocks: [{ id: 'b', title: 'Block' }],
  })
  return { platform, client, own, victim, acmeAdmin }
}

const messageOf = (error: { message: string }, url: string) => error.message.replace(url, '<tunnel>')

describe('development tunnels', () => {
  it('read nothing of a service on the host, and tell a closed port from none that answers', async () => {
    const { client } = await attacker()
    const forbidden = await internalService(403)
    const ok = await internalService(200)
    const closed = await closedPort()
    const messages: string[] = []
    for (const url of [forbidden.url, ok.url, closed]) {
      await client.integrations.dev.enable({ integrationName: 'probe', tunnelUrl: url })
      const error = await rejects(client.integrations.render({ integrationName: 'probe', componentId: 'b' }), InternalServerError)
      expect(error.status).toBe(502)
      expect(JSON.stringify(error.body)).not.toContain(SECRET)
      messages.push(messageOf(error, url))
    }
    // The service was reached (it is loopback, where tunnels live), but nothing tells the three apart.
    expect(forbidden.hits).toEqual(['POST /admin/secret'])
    expect(new Set(messages).size).toBe(1)
    expect(messages[0]).not.toMatch(/403|200|ECONNREFUSED|HTTP/)
  })

  it('keep in event traces only the cause, bounded, without what the platform handed the tunnel', async () => {
    const { platform, client, own } = await attacker()
    const service = await internalService(500)
    const closed = await closedPort()
    const traces: string[] = []
    await client.integrations.publish({ integrationName: 'probe2', organization: own.id, title: 'Probe 2' })
    for (const [integrationName, url] of [
      ['probe', service.url],
      ['probe2', closed],
    ] as const) {
      await client.integrations.dev.enable({ integrationName, tunnelUrl: url })
      await client.integrations.installations.create({ integrationName, organization: own.id })
      const events = (await client.integrations.events.list({ integrationName })).items
      const last = await client.integrations.events.get({ integrationName, eventId: events[0]!.id })
      traces.push(last.trace!.logs!.at(-1)!.message!.replace(url, '<tunnel>'))
    }
    // Traces are read by the organization's admins, who chose the tunnel, on loopback (where they
    // are the developer) or on hosts the server allows: they say what it did, as a webhook log does.
    expect(traces).toEqual([
      `Delivery to <tunnel> failed: the tunnel answered 500 Internal Server Error with "${SECRET}"`,
      'Delivery to <tunnel> failed: could not connect to the tunnel (ECONNREFUSED)',
    ])
    // Nothing of what the platform hands a tunnel (tokens, signing secrets) is kept.
    const stored = JSON.stringify(platform.snapshot().tables.integrationEvents)
    for (const secret of [...platform.db.tokens.all()].map((t) => t.id)) expect(stored).not.toContain(secret)
  })

  it('reach other hosts only when allowed, in dev.enable and when the state comes from elsewhere', async () => {
    const calls: string[] = []
    const fetch = async (input: Request | string | URL) => {
      calls.push(String(input instanceof Request ? input.url : input))
      return Response.json({ type: 'element', element: { type: 'block', children: [{ type: 'text', children: ['hi'] }] } })
    }
    const { client, platform } = await attacker({ fetch })
    const enable = (tunnelUrl: string) => client.integrations.dev.enable({ integrationName: 'probe', tunnelUrl })
    for (const url of [
      'https://169.254.169.254/latest/meta-data',
      'http://10.0.0.5:8080/',
      'https://tunnel.example.test/x',
      'http://localhost.evil.test/',
    ]) {
      await rejects(enable(url), BadRequestError, /body\.tunnelUrl: tunnel host .* is not loopback and not allowed .*--tunnel-allow/)
    }
    for (const url of ['http://localhost:3000/x', 'http://127.0.0.2/x', 'http://[::1]:3000/x', 'http://app.localhost/x']) await enable(url)
    expect(calls).toEqual([])

    const allowed = createMockPlatform({ scenario: 'empty', fetch, tunnelAllow: ['tunnel.example.test', 'other.test:8443'] })
    await allowed.restore(platform.snapshot())
    const token = [...allowed.db.tokens.all()].find((t) => allowed.db.users.get(t.user)?.displayName === 'Eve')!.id
    const eve = createClient({ token, fetch: allowed.fetch, retry: 0 })
    await eve.integrations.dev.enable({ integrationName: 'probe', tunnelUrl: 'https://tunnel.example.test/x' })
    await eve.integrations.dev.enable({ integrationName: 'probe', tunnelUrl: 'https://other.test:8443/x' })
    await rejects(
      eve.integrations.dev.enable({ integrationName: 'probe', tunnelUrl: 'https://other.test/x' }),
      BadRequestError,
      /other\.test/,
    )
    expect(await eve.integrations.render({ integrationName: 'probe', componentId: 'b' })).toMatchObject({ type: 'element' })
    expect(calls).toEqual(['https://other.test:8443/x'])

    // That state served by a platform that allows nothing: the stored tunnel is refused, not called.
    const strict = createMockPlatform({ scenario: 'empty', fetch })
    await strict.restore(allowed.snapshot())
    const eveThere = createClient({ token, fetch: strict.fetch, retry: 0 })
    const error = await rejects(
      eveThere.integrations.render({ integrationName: 'probe', componentId: 'b' }),
      InternalServerError,
      /other\.test:8443 is not loopback and not allowed/,
    )
    expect(error.status).toBe(502)
    expect(calls).toHaveLength(1)
  })

  it('do not follow redirects to another host', async () => {
    const target = await internalService(200)
    const redirecting = await internalService(302, { location: target.url })
    const { client } = await attacker()
    await client.integrations.dev.enable({ integrationName: 'probe', tunnelUrl: redirecting.url })
    await rejects(client.integrations.render({ integrationName: 'probe', componentId: 'b' }), InternalServerError)
    expect(redirecting.hits).toHaveLength(1)
    expect(target.hits).toEqual([])
  })

  it("are set only by admins of the integration's own organization", async () => {
    const { platform, client, acmeAdmin } = await attacker()
    await rejects(
      client.integrations.dev.enable({ integrationName: 'acme-app', tunnelUrl: 'http://127.0.0.1:9/x' }),
      PermissionDeniedError,
      /admin/,
    )
    await rejects(client.integrations.dev.enable({ integrationName: 'nope', tunnelUrl: 'http://127.0.0.1:9/x' }), NotFoundError)
    expect([...platform.db.integrations.all()].find((i) => i.name === 'acme-app')!.dev).toBeUndefined()
    const owner = createClient({ token: acmeAdmin.token, fetch: platform.fetch, retry: 0 })
    await owner.integrations.dev.enable({ integrationName: 'acme-app', tunnelUrl: 'http://127.0.0.1:9/x' })
  })

  it('answer the same over HTTP: no body of the internal service in the 502', async () => {
    const { platform } = await attacker()
    const service = await internalService(200)
    const server = await startMockServer({ platform })
    const eve = [...platform.db.tokens.all()].find((t) => platform.db.users.get(t.user)?.displayName === 'Eve')!.id
    const headers = { authorization: `Bearer ${eve}`, 'content-type': 'application/json' }
    try {
      const put = await fetch(`${server.url}/v1/integrations/probe/dev`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ tunnelUrl: service.url }),
      })
      expect(put.status).toBe(204)
      const refused = await fetch(`${server.url}/v1/integrations/probe/dev`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ tunnelUrl: 'http://192.168.1.1/' }),
      })
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('body.tunnelUrl')
      const render = await fetch(`${server.url}/v1/integrations/probe/render`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ componentId: 'b' }),
      })
      expect(render.status).toBe(502)
      const text = await render.text()
      expect(text).not.toContain(SECRET)
      expect(JSON.parse(text)).toMatchObject({ error: { code: 502 } })
    } finally {
      await server.close()
    }
  })
})
