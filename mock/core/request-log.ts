import type { OperationId } from '../../src/contract/index.ts'

/** One request the platform handled. */
export interface LoggedRequest {
  /** The HTTP method, upper case. */
  method: string
  /** The full request URL, query included. */
  url: string
  /** The operation it matched, if any. */
  operationId: OperationId | undefined
  /** The status the platform answered. */
  status: number
  /** Platform time when it was handled (ISO). */
  at: string
  /** The parsed request body, when it had one. */
  body: unknown
}

/** The log of handled requests, for assertions (`platform.requests.ofOperation('restoreSpace')`). */
export class RequestLog implements Iterable<LoggedRequest> {
  #entries: LoggedRequest[] = []
  /**
   * Entries before this index are forgotten. Dropping the oldest entry by shifting the array
   * cost a copy of the whole log per request once it was full; the forgotten ones are cut off
   * together instead, when they are as many as the kept ones.
   */
  #start = 0
  /** How many entries it keeps; the oldest go first. */
  readonly capacity: number

  constructor(capacity = 10_000) {
    this.capacity = capacity
  }

  /** @internal */
  push(entry: LoggedRequest): void {
    this.#entries.push(entry)
    if (this.#entries.length - this.#start > this.capacity) this.#start = this.#entries.length - this.capacity
    if (this.#start >= this.capacity) this.#compact()
  }

  /** How many entries it holds. */
  get length(): number {
    return this.#entries.length - this.#start
  }

  /** Every entry, oldest first. */
  all(): readonly LoggedRequest[] {
    return this.#compact()
  }

  /** The latest entry. */
  last(): LoggedRequest | undefined {
    return this.length > 0 ? this.#entries.at(-1) : undefined
  }

  /** The entries of one operation, oldest first. */
  ofOperation(operationId: OperationId): LoggedRequest[] {
    return this.#compact().filter((e) => e.operationId === operationId)
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries = []
    this.#start = 0
  }

  /** Every entry, oldest first. */
  [Symbol.iterator](): Iterator<LoggedRequest> {
    return this.#compact()[Symbol.iterator]()
  }

  #compact(): LoggedRequest[] {
    if (this.#start > 0) {
      this.#entries = this.#entries.slice(this.#start)
      this.#start = 0
    }
    return this.#entries
  }
}
