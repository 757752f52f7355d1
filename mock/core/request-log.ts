/** One request the platform handled. */
export interface LoggedRequest {
  method: string
  url: string
  /** The operation it matched, if any. */
  operationId: string | undefined
  status: number
  /** Platform time when it was handled (ISO). */
  at: string
  /** The parsed request body, when it had one. */
  body: unknown
}

/** The log of handled requests, for assertions (`platform.requests.ofOperation('restoreSpace')`). */
export class RequestLog implements Iterable<LoggedRequest> {
  #entries: LoggedRequest[] = []
  /** How many entries it keeps; the oldest go first. */
  readonly capacity: number

  constructor(capacity = 10_000) {
    this.capacity = capacity
  }

  /** @internal */
  push(entry: LoggedRequest): void {
    this.#entries.push(entry)
    if (this.#entries.length > this.capacity) this.#entries.splice(0, this.#entries.length - this.capacity)
  }

  get length(): number {
    return this.#entries.length
  }

  all(): readonly LoggedRequest[] {
    return this.#entries
  }

  last(): LoggedRequest | undefined {
    return this.#entries.at(-1)
  }

  ofOperation(operationId: string): LoggedRequest[] {
    return this.#entries.filter((e) => e.operationId === operationId)
  }

  clear(): void {
    this.#entries = []
  }

  [Symbol.iterator](): Iterator<LoggedRequest> {
    return this.#entries[Symbol.iterator]()
  }
}
