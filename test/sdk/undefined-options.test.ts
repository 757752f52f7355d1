import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient, DEFAULT_BASE_URL } from '../../src/index.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { world } from './fixture.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

// An option given as `undefined` (read from an unset variable) means "not given": it never
// replaces a default with `undefined`.
describe('undefined options are not given', () => {
  it('createClient: every option undefined gives the defaults', async () => {
    vi.stubEnv('DOCPLAT_BASE_URL', '')
    const { platform, admin } = await world()
    const client = createClient({
      token: admin.token,
      fetch: platform.fetch,
      baseUrl: undefined,
      timeout: undefined,
      retry: undefined,
      validate: undefined,
      headers: undefined,
      fetchOptions: undefined,
      logLevel: undefined,
      logger: undefined,
      middleware: undefined,
    })
    expect(client.options.baseUrl).toBe(DEFAULT_BASE_URL)
    expect(client.options.timeout).toBe(60_000)
    expect(client.options.validate).toBe(true)
    expect(client.options.retry).toEqual({ limit: 2, maxRetryAfter: 60_000, backoffLimit: 8_000, jitter: true })
    expect((await client.orgs.list()).items.map((o) => o.title)).toEqual(['Initech'])
    expect(platform.requests.last()?.status).toBe(200)
  })

  it('undefined token reads DOCPLAT_TOKEN; undefined retry fields keep their defaults', async () => {
    const { platform, admin } = await world()
    vi.stubEnv('DOCPLAT_TOKEN', admin.token)
    const client = createClient({
      token: undefined,
      fetch: platform.fetch,
      retry: { limit: undefined, maxRetryAfter: undefined, backoffLimit: undefined, delay: undefined, jitter: undefined },
    })
    expect(client.options.retry).toEqual({ limit: 2, maxRetryAfter: 60_000, backoffLimit: 8_000, jitter: true })
    expect((await client.orgs.list()).items).toHaveLength(1)
  })

  it("per-call options undefined keep the client's (its retries, its headers)", async () => {
    const { platform, client: make } = await world()
    const client = make({ headers: { 'x-app': 'kept' } })
    platform.faults.add({ operationId: 'listOrganizationsForAuthenticatedUser', status: 503, times: 1 })
    const page = await client.orgs.list(
      { page: undefined, limit: undefined },
      { signal: undefined, timeout: undefined, retry: undefined, headers: undefined, fetchOptions: undefined },
    )
    expect(page.items.map((o) => o.title)).toEqual(['Initech'])
    // The client's two retries applied: the 503, then the answer.
    expect(platform.requests.ofOperation('listOrganizationsForAuthenticatedUser').map((r) => r.status)).toEqual([503, 200])
    expect(new URL(platform.requests.last()!.url).search).toBe('')
  })
})

describe('undefined mock options are not given', () => {
  it('createMockPlatform with every option undefined is the default platform', async () => {
    const given = createMockPlatform({
      scenario: undefined,
      seed: undefined,
      now: undefined,
      freeze: undefined,
      baseUrl: undefined,
      appUrl: undefined,
      requestLog: { capacity: undefined, maxBodyChars: undefined, maxTotalChars: undefined },
      fetch: undefined,
      deterministicSecrets: undefined,
      scenarioTokens: undefined,
      tunnelAllow: undefined,
    })
    const plain = createMockPlatform()
    await Promise.all([given.ready, plain.ready])
    expect(given.baseUrl).toBe(plain.baseUrl)
    expect(given.tokens).toEqual(plain.tokens)
    expect(given.requests.capacity).toBe(plain.requests.capacity)
    const titles = async (p: typeof plain) =>
      (await createClient({ token: p.tokens.admin, fetch: p.fetch }).orgs.list()).items.map((o) => o.title)
    expect(await titles(given)).toEqual(await titles(plain))
  })

  it('startMockServer with undefined limits and settings uses the defaults', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    const server = await startMockServer({
      platform,
      port: undefined,
      host: undefined,
      cors: undefined,
      allowedHosts: undefined,
      control: undefined,
      onRequest: undefined,
      timeouts: { headers: undefined, request: undefined, idle: undefined, keepAlive: undefined },
    })
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const health = await fetch(`${server.url}/_docplat/health`)
      expect(health.status).toBe(200)
      expect(((await health.json()) as { status: string }).status).toBe('ok')
    } finally {
      await server.close()
    }
  })
})
