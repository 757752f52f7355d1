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
  /**
   * The parsed request body, when it had one. A body whose JSON is longer than the log's
   * `maxBodyChars` is kept as the start of its JSON text instead, with `bodyTruncated` set.
   */
  body: unknown
  /** Set when `body` holds only the start of a large body's JSON text. */
  bodyTruncated?: true
  /** Length of the body's JSON text in characters, when it was truncated. */
  bodySize?: number
}

/** Options of a {@link RequestLog}: what bounds its memory, whatever clients send. */
export interface RequestLogOptions {
  /** How many entries it keeps; the oldest go first. Default 10,000. */
  capacity?: number | undefined
  /** Longest body kept whole, in characters of JSON; longer ones are cut to this. Default 16,384. */
  maxBodyChars?: number | undefined
  /** Total characters of body kept across entries; the oldest entries go first. Default 16 Mi. */
  maxTotalChars?: number | undefined
}

/**
 * A copy of a string that does not hold on to the one it was cut from: engines keep a slice as
 * a view of its parent, so a 16 KB start of a 1 MB body would keep the whole megabyte alive.
 */
function detached(slice: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(slice))
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
  /** Body characters of each entry (parallel to `#entries`), and their sum over the kept ones. */
  #sizes: number[] = []
  #total = 0
  /** How many entries it keeps; the oldest go first. */
  readonly capacity: number
  /** Longest body kept whole, in characters of JSON. */
  readonly maxBodyChars: number
  /** Total characters of body kept across entries. */
  readonly maxTotalChars: number

  constructor(options: RequestLogOptions | number = {}) {
    const o = typeof options === 'number' ? { capacity: options } : options
    this.capacity = o.capacity ?? 10_000
    this.maxBodyChars = o.maxBodyChars ?? 16_384
    this.maxTotalChars = o.maxTotalChars ?? 16 * 1024 * 1024
  }

  /** @internal */
  push(entry: LoggedRequest): void {
    let size = 0
    if (entry.body !== undefined) {
      const text = JSON.stringify(entry.body) ?? ''
      size = Math.min(text.length, this.maxBodyChars)
      // A copy either way: the log must not keep (or see changes to) what the handler was given.
      if (text.length > this.maxBodyChars) entry = { ...entry, body: detached(text.slice(0, this.maxBodyChars)), bodyTruncated: true, bodySize: text.length }
      else entry = { ...entry, body: JSON.parse(text) as unknown }
    }
    this.#entries.push(entry)
    this.#sizes.push(size)
    this.#total += size
    while (this.#entries.length - this.#start > this.capacity || (this.#total > this.maxTotalChars && this.#entries.length - this.#start > 1)) {
      this.#total -= this.#sizes[this.#start]!
      this.#start++
    }
    if (this.#start >= Math.max(this.length, 64)) this.#compact()
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
    this.#sizes = []
    this.#start = 0
    this.#total = 0
  }

  /** Every entry, oldest first. */
  [Symbol.iterator](): Iterator<LoggedRequest> {
    return this.#compact()[Symbol.iterator]()
  }

  #compact(): LoggedRequest[] {
    if (this.#start > 0) {
      this.#entries = this.#entries.slice(this.#start)
      this.#sizes = this.#sizes.slice(this.#start)
      this.#start = 0
    }
    return this.#entries
  }
}
