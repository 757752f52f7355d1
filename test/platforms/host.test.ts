import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import type { MockPlatform } from '../../mock/index.ts'
import { ByteBudget } from '../../mock/base/byte-budget.ts'
import { HttpError } from '../../mock/base/http-error.ts'
import { hostedPath, PlatformHost, type PlatformHostOptions, type Timers } from '../../mock/host/platforms.ts'

const ORIGIN = 'http://127.0.0.1:4010'

/** A host whose wall clock and sweep timer the test drives. */
function host(options: Partial<PlatformHostOptions> = {}) {
  let now = 1_000_000
  const intervals = new Map<number, { run: () => void; ms: number }>()
  let next = 0
  const timers: Timers = {
    setInterval: (run, ms) => {
      intervals.set(++next, { run, ms })
      return next
    },
    clearInterval: (handle) => void intervals.delete(handle as number),
  }
  const h = new PlatformHost({ firstScenario: 'empty', origin: () => ORIGIN, now: () => now, timers, ...options })
  return {
    host: h,
    intervals,
    advance(ms: number) {
      now += ms
      for (const timer of [...intervals.values()]) timer.run()
    },
  }
}

const refusal = (run: () => unknown): { status: number; message: string } => {
  try {
    run()
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('expected a refusal')
}

const clientOf = (platform: MockPlatform, token: string | undefined) =>
  createClient({ token: token ?? null, fetch: platform.fetch, retry: 0 })

describe('a host of platforms', () => {
  it('creates each platform with its own state, clock, base URL and fresh tokens', async () => {
    const { host: h } = host()
    const a = h.create({ scenario: 'demo', seed: 'same', clock: { now: '2030-01-01T00:00:00.000Z', frozen: true } })
    const b = h.create({ scenario: 'demo', seed: 'same' })
    await Promise.all([a.platform.ready, b.platform.ready])
    expect(a.id).not.toBe(b.id)
    expect(a.baseUrl).toBe(`${ORIGIN}/_docplat/platforms/${a.id}`)
    expect(a.controlUrl).toBe(`${a.baseUrl}/_docplat`)
    expect(a.platform.baseUrl).toBe(a.baseUrl)
    expect(a.platform.clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z')
    expect(b.platform.clock.now().getTime()).toBeLessThan(Date.parse('2030-01-01'))
    // The same seed gives the same IDs, never the same tokens.
    expect(a.platform.tokens.admin).toMatch(/^dpt_admin_/)
    expect(a.platform.tokens.admin).not.toBe(b.platform.tokens.admin)
    const adminA = clientOf(a.platform, a.platform.tokens.admin)
    const [org] = (await adminA.orgs.list()).items
    await adminA.collections.create({ organizationId: org!.id, title: 'Only in A' })
    const adminB = clientOf(b.platform, b.platform.tokens.admin)
    const titles = (await adminB.collections.list({ organizationId: org!.id })).items.map((c) => c.title)
    expect(titles).not.toContain('Only in A')
    // A's token is unknown to B.
    await expect(clientOf(b.platform, a.platform.tokens.admin).orgs.list()).rejects.toMatchObject({ status: 401 })
  })

  it('refuses a malformed body with a 400 naming the field, and creates nothing', () => {
    const { host: h } = host()
    expect(refusal(() => h.create({ scenario: 'demoo' }))).toMatchObject({ status: 400, message: expect.stringContaining('scenario') })
    expect(refusal(() => h.create({ clock: { now: 'yesterday' } }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('clock.now'),
    })
    expect(refusal(() => h.create({ colour: 'red' }))).toMatchObject({ status: 400, message: expect.stringContaining('colour') })
    expect(refusal(() => h.create({ options: { requestJournal: -1 } }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('options.requestJournal'),
    })
    fc.assert(
      fc.property(fc.anything(), (body) => {
        const before = h.size
        try {
          const made = h.create(body)
          // Whatever was accepted is a real platform, ended again so the host never fills.
          h.end(made.id)
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError)
          expect((error as HttpError).status).toBe(400)
        }
        expect(h.size).toBe(before)
      }),
      { numRuns: 200 },
    )
  })

  it('refuses more than maxPlatforms with a 429, the first platform counted', () => {
    const { host: h } = host({ maxPlatforms: 3 })
    h.create({ scenario: 'empty' })
    h.create({ scenario: 'empty' })
    expect(refusal(() => h.create({ scenario: 'empty' }))).toEqual({
      status: 429,
      message: expect.stringContaining('--max-platforms 3'),
    })
    expect(h.size).toBe(3)
    h.end(h.list()[0]!.id)
    expect(h.create({ scenario: 'empty' }).id).toMatch(/^p/)
  })

  it('refuses a new platform with a 507 while memory is at its bound', () => {
    let used = 100
    const { host: h } = host({ memory: { used: () => used, limit: 200 } })
    h.create({ scenario: 'empty' })
    used = 200
    expect(refusal(() => h.create({ scenario: 'empty' }))).toMatchObject({ status: 507 })
    expect(h.size).toBe(2)
    used = 199
    h.create({ scenario: 'empty' })
    expect(h.size).toBe(3)
  })

  it('ends a platform: gone from the list, its log let go; the first one stays', async () => {
    const { host: h } = host()
    const a = h.create({ scenario: 'demo' })
    await a.platform.ready
    await clientOf(a.platform, a.platform.tokens.admin).orgs.list()
    expect(a.platform.requests.length).toBe(1)
    h.end(a.id)
    expect(h.get(a.id)).toBeUndefined()
    expect(h.infos().map((p) => p.id)).toEqual(['default'])
    expect(a.platform.requests.length).toBe(0)
    expect(refusal(() => h.end(a.id))).toMatchObject({ status: 404 })
    expect(refusal(() => h.end('default'))).toMatchObject({ status: 409 })
  })

  it('expires idle platforms, not used ones nor the first, and stops its timer when none are left', () => {
    const { host: h, intervals, advance } = host({ idle: '2m' })
    expect(intervals.size).toBe(0)
    const idle = h.create({ scenario: 'empty' })
    const used = h.create({ scenario: 'empty' })
    expect([...intervals.values()].map((t) => t.ms)).toEqual([30_000])
    advance(90_000)
    expect(h.get(used.id)).toBeDefined()
    advance(60_000)
    expect(h.infos().map((p) => p.id)).toEqual(['default', used.id])
    expect(idle.id).not.toBe(used.id)
    advance(120_000)
    expect(h.list()).toEqual([])
    expect(intervals.size).toBe(0)
  })

  it('never expires a platform while a request to it runs, and counts its idle time from that request end', () => {
    const { host: h, advance } = host({ idle: '2m' })
    const busy = h.create({ scenario: 'empty' })
    const first = h.begin(busy.id)!
    const second = h.begin(busy.id)!
    expect(first.hosted).toBe(busy)
    expect(busy.inFlight).toBe(2)
    advance(10 * 60_000)
    first.finished()
    first.finished()
    advance(10 * 60_000)
    // One request still runs: the platform stays, however long ago the requests arrived.
    expect(h.list().map((p) => p.id)).toEqual([busy.id])
    second.finished()
    expect(busy.inFlight).toBe(0)
    advance(90_000)
    expect(h.list().map((p) => p.id)).toEqual([busy.id])
    advance(60_000)
    expect(h.list()).toEqual([])
    expect(h.begin(busy.id)).toBeUndefined()
  })

  it("shares the server's one request memory budget among its platforms, oldest first, and gives an ended one's bytes back", async () => {
    const journal = new ByteBudget(300_000)
    const { host: h } = host({ requestMemory: journal })
    const a = h.create({ scenario: 'demo' })
    const b = h.create({ scenario: 'demo', options: { requestJournal: 100_000 } })
    await Promise.all([a.platform.ready, b.platform.ready])
    const body = JSON.stringify({ componentId: 'metric', props: { blob: 'ж'.repeat(8_000) } })
    const render = async (p: typeof a) => {
      const response = await p.platform.fetch(`${p.baseUrl}/v1/integrations/demo-integration/render`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.platform.tokens.read}`, 'content-type': 'application/json' },
        body,
      })
      expect(response.status).toBe(200)
    }
    for (let i = 0; i < 12; i++) await render(a)
    const keptOfA = a.platform.requests.length
    for (let i = 0; i < 20; i++) await render(b)
    const [usedA, usedB] = [a.platform.requests.budget.used, b.platform.requests.budget.used]
    expect(usedA + usedB).toBe(journal.used)
    expect(journal.used).toBeLessThanOrEqual(300_000)
    // b's own cap holds within the server's budget, and the server's budget made room from a's oldest.
    expect(usedB).toBeLessThanOrEqual(100_000)
    expect(usedB).toBeGreaterThan(50_000)
    expect(a.platform.requests.length).toBeLessThan(keptOfA)
    h.end(a.id)
    expect(journal.used).toBe(usedB)
  })

  it('never expires anything with idle 0, and refuses a bad idle time or limit', () => {
    const { host: h, intervals, advance } = host({ idle: 0 })
    h.create({ scenario: 'empty' })
    advance(365 * 86_400_000)
    expect(h.size).toBe(2)
    expect(intervals.size).toBe(0)
    expect(() => host({ idle: 'soon' })).toThrow(/Invalid duration/)
    expect(() => host({ maxPlatforms: 0 })).toThrow(/maxPlatforms/)
  })

  it('ends every hosted platform on close and refuses new ones', () => {
    const { host: h, intervals } = host()
    h.create({ scenario: 'empty' })
    h.close()
    expect(h.size).toBe(1)
    expect(intervals.size).toBe(0)
    expect(refusal(() => h.create({}))).toMatchObject({ status: 503 })
  })
})

describe('which platform a path is for', () => {
  it('is a hosted one only below its prefix, with the rest as its own path', () => {
    expect(hostedPath('/_docplat/platforms/pAbc/v1/orgs')).toEqual({ id: 'pAbc', path: '/v1/orgs' })
    expect(hostedPath('/_docplat/platforms/pAbc/_docplat/clock')).toEqual({ id: 'pAbc', path: '/_docplat/clock' })
    expect(hostedPath('/_docplat/platforms/pAbc/')).toEqual({ id: 'pAbc', path: '/' })
    for (const path of ['/_docplat/platforms/pAbc', '/_docplat/platforms/', '/_docplat/platforms', '/v1/orgs', '/_docplat/platforms//v1'])
      expect(hostedPath(path)).toBeUndefined()
  })
})
