import type { OperationId } from '../../src/contract/index.ts'
import { BudgetedQueue, ByteBudget, OBJECT_BYTES, SLOT_BYTES, stringBytes } from './byte-budget.ts'

/** One request the platform handled. */
export interface LoggedRequest {
  /** The HTTP method, upper case. */
  method: string
  /** The full request URL, query included. */
  url: string
  /** The operation it matched, if any (absent from the JSON of a control plane's request log when none). */
  operationId?: OperationId | undefined
  /** The status the platform answered. */
  status: number
  /**
   * How the client named itself: its `X-Docplat-Client` header (what the SDK sends from a
   * browser), else its `User-Agent` (`docplat/0.1.0 node/24.1.0`); at most 256 characters.
   * Absent when it sent neither.
   */
  client?: string
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
  /** The name (label) of the token that authenticated it: `admin` for `platform.tokens.admin`. Never the token. */
  tokenName?: string
  /**
   * Set when the request was a near miss: it matched no operation, was refused before the
   * operation ran, or held body fields the operation ignored (then `operationId` is set and the
   * operation's answer and change stand).
   */
  miss?: NearMiss
  /** Set when injected faults (`platform.faults`) acted on the request: which ones, and what the caller got. */
  fault?: InjectedFault
}

/**
 * What injected faults did to a logged request. `status` of the entry stays what the platform
 * answered: the fault's own status when it acted before the operation (which then did not run),
 * the operation's when it acted `after` (the change was made; the caller got the fault's answer).
 */
export interface InjectedFault {
  /** The IDs of the faults that acted on it, as `platform.faults.add` returned them, in the order they were added. */
  ids: number[]
  /** Set when the faults acted after the operation ran: its change was kept, its answer delayed, replaced or dropped. */
  after?: true
  /** The status the caller got from a fault instead of the operation's answer. */
  status?: number
  /** Set when the caller got no answer: the connection was dropped. */
  drop?: true
  /** Milliseconds of delay injected, when a fault had a latency (drawn from a range or a distribution when given one). */
  latency?: number
}

/**
 * Why a request was a near miss: it never reached an operation, or (`unknown-field`) reached one
 * with body fields the operation ignores.
 */
export type NearMissReason = 'no-route' | 'method-not-allowed' | 'validation' | 'authentication' | 'unknown-field'

/**
 * A request that matched no operation (`no-route`, `method-not-allowed`), that matched one but
 * was refused before it ran (`validation`: a 400, 413 or 415 about its input; `authentication`: a
 * 401), or that its operation answered while ignoring fields of its body it does not take
 * (`unknown-field`), with the operation it came closest to.
 */
export interface NearMiss {
  /** Why it missed. */
  reason: NearMissReason
  /** What the platform answered (the error message, at most 512 characters). */
  message: string
  /** The operation it came closest to, and what of the request stopped it matching. */
  closest?: ClosestOperation
}

/** The operation a near miss came closest to. */
export interface ClosestOperation {
  operationId: OperationId
  /** Its method and path template (`POST`, `/v1/orgs/{organizationId}/collections`). */
  method: string
  path: string
  /**
   * What stopped the request matching it: `method`, `path` (a segment differs), a field of the
   * input as the 400 names it (`body.title`, `query.limit`), `header.authorization`, or the body
   * field the operation does not take (`body.titel`).
   */
  field: string
  /** For an unknown body field, the known field nearest to it (`body.title`), when one is near. */
  didYouMean?: string
}

/** Options of a {@link RequestLog}: what bounds its memory, whatever clients send. */
export interface RequestLogOptions {
  /** How many entries it keeps; the oldest go first. Default 10,000. */
  capacity?: number | undefined
  /** Longest body kept whole, in characters of JSON; longer ones are cut to this. Default 16,384. */
  maxBodyChars?: number | undefined
  /**
   * Total characters of body kept across entries; the oldest entries go first. Default: no bound
   * of its own, the `budget` bounds the log.
   * @deprecated The log is bounded in bytes by its `budget` (`requestJournal` of `createMockPlatform`).
   */
  maxTotalChars?: number | undefined
  /**
   * The bytes it may keep, shared with the server's exchanges when given to both.
   * Default: a budget of its own of 32 MiB.
   */
  budget?: ByteBudget | undefined
}

/**
 * A copy of a string that does not hold on to the one it was cut from: engines keep a slice as
 * a view of its parent, so a 16 KB start of a 1 MB body would keep the whole megabyte alive.
 */
function detached(slice: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(slice))
}

/**
 * An entry as the inspector lists it (`GET /_docplat/exchanges`): numbered, with how long it took
 * to answer when a server measured it.
 */
export interface NumberedRequest {
  /** Increasing by one from 1 across the log's life; never reused after `clear`. */
  id: number
  method: string
  url: string
  operationId: OperationId | undefined
  status: number
  at: string
  /** Milliseconds from the request's arrival to its answer, when a server measured them. */
  duration: number | undefined
  /** Wall-clock milliseconds when it arrived at a server (`at` is the platform's time). */
  arrived: number | undefined
  /** Set when it was a near miss (see {@link LoggedRequest.miss}). */
  miss: NearMiss | undefined
  /** Set when injected faults acted on it (see {@link LoggedRequest.fault}). */
  fault: InjectedFault | undefined
}

/** An entry as kept: the body as its JSON text, parsed only when read. */
interface Kept {
  id: number
  duration: number | undefined
  arrived: number | undefined
  method: string
  url: string
  operationId: OperationId | undefined
  status: number
  at: string
  client: string | undefined
  json: string | undefined
  /** Characters of the original JSON, when `json` holds only its start. */
  cutFrom: number | undefined
  tokenName: string | undefined
  miss: NearMiss | undefined
  fault: InjectedFault | undefined
}

/** What an entry costs besides its strings: the record, its slots in the log, its number. */
const ENTRY_BYTES = OBJECT_BYTES + 12 * SLOT_BYTES + 3 * SLOT_BYTES

/** The log of handled requests, for assertions (`platform.requests.ofOperation('restoreSpace')`). */
export class RequestLog implements Iterable<LoggedRequest> {
  readonly #queue: BudgetedQueue<Kept>
  /** Body characters kept, for the deprecated `maxTotalChars`. */
  #chars = 0
  /** How many entries it keeps; the oldest go first. */
  readonly capacity: number
  /** Longest body kept whole, in characters of JSON. */
  readonly maxBodyChars: number
  /** Total characters of body kept across entries (`Infinity` unless set). */
  readonly maxTotalChars: number
  /** The bytes this log may keep, shared with whatever else was given the same budget. */
  readonly budget: ByteBudget
  #next = 1
  #epoch = 1

  constructor(options: RequestLogOptions | number = {}) {
    const o = typeof options === 'number' ? { capacity: options } : options
    this.capacity = o.capacity ?? 10_000
    this.maxBodyChars = o.maxBodyChars ?? 16_384
    this.maxTotalChars = o.maxTotalChars ?? Infinity
    this.budget = o.budget ?? new ByteBudget()
    this.#queue = new BudgetedQueue<Kept>(this.budget, this.capacity, (dropped) => (this.#chars -= dropped.json?.length ?? 0))
  }

  /** Keeps an entry; returns its ID (see {@link RequestLog.numbered}), `undefined` when the log keeps nothing. @internal */
  push(entry: LoggedRequest): number | undefined {
    if (!this.budget.keeps) return undefined
    let json: string | undefined
    let cutFrom: number | undefined
    if (entry.body !== undefined) {
      // Kept as text either way: the log must not keep (or see changes to) what the handler was
      // given, and text is what it costs (a parsed copy would cost several times its text).
      json = JSON.stringify(entry.body) ?? ''
      if (json.length > this.maxBodyChars) {
        cutFrom = json.length
        json = detached(json.slice(0, this.maxBodyChars))
      }
    }
    const kept: Kept = {
      id: this.#next++,
      duration: undefined,
      arrived: undefined,
      method: entry.method,
      url: entry.url,
      operationId: entry.operationId,
      status: entry.status,
      at: entry.at,
      client: entry.client,
      json,
      cutFrom,
      tokenName: entry.tokenName,
      miss: entry.miss,
      fault: entry.fault && copyOfFault(entry.fault),
    }
    this.#chars += json?.length ?? 0
    this.#queue.push(
      kept,
      ENTRY_BYTES +
        stringBytes(entry.method) +
        stringBytes(entry.url) +
        stringBytes(entry.at) +
        (entry.client === undefined ? 0 : stringBytes(entry.client)) +
        (json === undefined ? 0 : stringBytes(json)) +
        (entry.tokenName === undefined ? 0 : stringBytes(entry.tokenName)) +
        (entry.miss === undefined
          ? 0
          : OBJECT_BYTES * 2 +
            stringBytes(entry.miss.message) +
            ((entry.miss.closest?.field.length ?? 0) + (entry.miss.closest?.didYouMean?.length ?? 0)) * 2) +
        (entry.fault === undefined ? 0 : OBJECT_BYTES * 2 + (5 + entry.fault.ids.length) * SLOT_BYTES),
    )
    while (this.#chars > this.maxTotalChars && this.#queue.length > 1) this.#queue.dropOldest()
    return kept.id
  }

  /** Records when the entry `id` arrived at a server (wall clock) and how long it took to answer. @internal */
  timed(id: number, arrived: number, duration: number): void {
    const kept = this.#keptAt(id)
    if (!kept) return
    kept.arrived = arrived
    kept.duration = duration
  }

  #keptAt(id: number): Kept | undefined {
    // IDs increase by one, so an entry is found by arithmetic, not a scan.
    const first = this.#queue.at(0)?.id
    const kept = first === undefined ? undefined : this.#queue.at(id - first)
    return kept?.id === id ? kept : undefined
  }

  /** Entries with an ID above `after`, oldest first, at most `limit` (the newest), numbered. @internal */
  numbered(after: number, limit: number): NumberedRequest[] {
    const kept = this.#queue.length
    const first = this.#queue.at(0)?.id ?? this.#next
    const from = Math.max(0, after + 1 - first, kept - limit)
    const out: NumberedRequest[] = []
    for (let i = from; i < kept; i++) out.push(numberedOf(this.#queue.at(i)!))
    return out
  }

  /** The entry `id`, numbered, while the log keeps it. @internal */
  entry(id: number): NumberedRequest | undefined {
    const kept = this.#keptAt(id)
    return kept && numberedOf(kept)
  }

  /** The ID of the latest entry kept so far (0 before any). @internal */
  get lastId(): number {
    return this.#next - 1
  }

  /** Changes on every `clear`, so a reader polling with `after` notices it must start over. @internal */
  get epoch(): number {
    return this.#epoch
  }

  /** How many entries it holds. */
  get length(): number {
    return this.#queue.length
  }

  /** Every entry, oldest first. */
  all(): readonly LoggedRequest[] {
    return this.#queue.items().map(materialize)
  }

  /** The latest entry. */
  last(): LoggedRequest | undefined {
    const kept = this.#queue.last()
    return kept && materialize(kept)
  }

  /** The entries of one operation, oldest first. */
  ofOperation(operationId: OperationId): LoggedRequest[] {
    return this.#queue
      .items()
      .filter((e) => e.operationId === operationId)
      .map(materialize)
  }

  /**
   * The near misses, oldest first: requests that matched no operation, were refused by
   * validation or authentication before one ran, or held body fields their operation ignored
   * (each with its `miss`).
   */
  unmatched(): LoggedRequest[] {
    return this.#queue
      .items()
      .filter((e) => e.miss !== undefined)
      .map(materialize)
  }

  /** Forgets every entry. */
  clear(): void {
    this.#epoch++
    this.#queue.clear()
    this.#chars = 0
  }

  /** Every entry, oldest first. */
  [Symbol.iterator](): Iterator<LoggedRequest> {
    return this.all()[Symbol.iterator]()
  }
}

function numberedOf(kept: Kept): NumberedRequest {
  const { id, method, url, operationId, status, at, duration, arrived } = kept
  return {
    id,
    method,
    url,
    operationId,
    status,
    at,
    duration,
    arrived,
    miss: kept.miss && copyOf(kept.miss),
    fault: kept.fault && copyOfFault(kept.fault),
  }
}

/** A copy, for the same reason; also what the log keeps of what it was given. */
function copyOfFault(fault: InjectedFault): InjectedFault {
  return { ...fault, ids: [...fault.ids] }
}

/** A copy: what a reader does with it never changes the log. */
function copyOf(miss: NearMiss): NearMiss {
  return { ...miss, ...(miss.closest ? { closest: { ...miss.closest } } : {}) }
}

function materialize(kept: Kept): LoggedRequest {
  const { json, cutFrom } = kept
  const body = json === undefined ? undefined : cutFrom !== undefined ? json : json === '' ? undefined : (JSON.parse(json) as unknown)
  return {
    method: kept.method,
    url: kept.url,
    operationId: kept.operationId,
    status: kept.status,
    ...(kept.client !== undefined ? { client: kept.client } : {}),
    at: kept.at,
    body,
    ...(cutFrom !== undefined ? { bodyTruncated: true as const, bodySize: cutFrom } : {}),
    ...(kept.tokenName !== undefined ? { tokenName: kept.tokenName } : {}),
    ...(kept.miss !== undefined ? { miss: copyOf(kept.miss) } : {}),
    ...(kept.fault !== undefined ? { fault: copyOfFault(kept.fault) } : {}),
  }
}
