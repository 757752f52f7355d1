import type { OperationId } from '../../src/contract/index.ts'
import { parseDuration } from './clock.ts'
import { Random } from './random.ts'

/** Which requests a fault applies to; every given field must match. */
export interface FaultMatch {
  /** The operation, by its ID in the contract (`getSpaceById`). An unknown ID is refused by `add`. */
  operationId?: OperationId | undefined
  /** The HTTP method, in any case. */
  method?: string | undefined
  /** A pathname (`/v1/spaces/abc`) or a pattern tested against it. */
  path?: string | RegExp | undefined
}

/**
 * A failure to inject. By default a fault acts **before** the operation, which then never runs:
 * nothing changes, as when a request is refused or lost on its way. With `after: true` it acts
 * **after** the operation: the change is made and kept, then the answer is delayed, dropped or
 * replaced, as when an answer is lost on its way back or a proxy answers 502/504 for a request
 * the server carried out. That is the case a client must not repeat a non-idempotent write for.
 *
 * @example
 * ```ts
 * import { createMockPlatform } from 'docplat/mock'
 * const platform = createMockPlatform({ scenario: 'empty' })
 * // The next team creation is applied, then its answer is replaced by a 502 (a failing proxy).
 * platform.faults.add({ operationId: 'createOrganizationTeam', after: true, status: 502, times: 1 })
 * // The next comment deletion is applied, then the connection drops before the answer.
 * platform.faults.add({ operationId: 'deleteCommentInSpace', after: true, drop: true, times: 1 })
 * ```
 */
export interface FaultSpec extends FaultMatch {
  /**
   * Act after the operation ran (its change is kept) instead of before it (it never runs).
   * `latency`, `status` and `drop` then delay, replace or drop the operation's own answer. The
   * request log records the operation's own answer, so tests can see that the change was made.
   * Default `false`.
   */
  after?: boolean | undefined
  /**
   * Delay before answering: fixed (`'200ms'`, `'2s'` or ms), uniform in a range
   * (`{ min: '50ms', max: '300ms' }`), or log-normal (`{ median: '120ms', spread: 2 }`: half the
   * delays below the median, about two in three between median / spread and median × spread, a
   * long tail above, as real networks do). Drawn from a stream seeded by the platform's `seed`,
   * so a run repeats.
   */
  latency?: Latency | undefined
  /**
   * Answer with this status and an error body (`{ error: { code, message } }`) instead of
   * running the operation (or, with `after`, instead of its answer): 100 to 599, a status that
   * can carry a body (not 1xx, 204, 205 or 304).
   */
  status?: number | undefined
  /** With a status: the `Retry-After` seconds to send (a finite number, 0 or more). */
  retryAfter?: number | undefined
  /** Drop the connection: `platform.fetch` rejects, the HTTP server destroys the socket. */
  drop?: boolean | undefined
  /** Apply to this many matching requests (a whole number, 1 or more), then expire. Default: every matching request. */
  times?: number | undefined
  /** Apply to this fraction (0..1) of matching requests. Default 1. */
  rate?: number | undefined
  /** The error message of an injected status. Default `Injected fault: <status>`. */
  message?: string | undefined
}

/** A duration: `'200ms'`, `'2s'`, `'1m'`, or milliseconds. */
export type Duration = string | number

/** A fault's delay: fixed, a uniform range, or a log-normal distribution (see {@link FaultSpec.latency}). */
export type Latency = Duration | { min: Duration; max: Duration } | { median: Duration; spread: number }

/** What the core does at one moment (before or after the operation) of one request. */
export interface FaultEffect {
  latency: number
  status?: number | undefined
  retryAfter?: number | undefined
  drop?: boolean | undefined
  message?: string | undefined
  /** The IDs (as `add` returned them) of the faults that make it, in the order they were added. */
  ids: number[]
}

/** What the core does for one request once faults are consulted. */
export interface FaultOutcome {
  /** Before the operation: it then does not run when there is a status or a drop. */
  before?: FaultEffect | undefined
  /** After the operation: its answer is delayed, replaced or dropped. */
  after?: FaultEffect | undefined
}

interface Active extends FaultSpec {
  id: number
  used: number
}

const FIELDS = new Set<string>([
  'operationId',
  'method',
  'path',
  'after',
  'latency',
  'status',
  'retryAfter',
  'drop',
  'times',
  'rate',
  'message',
])

/** Statuses a response cannot carry a body with, so an error body cannot be injected. */
const BODYLESS = new Set([204, 205, 304])

/**
 * Checks a fault before it is kept, so a mistake is reported where it is made instead of
 * never firing or breaking `platform.fetch` later.
 */
function validate(spec: FaultSpec, known: ReadonlySet<string>): void {
  const fail = (field: string, message: string): never => {
    throw new TypeError(`Invalid fault: ${field} ${message}`)
  }
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
    throw new TypeError('Invalid fault: give an object such as { operationId: "getSpaceById", status: 500 }')
  for (const key of Object.keys(spec)) {
    if (!FIELDS.has(key)) fail(key, `is not a fault field (known: ${[...FIELDS].join(', ')})`)
  }
  if (spec.operationId !== undefined && !known.has(spec.operationId)) {
    const near = [...known].filter((id) => id.toLowerCase().includes(String(spec.operationId).toLowerCase().slice(0, 6))).slice(0, 5)
    fail(
      'operationId',
      `"${String(spec.operationId)}" is not an operation of the contract${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}`,
    )
  }
  if (spec.method !== undefined && (typeof spec.method !== 'string' || !/^[A-Za-z]+$/.test(spec.method)))
    fail('method', 'must be an HTTP method such as "GET"')
  if (spec.path !== undefined && typeof spec.path !== 'string' && !(spec.path instanceof RegExp))
    fail('path', 'must be a pathname or a RegExp')
  if (spec.after !== undefined && typeof spec.after !== 'boolean') fail('after', 'must be a boolean')
  if (spec.drop !== undefined && typeof spec.drop !== 'boolean') fail('drop', 'must be a boolean')
  if (spec.message !== undefined && typeof spec.message !== 'string') fail('message', 'must be a string')
  if (spec.status !== undefined) {
    if (!Number.isInteger(spec.status) || spec.status < 100 || spec.status > 599)
      fail('status', `must be a whole number from 100 to 599, not ${String(spec.status)}`)
    if (spec.status < 200 || BODYLESS.has(spec.status))
      fail('status', `${spec.status} cannot carry the error body: use a status such as 400, 429, 500 or 503`)
  }
  if (spec.retryAfter !== undefined) {
    if (typeof spec.retryAfter !== 'number' || !Number.isFinite(spec.retryAfter) || spec.retryAfter < 0)
      fail('retryAfter', `must be a finite number of seconds, 0 or more, not ${String(spec.retryAfter)}`)
    if (spec.status === undefined) fail('retryAfter', 'needs a status (429 or 503) to be sent with')
  }
  if (spec.times !== undefined && (!Number.isInteger(spec.times) || spec.times < 1))
    fail('times', `must be a whole number, 1 or more, not ${String(spec.times)} (leave it out for every matching request)`)
  if (spec.rate !== undefined && (typeof spec.rate !== 'number' || !(spec.rate >= 0 && spec.rate <= 1)))
    fail('rate', `must be between 0 and 1, not ${String(spec.rate)}`)
  if (spec.latency !== undefined) validateLatency(spec.latency, fail)
}

const RANGE = ['min', 'max']
const LOG_NORMAL = ['median', 'spread']

function validateLatency(latency: Latency, fail: (field: string, message: string) => never): void {
  const duration = (field: string, value: unknown): number => {
    if (typeof value !== 'string' && typeof value !== 'number')
      fail(field, `must be a duration such as "200ms" or a number of ms, not ${String(value)}`)
    let ms: number
    try {
      ms = parseDuration(value as Duration)
    } catch (error) {
      return fail(field, (error as Error).message)
    }
    if (!Number.isFinite(ms) || ms < 0) fail(field, `must be 0 or more, not ${String(value)}`)
    return ms
  }
  if (typeof latency !== 'object' || latency === null) {
    duration('latency', latency)
    return
  }
  const keys = Object.keys(latency).sort()
  if (keys.join() === 'max,min') {
    const { min, max } = latency as { min: Duration; max: Duration }
    if (duration('latency.min', min) > duration('latency.max', max))
      fail('latency', `min (${String(min)}) must not be above max (${String(max)})`)
  } else if (keys.join() === 'median,spread') {
    const { median, spread } = latency as { median: Duration; spread: number }
    duration('latency.median', median)
    if (typeof spread !== 'number' || !Number.isFinite(spread) || spread < 1 || spread > 100)
      fail('latency.spread', `must be a factor from 1 (no spread) to 100, not ${String(spread)}`)
  } else {
    fail(
      'latency',
      `must be a duration, { ${RANGE.join(', ')} } or { ${LOG_NORMAL.join(', ')} }, not an object with ${keys.join(', ') || 'no fields'}`,
    )
  }
}

/** A delay drawn from a fault's latency, in ms (a uniform from `random`; a log-normal by Box-Muller). */
function sample(latency: Latency, random: Random): number {
  if (typeof latency !== 'object') return parseDuration(latency)
  const uniform = () => (random.next() + 1) / 2 ** 32 // (0, 1]: never 0, so its logarithm is finite
  if ('min' in latency) {
    const min = parseDuration(latency.min)
    return min + (parseDuration(latency.max) - min) * (random.next() / 2 ** 32)
  }
  const z = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform())
  return parseDuration(latency.median) * latency.spread ** z
}

/** Rehearse failures: latency, error statuses, dropped connections, 429 with `Retry-After`, lost answers. */
export class Faults {
  #list: Active[] = []
  #next = 1
  // Independent of the platform's own randomness, so injecting faults never changes IDs; seeded
  // by the platform's seed, so rates and latencies repeat from one run to the next.
  #random: Random
  readonly #seed: string
  readonly #operations: ReadonlySet<string>

  /** @internal */
  constructor(operationIds: Iterable<string>, seed = 'faults') {
    this.#operations = new Set(operationIds)
    this.#seed = seed
    this.#random = new Random(seed)
  }

  /**
   * Adds a fault; returns its ID for `remove`. A fault that could never fire or that the
   * platform could not answer with (an unknown operation, a status outside 100..599 or without
   * a body, `times` below 1, a negative `retryAfter`, an unknown field) throws a `TypeError`.
   */
  add(spec: FaultSpec): number {
    validate(spec, this.#operations)
    const id = this.#next++
    // A copy of a latency object too: changing it afterwards must not change the fault.
    const latency = typeof spec.latency === 'object' && spec.latency !== null ? { ...spec.latency } : spec.latency
    this.#list.push({ ...spec, ...(latency !== undefined ? { latency } : {}), id, used: 0 })
    return id
  }

  /** Removes a fault by the ID `add` returned. */
  remove(id: number): void {
    this.#list = this.#list.filter((f) => f.id !== id)
  }

  /** Removes every fault, and starts the draws of rates and latencies again from the seed. */
  clear(): void {
    this.#list = []
    this.#random = new Random(this.#seed)
  }

  /** Faults still active. */
  get active(): readonly FaultSpec[] {
    return this.#list
  }

  /** @internal Consults the faults for one request; consumes their counts. */
  take(method: string, path: string, operationId: string | undefined): FaultOutcome | undefined {
    if (this.#list.length === 0) return undefined
    let outcome: FaultOutcome | undefined
    for (const f of this.#list) {
      if (f.method && f.method.toUpperCase() !== method) continue
      if (f.operationId && f.operationId !== operationId) continue
      if (f.path !== undefined && !(typeof f.path === 'string' ? f.path === path : f.path.test(path))) continue
      if (f.rate !== undefined && this.#random.next() / 2 ** 32 >= f.rate) continue
      f.used++
      outcome ??= {}
      const effect = (outcome[f.after ? 'after' : 'before'] ??= { latency: 0, ids: [] })
      effect.ids.push(f.id)
      if (f.latency !== undefined) effect.latency += sample(f.latency, this.#random)
      if (f.drop) effect.drop = true
      if (f.status !== undefined && effect.status === undefined) {
        effect.status = f.status
        if (f.retryAfter !== undefined) effect.retryAfter = f.retryAfter
        if (f.message !== undefined) effect.message = f.message
      }
    }
    this.#list = this.#list.filter((f) => f.times === undefined || f.used < f.times)
    return outcome
  }
}
