import { beforeEach, describe, expect, it } from 'vitest'
import { APIError, ConnectionError, InternalServerError, RateLimitError, TimeoutError, createClient } from '../../src/index.ts'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import type { FaultSpec } from '../../mock/base/faults.ts'
import { failure } from '../helpers.ts'
import { stateOf } from './requests.ts'

/**
 * Faults: `platform.faults` injects latency, an error status, a dropped connection and 429 with
 * `Retry-After`, for a number of requests (`times`) or a fraction of them (`rate`); the SDK's
 * retries and error classes meet each one, and a request failed by injection changes nothing.
 */

let platform: MockPlatform
let ids: { organizationId: string; spaceId: string }

beforeEach(async () => {
  platform = createMockPlatform({ scenario: 'demo', seed: 'faults' })
  await platform.ready
  const org = [...platform.db.organizations.all()].find((o) => o.title === 'Acme')!
  const space = [...platform.db.spaces.all()].find((s) => s.title === 'Getting Started')!
  ids = { organizationId: org.id, spaceId: space.id }
})

/** A client with short backoff, so retries are quick but still go through the SDK's retry path. */
const client = (options: Parameters<typeof createClient>[0] = {}) =>
  createClient({ token: platform.tokens.admin, fetch: platform.fetch, retry: { limit: 2, backoffLimit: 20 }, ...options })

const statuses = (operationId: Parameters<typeof platform.requests.ofOperation>[0]) =>
  platform.requests.ofOperation(operationId).map((r) => r.status)

describe('faults: error statuses', () => {
  it('a GET retried after one injected 503 succeeds on the second attempt', async () => {
    platform.faults.add({ operationId: 'getSpaceById', status: 503, times: 1 })
    const space = await client().spaces.get({ spaceId: ids.spaceId })
    expect(space.id).toBe(ids.spaceId)
    expect(statuses('getSpaceById')).toEqual([503, 200])
    expect(platform.faults.active).toEqual([])
  })

  it('a POST is not retried: the 503 reaches the caller, and the operation did not run', async () => {
    platform.faults.add({ operationId: 'createCollection', status: 503, times: 1 })
    const before = stateOf(platform)
    const error = await failure(client().collections.create({ organizationId: ids.organizationId, title: 'Not created' }))
    expect(error).toBeInstanceOf(InternalServerError)
    expect((error as APIError).status).toBe(503)
    expect(statuses('createCollection')).toEqual([503])
    expect(stateOf(platform)).toBe(before)
    // The fault is spent: the next call runs.
    const created = await client().collections.create({ organizationId: ids.organizationId, title: 'Created' })
    expect(created.title).toBe('Created')
  })

  it('times: N fails exactly N matching requests, then lets them through; other operations are untouched', async () => {
    platform.faults.add({ operationId: 'getSpaceById', status: 500, times: 3 })
    const c = client({ retry: 0 })
    const outcomes: Array<number | string> = []
    for (let i = 0; i < 5; i++) {
      outcomes.push(
        await c.spaces.get({ spaceId: ids.spaceId }).then(
          () => 'ok',
          (e: unknown) => (e as APIError).status,
        ),
      )
      await c.orgs.get({ organizationId: ids.organizationId })
    }
    expect(outcomes).toEqual([500, 500, 500, 'ok', 'ok'])
    expect(statuses('getOrganizationById').every((s) => s === 200)).toBe(true)
  })

  it('rate: a fraction of matching requests fails, the same ones on every run of the same platform', async () => {
    const run = async (p: MockPlatform) => {
      p.faults.add({ operationId: 'getSpaceById', status: 502, rate: 0.25 })
      const c = createClient({ token: p.tokens.admin, fetch: p.fetch, retry: 0 })
      const failed: number[] = []
      for (let i = 0; i < 400; i++) await c.spaces.get({ spaceId: ids.spaceId }).catch(() => failed.push(i))
      return failed
    }
    const first = await run(platform)
    const again = createMockPlatform({ scenario: 'demo', seed: 'faults' })
    await again.ready
    expect(await run(again)).toEqual(first)
    // 400 draws at 25%: the binomial's standard deviation is under 9, so 60..140 is far outside chance.
    expect(first.length).toBeGreaterThan(60)
    expect(first.length).toBeLessThan(140)
  })

  it('matches by method and by path pattern', async () => {
    platform.faults.add({ method: 'PATCH', path: /^\/v1\/spaces\//, status: 409 })
    const c = client({ retry: 0 })
    expect((await c.spaces.get({ spaceId: ids.spaceId })).id).toBe(ids.spaceId)
    const error = await failure(c.spaces.update({ spaceId: ids.spaceId, title: 'Blocked' }))
    expect((error as APIError).status).toBe(409)
    expect(platform.db.spaces.get(ids.spaceId)!.title).toBe('Getting Started')
  })
})

describe('faults: 429 with Retry-After', () => {
  it('the SDK waits the number of seconds the server asked for, then succeeds', async () => {
    platform.faults.add({ operationId: 'getSpaceById', status: 429, retryAfter: 1, times: 1 })
    const warnings: string[] = []
    const logger = { debug() {}, info() {}, warn: (line: string) => warnings.push(line), error() {} }
    const started = performance.now()
    const space = await client({ logLevel: 'warn', logger }).spaces.get({ spaceId: ids.spaceId })
    // A floor only: a slow machine waits longer, never shorter. What it meant to wait, it says.
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    expect(space.id).toBe(ids.spaceId)
    expect(warnings).toEqual([expect.stringMatching(/: 429 on attempt 1, retrying \(retry 1 of 2\), waiting 1 s as Retry-After asks$/)])
    expect(statuses('getSpaceById')).toEqual([429, 200])
  })

  it('without retries the caller gets a RateLimitError carrying the Retry-After header', async () => {
    platform.faults.add({ operationId: 'getSpaceById', status: 429, retryAfter: 7, times: 1 })
    const error = await failure(client({ retry: 0 }).spaces.get({ spaceId: ids.spaceId }))
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).headers.get('retry-after')).toBe('7')
    expect((error as RateLimitError).body).toEqual({ error: { code: 429, message: 'Injected fault: 429' } })
  })
})

describe('faults: dropped connections', () => {
  it('with retries off, a drop is a ConnectionError (not a timeout) and changes nothing', async () => {
    platform.faults.add({ operationId: 'updateSpaceById', drop: true, times: 1 })
    const before = stateOf(platform)
    const error = await failure(client({ retry: 0 }).spaces.update({ spaceId: ids.spaceId, title: 'Dropped' }))
    expect(error).toBeInstanceOf(ConnectionError)
    expect(error).not.toBeInstanceOf(TimeoutError)
    expect(stateOf(platform)).toBe(before)
  })

  it('an idempotent call is retried through a drop', async () => {
    platform.faults.add({ operationId: 'getSpaceById', drop: true, times: 2 })
    const space = await client().spaces.get({ spaceId: ids.spaceId })
    expect(space.id).toBe(ids.spaceId)
  })
})

describe('faults: latency', () => {
  it('delays the answer by at least the latency, and the call still succeeds', async () => {
    platform.faults.add({ operationId: 'getSpaceById', latency: '150ms', times: 1 })
    const started = performance.now()
    await client().spaces.get({ spaceId: ids.spaceId })
    // A floor only: a slow machine makes the wait longer, never shorter.
    expect(performance.now() - started).toBeGreaterThanOrEqual(145)
  })

  it('above the client timeout is a TimeoutError, and the timed-out change is never applied', async () => {
    platform.faults.add({ operationId: 'updateSpaceById', latency: 400, times: 1 })
    const before = stateOf(platform)
    // platform.fetch rejects at once when its caller gives up, as fetch does; platform.dispatch
    // settles only when the platform itself is done with the request: the event to wait on.
    const handled: Promise<unknown>[] = []
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = platform.dispatch(new Request(input, init))
      handled.push(answer.catch(() => undefined))
      return answer
    }
    const error = await failure(client({ retry: 0, timeout: 100, fetch }).spaces.update({ spaceId: ids.spaceId, title: 'Too late' }))
    expect(error).toBeInstanceOf(TimeoutError)
    // The platform must not run the request its caller gave up on.
    expect(handled).toHaveLength(1)
    await Promise.all(handled)
    expect(stateOf(platform)).toBe(before)
    expect(platform.db.spaces.get(ids.spaceId)!.title).toBe('Getting Started')
  })
})

describe('faults: a request failed by injection changes nothing', () => {
  it.each<[string, FaultSpec]>([
    ['an error status', { status: 500 }],
    ['a 429', { status: 429, retryAfter: 1 }],
    ['a drop', { drop: true }],
    ['latency and a status', { latency: 20, status: 503 }],
  ])('%s on every kind of change', async (_name, fault) => {
    const c = client({ retry: 0 })
    const team = [...platform.db.teams.all()][0]!
    const calls = [
      () => c.spaces.update({ spaceId: ids.spaceId, title: 'x' }),
      () => c.spaces.delete({ spaceId: ids.spaceId }),
      () => c.collections.create({ organizationId: ids.organizationId, title: 'x' }),
      () => c.orgs.teams.delete({ organizationId: ids.organizationId, teamId: team.id }),
      () => c.orgs.update({ organizationId: ids.organizationId, title: 'x' }),
    ]
    const before = stateOf(platform)
    platform.faults.add(fault)
    for (const run of calls) expect(await failure(run())).toBeInstanceOf(fault.drop ? ConnectionError : APIError)
    expect(stateOf(platform)).toBe(before)
  })
})

describe('faults: the request log says which fault acted on a request', () => {
  it('records the faults that answered, delayed or replaced an answer, and nothing on a request they left alone', async () => {
    const own = createMockPlatform({ scenario: 'empty' })
    await own.ready
    const organizationId = (await own.builders.organization({ title: 'Faulty' })).id
    const { token } = await own.builders.user({ organization: organizationId, role: 'admin' })
    const c = createClient({ token, fetch: own.fetch, retry: 0 })
    const delayed = own.faults.add({ operationId: 'createCollection', latency: { min: 2, max: 4 }, times: 1 })
    const refused = own.faults.add({ operationId: 'createCollection', status: 503, times: 1 })
    expect(await failure(c.collections.create({ organizationId, title: 'Refused' }))).toMatchObject({ status: 503 })
    const replaced = own.faults.add({ operationId: 'createCollection', after: true, status: 502, times: 1 })
    expect(await failure(c.collections.create({ organizationId, title: 'Kept' }))).toMatchObject({ status: 502 })
    await c.collections.create({ organizationId, title: 'Untouched' })

    const [first, second, third] = own.requests.ofOperation('createCollection')
    // Before the operation: the fault's status is the answer, and the latency drawn from the range is kept.
    expect(first).toMatchObject({ status: 503, fault: { ids: [delayed, refused], status: 503 } })
    expect(first!.fault!.latency).toBeGreaterThanOrEqual(2)
    expect(first!.fault!.latency).toBeLessThanOrEqual(4)
    expect(first!.fault).not.toHaveProperty('after')
    // After it: the operation's own answer is logged, the fault's status beside it.
    expect(second).toMatchObject({ status: 201, fault: { ids: [replaced], after: true, status: 502 } })
    expect(third!.status).toBe(201)
    expect(third).not.toHaveProperty('fault')
    // A copy: changing what was read changes nothing in the log.
    first!.fault!.ids.push(99)
    expect(own.requests.ofOperation('createCollection')[0]!.fault!.ids).toEqual([delayed, refused])
  })
})
