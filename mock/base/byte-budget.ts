/** The default {@link ByteBudget} of what a platform and its server keep about past requests: 32 MiB. */
export const DEFAULT_REQUEST_JOURNAL_BYTES = 32 * 1024 * 1024

/**
 * A log that keeps entries charged to a {@link ByteBudget}, oldest first, so the budget can make
 * room by dropping the oldest entry of all its logs.
 */
export interface BudgetedLog {
  /** The budget's number for the oldest entry this log still keeps; `Infinity` when it keeps none. */
  readonly oldestTicket: number
  /** Drops the oldest entry and gives its bytes back ({@link ByteBudget.release}). */
  dropOldest(): void
}

/**
 * How many bytes of memory the logs of past requests may keep, together: the platform's request
 * log (`platform.requests`, `GET /_docplat/requests`) and the server's exchanges (the
 * inspector's). Each log charges what it keeps (an estimate of the bytes V8 retains: a string of
 * one-byte characters 1 byte a character, two-byte ones 2, plus a fixed overhead per entry and
 * per string); once the total passes the limit, the oldest entries of all of them go first. A
 * limit of `0` keeps nothing.
 *
 * Give the same budget to `createMockPlatform({ requestJournal })` and
 * `startMockServer({ requestJournal })` to bound both under one figure; the server uses its
 * platform's own budget when given none.
 *
 * A budget made `within` another is a share of it: what its logs keep counts against both, the
 * oldest entries of all the outer budget's logs go first when the outer one is full, and its own
 * oldest when it alone is. The platforms a server hosts each take such a share of the server's
 * budget, so together they never keep more than it.
 */
export class ByteBudget {
  /** The most bytes kept, together. */
  readonly limit: number
  #used = 0
  #tickets = 0
  readonly #logs: BudgetedLog[] = []
  #within: ByteBudget | undefined

  constructor(limit: number = DEFAULT_REQUEST_JOURNAL_BYTES, within?: ByteBudget) {
    if (!(Number.isSafeInteger(limit) && limit >= 0))
      throw new RangeError(`Invalid request journal budget ${String(limit)}: expected a whole number of bytes, 0 or more`)
    this.limit = limit
    this.#within = within
  }

  /**
   * Stops counting against the budget this one was made within: its bytes are given back there
   * and its logs are no longer dropped from there (a hosted platform that ended). @internal
   */
  detach(): void {
    const within = this.#within
    if (!within) return
    this.#within = undefined
    within.#leave(this.#logs, this.#used)
  }

  #leave(logs: readonly BudgetedLog[], bytes: number): void {
    for (const log of logs) {
      const at = this.#logs.indexOf(log)
      if (at >= 0) this.#logs.splice(at, 1)
    }
    this.release(bytes)
  }

  /** Bytes charged now. */
  get used(): number {
    return this.#used
  }

  /** Whether anything can be kept at all (`limit` above 0): a log skips its work when not. */
  get keeps(): boolean {
    return this.limit > 0 && (this.#within?.keeps ?? true)
  }

  /** Makes `log` one of those whose oldest entries go first when the budget is exceeded. @internal */
  join(log: BudgetedLog): void {
    if (!this.#logs.includes(log)) this.#logs.push(log)
    this.#within?.join(log)
  }

  /** The number of a new entry: entries of every log of this budget are dropped in this order. @internal */
  ticket(): number {
    // One count for the outer budget and its shares, so "oldest" means the same in all of them.
    return this.#within ? this.#within.ticket() : ++this.#tickets
  }

  /**
   * Adds `bytes` for an entry its log now keeps (under a {@link ByteBudget.ticket}), then drops
   * the oldest entries of all logs until the total fits (the new one too, when it alone does not). @internal
   */
  charge(bytes: number): void {
    this.#used += bytes
    this.#within?.charge(bytes)
    if (this.#used > this.limit) this.#shrink()
  }

  /** Gives back the bytes of an entry a log no longer keeps. @internal */
  release(bytes: number): void {
    this.#used -= bytes
    this.#within?.release(bytes)
  }

  #shrink(): void {
    while (this.#used > this.limit) {
      let oldest: BudgetedLog | undefined
      for (const log of this.#logs) if (log.oldestTicket < (oldest?.oldestTicket ?? Infinity)) oldest = log
      if (!oldest) return
      oldest.dropOldest()
    }
  }
}

/** Bytes V8 keeps for an object or array header, and per property slot (64-bit, no pointer compression). */
export const OBJECT_BYTES = 32
export const SLOT_BYTES = 8

/**
 * What a string costs on the heap: its header, and 1 byte a character when every character is
 * Latin-1 (V8 stores it as one-byte), 2 otherwise.
 */
export function stringBytes(text: string): number {
  return 16 + (TWO_BYTE.test(text) ? 2 : 1) * text.length
}

const TWO_BYTE = /[^\0-\xff]/

/** What the bytes of a typed array cost: the whole buffer it views (a view keeps all of it alive). */
export function bufferBytes(bytes: Uint8Array): number {
  return OBJECT_BYTES * 2 + bytes.buffer.byteLength
}

/**
 * Entries charged to a {@link ByteBudget}, oldest first, with a count limit of their own: the
 * storage both request logs share. Dropping from the front moves an index; the dropped slots are
 * cut off together once they are as many as the kept ones, so a full log never copies itself on
 * every entry.
 */
export class BudgetedQueue<T> implements BudgetedLog {
  #items: (T | undefined)[] = []
  #bytes: number[] = []
  #tickets: number[] = []
  #start = 0
  readonly #budget: ByteBudget
  readonly #capacity: number
  readonly #onDrop: ((item: T) => void) | undefined

  constructor(budget: ByteBudget, capacity: number, onDrop?: (item: T) => void) {
    this.#budget = budget
    this.#capacity = capacity
    this.#onDrop = onDrop
    budget.join(this)
  }

  /** Keeps `item`, charged `bytes`, dropping the oldest beyond the count limit or the budget. */
  push(item: T, bytes: number): void {
    if (!this.#budget.keeps || this.#capacity <= 0) return
    this.#items.push(item)
    this.#bytes.push(bytes)
    this.#tickets.push(this.#budget.ticket())
    if (this.length > this.#capacity) this.dropOldest()
    this.#budget.charge(bytes)
  }

  get length(): number {
    return this.#items.length - this.#start
  }

  get oldestTicket(): number {
    return this.length > 0 ? this.#tickets[this.#start]! : Infinity
  }

  /** The entry `index` places after the oldest kept. */
  at(index: number): T | undefined {
    return index >= 0 && index < this.length ? this.#items[this.#start + index] : undefined
  }

  /** The newest entry. */
  last(): T | undefined {
    return this.length > 0 ? this.#items[this.#items.length - 1] : undefined
  }

  /** Every kept entry, oldest first (a copy). */
  items(): T[] {
    return this.#items.slice(this.#start) as T[]
  }

  dropOldest(): void {
    if (this.length === 0) return
    const item = this.#items[this.#start] as T
    this.#items[this.#start] = undefined
    this.#budget.release(this.#bytes[this.#start]!)
    this.#start++
    if (this.#start >= Math.max(this.length, 64)) {
      this.#items = this.#items.slice(this.#start)
      this.#bytes = this.#bytes.slice(this.#start)
      this.#tickets = this.#tickets.slice(this.#start)
      this.#start = 0
    }
    this.#onDrop?.(item)
  }

  /** Forgets every entry, giving their bytes back. */
  clear(): void {
    let bytes = 0
    for (let i = this.#start; i < this.#bytes.length; i++) bytes += this.#bytes[i]!
    this.#budget.release(bytes)
    this.#items = []
    this.#bytes = []
    this.#tickets = []
    this.#start = 0
  }
}
