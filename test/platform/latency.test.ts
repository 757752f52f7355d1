import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../src/index.ts'
import { connectMockServer, createMockPlatform, type FaultSpec } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'

const LIST = 'listOrganizationsForAuthenticatedUser'

/** The delays a fault draws for `n` matching requests, as the core would wait them. */
function draws(platform: ReturnType<typeof createMockPlatform>, latency: FaultSpec['latency'], n: number): number[] {
  platform.faults.add({ operationId: LIST, latency })
  return Array.from({ length: n }, () => platform.faults.take('GET', '/v1/orgs', LIST)!.before!.latency)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('fault latency: fixed, uniform, log-normal, seeded', () => {
  afterEach(() => void vi.useRealTimers())

  it('a uniform range stays within min and max and spreads over it', () => {
    const values = draws(createMockPlatform({ scenario: 'empty' }), { min: '50ms', max: '0.25s' }, 4000)
    expect(Math.min(...values)).toBeGreaterThanOrEqual(50)
    expect(Math.max(...values)).toBeLessThanOrEqual(250)
    const low = values.filter((v) => v < 150).length / values.length
    expect(low).toBeGreaterThan(0.45)
    expect(low).toBeLessThan(0.55)
  })

  it('a log-normal has the median given, about two in three within median / spread and median × spread, and a tail', () => {
    const values = draws(createMockPlatform({ scenario: 'empty' }), { median: '100ms', spread: 2 }, 4000)
    expect(median(values)).toBeGreaterThan(90)
    expect(median(values)).toBeLessThan(110)
    const within = values.filter((v) => v >= 50 && v <= 200).length / values.length
    expect(within).toBeGreaterThan(0.63)
    expect(within).toBeLessThan(0.73)
    expect(Math.max(...values)).toBeGreaterThan(400)
    expect(Math.min(...values)).toBeGreaterThan(0)
    // spread 1 is no spread at all.
    expect(new Set(draws(createMockPlatform({ scenario: 'empty' }), { median: 80, spread: 1 }, 50))).toEqual(new Set([80]))
  })

  it('the same seed draws the same delays; another seed others; clear() (and reset) starts again', async () => {
    const spec = { median: '100ms', spread: 3 } as const
    const a = createMockPlatform({ scenario: 'empty', seed: 'one' })
    const first = draws(a, spec, 20)
    expect(draws(createMockPlatform({ scenario: 'empty', seed: 'one' }), spec, 20)).toEqual(first)
    expect(draws(createMockPlatform({ scenario: 'empty', seed: 'two' }), spec, 20)).not.toEqual(first)
    await a.reset()
    expect(draws(a, spec, 20)).toEqual(first)
  })

  it('the request waits the drawn delay (fake timers: no wall clock involved)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const { token } = await platform.builders.user({ tokenName: 'me' })
    const client = createClient({ token, fetch: platform.fetch, retry: 0 })
    platform.faults.add({ operationId: LIST, latency: { min: '2s', max: '3s' }, times: 1 })
    let done = false
    const call = client.orgs.list().then(() => (done = true))
    await vi.advanceTimersByTimeAsync(1999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1001)
    await call
    expect(done).toBe(true)
  })

  it('a latency that is not a duration, a range or a log-normal is refused when added, naming the field', () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    const bad: Array<[unknown, RegExp]> = [
      [{ min: '2s', max: '1s' }, /latency min \(2s\) must not be above max \(1s\)/],
      [{ min: '1s' }, /latency must be a duration, \{ min, max \} or \{ median, spread \}/],
      [{ median: '1s', spread: 0.5 }, /latency\.spread must be a factor from 1/],
      [{ median: 'soon', spread: 2 }, /latency\.median Invalid duration "soon"/],
      [{ min: -1, max: 5 }, /latency\.min must be 0 or more/],
      [{ median: '1s', spread: 2, extra: 1 }, /not an object with extra, median, spread/],
      [null, /latency must be a duration/],
    ]
    for (const [latency, message] of bad) expect(() => platform.faults.add({ latency } as FaultSpec)).toThrow(message)
    expect(platform.faults.active).toHaveLength(0)
    fc.assert(
      fc.property(fc.anything(), (latency) => {
        try {
          platform.faults.add({ latency } as FaultSpec)
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError)
          return
        }
        // Accepted: then it draws a finite delay, 0 or more.
        const delay = platform.faults.take('GET', '/v1/orgs', LIST)!.before!.latency
        expect(Number.isFinite(delay) && delay >= 0).toBe(true)
        platform.faults.clear()
      }),
    )
  })

  it('over the control plane: connectMockServer adds a log-normal latency; a bad one is a 400', async () => {
    const server = await startMockServer({ platform: createMockPlatform({ scenario: 'empty' }), port: 0 })
    try {
      const remote = await connectMockServer(server.url)
      await remote.faults.add({ operationId: LIST, latency: { median: '20ms', spread: 1.5 } })
      expect((await remote.faults.active)[0]).toMatchObject({ latency: { median: '20ms', spread: 1.5 } })
      await expect(remote.faults.add({ latency: { median: '20ms', spread: 0 } })).rejects.toMatchObject({ status: 400 })
    } finally {
      await server.close()
    }
  })
})
