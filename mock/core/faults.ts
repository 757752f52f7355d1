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
  /** Delay before answering (`'200ms'`, `'2s'` or ms). */
  latency?: string | number | undefined
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

/** What the dispatcher does at one moment (before or after the operation) of one request. */
export interface FaultEffect {
  latency: number
  status?: number | undefined
  retryAfter?: number | undefined
  drop?: boolean | undefined
  message?: string | undefined
}

/** What the dispatcher does for one request once faults are consulted. */
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
  if (spec.latency !== undefined) {
    let ms: number
    try {
      ms = parseDuration(spec.latency)
    } catch (error) {
      return fail('latency', (error as Error).message)
    }
    if (!Number.isFinite(ms) || ms < 0) fail('latency', `must be 0 or more, not ${String(spec.latency)}`)
  }
}

/** Rehearse failures: latency, error statuses, dropped connections, 429 with `Retry-After`, lost answers. */
export class Faults {
  #list: Active[] = []
  #next = 1
  // Independent of the platform's own randomness, so injecting faults never changes IDs.
  readonly #random = new Random('faults')
  readonly #operations: ReadonlySet<string>

  /** @internal */
  constructor(operationIds: Iterable<string>) {
    this.#operations = new Set(operationIds)
  }

  /**
   * Adds a fault; returns its ID for `remove`. A fault that could never fire or that the
   * platform could not answer with (an unknown operation, a status outside 100..599 or without
   * a body, `times` below 1, a negative `retryAfter`, an unknown field) throws a `TypeError`.
   */
  add(spec: FaultSpec): number {
    validate(spec, this.#operations)
    const id = this.#next++
    this.#list.push({ ...spec, id, used: 0 })
    return id
  }

  /** Removes a fault by the ID `add` returned. */
  remove(id: number): void {
    this.#list = this.#list.filter((f) => f.id !== id)
  }

  /** Removes every fault. */
  clear(): void {
    this.#list = []
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
      const effect = (outcome[f.after ? 'after' : 'before'] ??= { latency: 0 })
      if (f.latency !== undefined) effect.latency += parseDuration(f.latency)
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
