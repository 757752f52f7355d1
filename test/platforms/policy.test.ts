import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { APIError, createClient } from '../../src/index.ts'
import { CLI_TEST, startCli, stopAll, type CliRun } from '../node/child.ts'

/**
 * Every platform of `docplat-mock serve` obeys the server's policies: the same request to the
 * first platform and to one created with `POST /_docplat/platforms` gets the same answer, for
 * tunnels (loopback beyond loopback, `--tunnel-allow`), `--strict`, and the body limit.
 */

const CONTROL_TOKEN = 'policy-control-secret'
const OFF_LOOPBACK = ['--port', '0', '--host', '0.0.0.0', '--control-token', CONTROL_TOKEN, '--quiet']

const services: Server[] = []
afterEach(async () => {
  await stopAll()
  await Promise.all(services.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
})

/** A local service answering in the tunnel protocol's shape, counting its calls. */
async function localService(): Promise<{ port: number; hits: string[] }> {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ type: 'element', element: { type: 'block', children: [{ type: 'text', children: ['local-secret'] }] } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  services.push(server)
  return { port: (server.address() as AddressInfo).port, hits }
}

interface Target {
  baseUrl: string
  controlUrl: string
  tokens: Record<string, string>
}

/** The server's first platform (tokens from the banner) or a platform created on it. */
async function target(run: CliRun & { url: string }, which: 'first' | 'hosted'): Promise<Target> {
  if (which === 'first') {
    const tokens = Object.fromEntries([...run.stdout().matchAll(/^ {2}(\w+) +(dpt_\S+)$/gm)].map((m) => [m[1]!, m[2]!]))
    return { baseUrl: run.url, controlUrl: `${run.url}/_docplat`, tokens }
  }
  const created = await fetch(`${run.url}/_docplat/platforms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${CONTROL_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scenario: 'demo' }),
  })
  expect(created.status).toBe(201)
  return (await created.json()) as Target
}

/** Status and error message of a call through the SDK ('ok' when it succeeded). */
async function outcome(promise: PromiseLike<unknown>): Promise<{ status: number; said: string }> {
  try {
    await promise
    return { status: 200, said: 'ok' }
  } catch (error) {
    if (!(error instanceof APIError)) throw error
    return { status: error.status, said: error.message }
  }
}

/** A request the SDK would never send (no operation, no token): status and error message. */
async function raw(t: Target, path: string, token: string | undefined) {
  const response = await fetch(`${t.baseUrl}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {})
  return { status: response.status, said: ((await response.json()) as { error: { message: string } }).error.message }
}

/** The policy checks, in order, on one platform: what each answered. */
async function policyChecks(t: Target, blocked: number, allowed: number) {
  const admin = createClient({ baseUrl: t.baseUrl, token: t.tokens.admin!, retry: 0 })
  const acme = (await admin.orgs.list()).items.find((org) => org.title === 'Acme')!
  const results: Record<string, { status: number; said: string }> = {}
  results.publish = await outcome(
    admin.integrations.publish({ integrationName: 'probe', organization: acme.id, title: 'Probe', blocks: [{ id: 'b', title: 'Block' }] }),
  )
  const dev = (tunnelUrl: string) => outcome(admin.integrations.dev.enable({ integrationName: 'probe', tunnelUrl }))
  results.tunnelToLoopback = await dev(`http://127.0.0.1:${blocked}/secret`)
  results.tunnelToLocalhost = await dev(`http://localhost:${blocked}/`)
  results.tunnelAllowed = await dev(`http://127.0.0.1:${allowed}/render`)
  results.render = await outcome(admin.integrations.render({ integrationName: 'probe', componentId: 'b' }))
  results.tooLarge = await outcome(admin.collections.create({ organizationId: acme.id, title: 'a'.repeat(2 * 1024 * 1024) }))
  // Near misses without valid credentials: answered, kept, and beyond loopback they stop nothing.
  results.noRouteNoToken = await raw(t, '/v1/orgz', undefined)
  results.unknownToken = await outcome(createClient({ baseUrl: t.baseUrl, token: 'dpt_admin_guessed', retry: 0 }).orgs.list())
  const log = await fetch(`${t.controlUrl}/requests`, { headers: { authorization: `Bearer ${CONTROL_TOKEN}` } })
  const misses = ((await log.json()) as { requests: Array<{ url: string; miss?: { reason: string } }> }).requests
    .filter((entry) => entry.miss)
    .map((entry) => `${new URL(entry.url, 'http://x').pathname.replace(/^.*\/v1\//, '/v1/')} ${entry.miss!.reason}`)
  return { results, misses }
}

describe('every platform of docplat-mock serve obeys the server policies', () => {
  it.each(['first', 'hosted'] as const)(
    'beyond loopback, with --strict and --tunnel-allow: the %s platform answers as the other, and stops the server only on a near miss with its token',
    CLI_TEST,
    async (which) => {
      const blocked = await localService()
      const allowed = await localService()
      const run = await startCli([...OFF_LOOPBACK, '--strict', '--tunnel-allow', `127.0.0.1:${allowed.port}`])
      const t = await target(run, which)
      const { results, misses } = await policyChecks(t, blocked.port, allowed.port)
      const loopbackRefusal = (host: string) =>
        `Invalid body.tunnelUrl: tunnel host ${host}:${blocked.port} is loopback, which a server listening beyond loopback reaches only when allowed (start the mock server with --tunnel-allow ${host}:${blocked.port}, or createMockPlatform({ tunnelAllow }))`
      expect(results).toEqual({
        publish: { status: 200, said: 'ok' },
        tunnelToLoopback: { status: 400, said: loopbackRefusal('127.0.0.1') },
        tunnelToLocalhost: { status: 400, said: loopbackRefusal('localhost') },
        tunnelAllowed: { status: 200, said: 'ok' },
        render: { status: 200, said: 'ok' },
        tooLarge: { status: 413, said: `Request body is larger than ${1024 * 1024} bytes` },
        noRouteNoToken: { status: 404, said: 'No operation matches GET /v1/orgz' },
        unknownToken: { status: 401, said: 'Unknown or revoked token' },
      })
      expect(blocked.hits).toEqual([])
      expect(allowed.hits).toEqual(['POST /render'])
      expect(misses).toEqual(['/v1/orgz no-route', '/v1/orgs authentication'])
      expect((await fetch(`${run.url}/_docplat/health`, { headers: { authorization: `Bearer ${CONTROL_TOKEN}` } })).status).toBe(200)
      expect(run.child.exitCode).toBeNull()

      // A near miss by a caller holding one of the platform's tokens is the run's own mistake: it stops.
      expect(await raw(t, '/v1/orgz', t.tokens.read)).toEqual({ status: 404, said: 'No operation matches GET /v1/orgz' })
      expect(await run.exited).toEqual({ code: 1, signal: null })
      expect(run.stderr()).toContain('--strict: unmatched request: GET ')
    },
  )

  it('on loopback, --strict stops on a hosted platform near miss as on the first one', CLI_TEST, async () => {
    const run = await startCli(['--port', '0', '--quiet', '--strict'])
    const hosted = await target(run, 'hosted')
    expect(await raw(hosted, '/v1/orgz', undefined)).toEqual({ status: 404, said: 'No operation matches GET /v1/orgz' })
    expect(await run.exited).toEqual({ code: 1, signal: null })
    expect(run.stderr()).toContain(`--strict: unmatched request: GET /_docplat/platforms/`)
  })
})
