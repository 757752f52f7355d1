import { parseDuration } from './clock.ts'
import { Random } from './random.ts'

/** Which requests a fault applies to; every given field must match. */
export interface FaultMatch {
  /** The operation, by its ID in the contract (`getSpaceById`). */
  operationId?: string
  /** The HTTP method, in any case. */
  method?: string
  /** A pathname (`/v1/spaces/abc`) or a pattern tested against it. */
  path?: string | RegExp
}

/** A failure to inject. */
export interface FaultSpec extends FaultMatch {
  /** Delay before answering (`'200ms'`, `'2s'` or ms). */
  latency?: string | number
  /** Answer with this status and an error body instead of running the operation. */
  status?: number
  /** With status 429 or 503: the `Retry-After` seconds to send. */
  retryAfter?: number
  /** Drop the connection: `platform.fetch` rejects, the HTTP server destroys the socket. */
  drop?: boolean
  /** Apply to this many matching requests, then expire. Default: every matching request. */
  times?: number
  /** Apply to this fraction (0..1) of matching requests. Default 1. */
  rate?: number
  /** The error message of an injected status. Default `Injected fault: <status>`. */
  message?: string
}

/** What the dispatcher does for one request once faults are consulted. */
export interface FaultOutcome {
  latency: number
  status?: number
  retryAfter?: number
  drop?: boolean
  message?: string
}

interface Active extends FaultSpec {
  id: number
  used: number
}

/** Rehearse failures: latency, error statuses, dropped connections, 429 with `Retry-After`. */
export class Faults {
  #list: Active[] = []
  #next = 1
  // Independent of the platform's own randomness, so injecting faults never changes IDs.
  readonly #random = new Random('faults')

  /** Adds a fault; returns its ID for `remove`. */
  add(spec: FaultSpec): number {
    if (spec.rate !== undefined && !(spec.rate >= 0 && spec.rate <= 1)) throw new RangeError('rate must be between 0 and 1')
    if (spec.latency !== undefined) parseDuration(spec.latency)
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
    let outcome: FaultOutcome | undefined
    for (const f of this.#list) {
      if (f.method && f.method.toUpperCase() !== method) continue
      if (f.operationId && f.operationId !== operationId) continue
      if (f.path !== undefined && !(typeof f.path === 'string' ? f.path === path : f.path.test(path))) continue
      if (f.rate !== undefined && this.#random.next() / 2 ** 32 >= f.rate) continue
      f.used++
      outcome ??= { latency: 0 }
      if (f.latency !== undefined) outcome.latency += parseDuration(f.latency)
      if (f.drop) outcome.drop = true
      if (f.status !== undefined && outcome.status === undefined) {
        outcome.status = f.status
        if (f.retryAfter !== undefined) outcome.retryAfter = f.retryAfter
        if (f.message !== undefined) outcome.message = f.message
      }
    }
    this.#list = this.#list.filter((f) => f.times === undefined || f.used < f.times)
    return outcome
  }
}
