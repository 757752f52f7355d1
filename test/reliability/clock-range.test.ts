import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'
import { CLI_TEST, startCli, stopAll } from '../node/child.ts'

/**
 * The platform's clock stays within 1970-01-01T00:00:00.000Z to 9989-12-31T23:59:59.999Z: every
 * route that sets time refuses a time or an advance past it with a 400 naming the range, and no
 * date input ends the process or leaves the platform answering 500.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 15)
const RANGE = '1970-01-01T00:00:00.000Z to 9989-12-31T23:59:59.999Z'
const MAX_MS = Date.UTC(9990, 0, 1) - 1

/** Times at and past both edges: JavaScript's own range, the platform's, and what is no time at all. */
const EDGES_OUT: Array<string | number> = [
  '+275760-09-12T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '9990-01-01T00:00:00.000Z',
  '1969-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  8.64e15,
  -8.64e15,
  -1,
  1e300,
  MAX_MS + 1,
]
const EDGES_IN: Array<string | number> = ['1970-01-01T00:00:00.000Z', '9989-12-31T23:59:59.999Z', 0, MAX_MS, '2026-01-15T09:00:00Z']

async function call(url: string, method = 'GET', body?: unknown) {
  const response = await fetch(url, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : undefined }
}

afterEach(async () => {
  await stopAll()
})

describe('clocks stay in range, over the real CLI', CLI_TEST, () => {
  it('refuses every date input past the range with a 400 naming it, and keeps serving', async () => {
    const cli = await startCli(['--port', '0', '--scenario', 'empty'])
    const url = cli.url
    const before = await call(`${url}/_docplat/clock`)

    // Creating a platform with its clock at an edge.
    for (const now of EDGES_OUT) {
      const created = await call(`${url}/_docplat/platforms`, 'POST', { scenario: 'empty', clock: { now } })
      expect(created.status, `clock.now ${JSON.stringify(now)}`).toBe(400)
      expect(created.body!.error.message).toContain('clock.now')
    }
    for (const now of EDGES_OUT.filter((now) => !Number.isNaN(new Date(now).getTime())))
      expect((await call(`${url}/_docplat/platforms`, 'POST', { clock: { now } })).body!.error.message).toContain(RANGE)

    // The first platform's clock set at and past the edges, then advanced past the end.
    for (const now of EDGES_OUT.filter((now) => typeof now === 'string')) {
      const set = await call(`${url}/_docplat/clock/set`, 'POST', { now })
      expect(set.status, `now ${String(now)}`).toBe(400)
    }
    expect((await call(`${url}/_docplat/clock/set`, 'POST', { now: '+275760-09-12T00:00:00Z' })).body!.error.message).toContain(RANGE)
    expect((await call(`${url}/_docplat/clock`)).body!.now.slice(0, 10)).toBe(before.body!.now.slice(0, 10))

    const atEnd = await call(`${url}/_docplat/clock/set`, 'POST', { now: '9989-12-20T00:00:00.000Z' })
    expect(atEnd).toMatchObject({ status: 200, body: { now: expect.stringMatching(/^9989-12-20T/) } })
    for (const by of ['30d', '1000w', `${'9'.repeat(39)}d`, 8.64e15, 1e300]) {
      const advanced = await call(`${url}/_docplat/clock/advance`, 'POST', { by })
      expect(advanced.status, `by ${String(by)}`).toBe(400)
      expect(advanced.body!.error.message).toContain(RANGE)
    }
    expect((await call(`${url}/_docplat/clock`)).body!.now).toMatch(/^9989-12-20T/)
    expect((await call(`${url}/_docplat/clock/advance`, 'POST', { by: '7d' })).body!.now).toMatch(/^9989-12-27T/)

    // A platform created at the last instant works: it writes, with the timestamps of the API.
    const last = await call(`${url}/_docplat/platforms`, 'POST', { clock: { now: '9989-12-31T23:59:59.999Z', frozen: true } })
    expect(last.status).toBe(201)
    const client = createClient({ baseUrl: last.body!.baseUrl, token: last.body!.tokens.admin, retry: 0 })
    const [org] = (await client.orgs.list()).items
    const made = await client.orgs.teams.create({ organizationId: org!.id, title: 'At the end of time' })
    expect(made.createdAt).toMatch(/^9990-01-01T00:00/)
    expect((await call(`${last.body!.controlUrl}/clock/advance`, 'POST', { by: '1ms' })).status).toBe(400)

    // Nothing ended the process, and the server still answers.
    expect(cli.child.exitCode).toBeNull()
    expect((await call(`${url}/_docplat/health`)).status).toBe(200)
    expect((await client.orgs.list()).items.map((o) => o.id)).toContain(org!.id)
  })
})

describe('clocks stay in range, over HTTP and in process', () => {
  let server: MockServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it("answers the control plane's clock routes 200 inside the range and 400 outside, never more", async () => {
    const platform = createMockPlatform({ scenario: 'empty', freeze: true })
    await platform.ready
    server = await startMockServer({ platform })
    const base = server.url
    const instant = fc.oneof(
      fc.constantFrom(...EDGES_OUT, ...EDGES_IN),
      fc.integer({ min: -8.64e15 - 10, max: 8.64e15 + 10 }),
      fc.integer({ min: MAX_MS - 1000, max: MAX_MS + 1000 }),
      fc.integer({ min: -1000, max: 1000 }),
    )
    await fc.assert(
      fc.asyncProperty(instant, fc.integer({ min: 0, max: 2 ** 53 - 1 }), async (time, by) => {
        const ms = new Date(time).getTime()
        const inRange = ms >= 0 && ms <= MAX_MS
        const text = Number.isNaN(ms) ? String(time) : typeof time === 'string' ? time : new Date(ms).toISOString()
        const set = await call(`${base}/_docplat/clock/set`, 'POST', { now: text })
        expect(set.status).toBe(inRange ? 200 : 400)
        if (inRange) expect(set.body!.now).toBe(new Date(ms).toISOString())
        const now = platform.clock.ms()
        const advanced = await call(`${base}/_docplat/clock/advance`, 'POST', { by })
        expect(advanced.status).toBe(now + by <= MAX_MS ? 200 : 400)
        if (advanced.status === 400) expect(platform.clock.ms()).toBe(now)
        // Whatever was refused, the platform can still stamp a write.
        expect(() => platform.clock.stamp()).not.toThrow()
      }),
      { numRuns: RUNS, seed: 40 },
    )
  })

  it('throws in process, changing nothing, where HTTP answers 400', async () => {
    const platform = createMockPlatform({ scenario: 'empty', now: '2026-01-15T09:00:00.000Z', freeze: true })
    await platform.ready
    expect(() => platform.clock.set('+275760-09-12T00:00:00Z')).toThrow(RangeError)
    expect(() => platform.clock.set('+275760-09-12T00:00:00Z')).toThrow(RANGE)
    expect(() => platform.clock.advance(8.64e15)).toThrow(RANGE)
    expect(platform.clock.now().toISOString()).toBe('2026-01-15T09:00:00.000Z')
    expect(() => createMockPlatform({ scenario: 'empty', now: '+275760-09-12T00:00:00Z' })).toThrow(RANGE)
  })
})
