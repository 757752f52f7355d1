import { BudgetedQueue, bufferBytes, OBJECT_BYTES, SLOT_BYTES, stringBytes, type ByteBudget } from '../../core/byte-budget.ts'

/**
 * One answered request, as the CLI prints it: wall-clock time (`at`, ISO), method, path with
 * query, status (0 for a dropped connection), milliseconds until the response was ready, and the
 * operation it matched.
 */
export interface RequestSummary {
  /** Wall-clock time the request arrived (ISO): what a developer compares with their app's logs. */
  at: string
  method: string
  /** Path and query. */
  path: string
  /** The status answered; 0 when the connection was dropped (an injected fault). */
  status: number
  /** Milliseconds until the response was ready. */
  duration: number
  operationId?: string
}

/** One HTTP exchange as the inspector lists it. */
export interface ExchangeSummary extends RequestSummary {
  /** Increasing from 1; `GET /_docplat/exchanges?after=<id>` asks for what came since. */
  id: number
}

/** Headers and (text) body of a request or response, bounded. */
export interface ExchangeMessage {
  headers: Record<string, string>
  body?: string
  /** The body was longer than the journal keeps. */
  truncated?: boolean
}

/** An exchange with its messages. */
export interface Exchange extends ExchangeSummary {
  request: ExchangeMessage
  response: ExchangeMessage
}

/** The messages of an exchange. */
export interface ExchangeMessages {
  request: ExchangeMessage
  response: ExchangeMessage
}

type Stored = Omit<ExchangeSummary, 'at'> & { at: string | number }

function summaryOf(stored: Stored): ExchangeSummary {
  const { id, at, ...rest } = stored
  return { id, at: typeof at === 'number' ? new Date(at).toISOString() : at, ...rest }
}

/** How many exchanges are listed at most; as many as the platform's request log keeps. */
export const EXCHANGE_CAPACITY = 10_000
/** How many of the newest keep their headers and bodies at most: enough to click through. */
export const DETAILED = 1_000
/** The most of one body kept, in characters. */
export const BODY_LIMIT = 64 * 1024

/** What a summary costs besides its path: the record and its fields, its slots in the journal. */
const SUMMARY_BYTES = OBJECT_BYTES + 8 * SLOT_BYTES + 3 * SLOT_BYTES

/**
 * The server's journal of HTTP exchanges, for the inspector: unlike the platform's request log it
 * sees every answer (control plane excluded), with headers, raw bodies and durations. Memory is
 * bounded by the {@link ByteBudget} it shares with the platform's request log (the oldest
 * entries of either go first), and by counts: 10,000 summaries, messages for the newest 1,000,
 * each body cut at 64 Ki characters.
 */
export class ExchangeJournal {
  /** Summaries with the time as milliseconds: its ISO text is made only for those read. */
  #list: BudgetedQueue<Stored>
  /** Messages, or how to make them when read: most exchanges are never opened. */
  #details = new Map<number, ExchangeMessages | RawExchange>()
  /** The IDs of `#details` in the order they were kept, charged to the budget. */
  #detailed: BudgetedQueue<number>
  #next = 1
  /** Changes on every `clear`, so a reader polling with `after` notices it must start over. */
  #epoch = 1
  readonly #budget: ByteBudget

  constructor(budget: ByteBudget) {
    this.#budget = budget
    this.#list = new BudgetedQueue<Stored>(budget, EXCHANGE_CAPACITY)
    this.#detailed = new BudgetedQueue<number>(budget, DETAILED, (id) => this.#details.delete(id))
  }

  /** Whether messages are kept at all: when not, nobody needs to make a {@link RawExchange}. */
  get keeps(): boolean {
    return this.#budget.keeps
  }

  /** Records a summary; its messages follow with {@link ExchangeJournal.detail} once read. */
  add(entry: Omit<ExchangeSummary, 'id' | 'at'> & { at: string | number }): number {
    const id = this.#next++
    const bytes =
      SUMMARY_BYTES + stringBytes(entry.path) + stringBytes(entry.method) + (typeof entry.at === 'string' ? stringBytes(entry.at) : 0)
    this.#list.push({ ...entry, id }, bytes)
    return id
  }

  /** Keeps an exchange's messages, or what to make them from when first read. */
  detail(id: number, messages: ExchangeMessages | RawExchange): void {
    // Still listed (a summary dropped for room takes its messages' place).
    if (!(id > this.#next - 1 - DETAILED) || this.#summaryAt(id) === undefined) return
    this.#details.set(id, messages)
    this.#detailed.push(id, SLOT_BYTES * 4 + (messages instanceof RawExchange ? messages.bytes : messagesBytes(messages)))
  }

  /** Summaries with an ID above `after`, oldest first, at most `limit` (the newest). */
  after(after: number, limit = EXCHANGE_CAPACITY): ExchangeSummary[] {
    const kept = this.#list.length
    // IDs increase by one, so the first one above `after` is found by arithmetic, not a scan.
    const first = this.#list.at(0)?.id ?? this.#next
    const from = Math.max(0, after + 1 - first, kept - limit)
    const out: ExchangeSummary[] = []
    for (let i = from; i < kept; i++) out.push(summaryOf(this.#list.at(i)!))
    return out
  }

  #summaryAt(id: number): Stored | undefined {
    const first = this.#list.at(0)?.id
    return first === undefined ? undefined : this.#list.at(id - first)
  }

  get(id: number): Exchange | undefined {
    const stored = this.#summaryAt(id)
    if (stored?.id !== id) return undefined
    const held = this.#details.get(id)
    // Made again on each read: the messages of a raw exchange may cost more than what it holds.
    const details = held instanceof RawExchange ? held.messages() : held
    const dropped: ExchangeMessage = {
      headers: {},
      body: "(no longer kept: the newest exchanges keep their messages, up to 1000 and within the request journal's memory budget)",
    }
    return { ...summaryOf(stored), request: details?.request ?? dropped, response: details?.response ?? dropped }
  }

  /** The ID the next exchange will get, minus one. */
  get last(): number {
    return this.#next - 1
  }

  /** Identifies the journal's contents since the last `clear`. */
  get epoch(): number {
    return this.#epoch
  }

  clear(): void {
    this.#epoch++
    this.#list.clear()
    this.#detailed.clear()
    this.#details.clear()
  }
}

/** What messages already made cost: their header and body strings, with a record per header. */
function messagesBytes(messages: ExchangeMessages): number {
  return messageBytes(messages.request) + messageBytes(messages.response)
}

function messageBytes(message: ExchangeMessage): number {
  let bytes = OBJECT_BYTES * 2 + (message.body === undefined ? 0 : stringBytes(message.body))
  for (const name in message.headers) bytes += 2 * SLOT_BYTES + stringBytes(name) + stringBytes(message.headers[name]!)
  return bytes
}

/** Headers a reader must not see whole: tokens are secrets even in a dev tool's log. */
const SECRET_HEADERS = new Set(['authorization', 'x-docplat-control-token', 'cookie', 'set-cookie', 'proxy-authorization'])

/** Headers as the inspector shows them (secrets redacted), from `Headers` or `[name, value]` pairs with lower-case names. */
export function headersOf(headers: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of headers) out[name] = SECRET_HEADERS.has(name) ? redact(value) : value
  return out
}

/**
 * A Node request's raw header list as `Headers` would hold it: lower-case names in order, repeats
 * joined with `, `, hop-by-hop ones left out.
 */
export function rawHeaderPairs(raw: readonly string[], skip: ReadonlySet<string>): Array<[string, string]> {
  const joined = new Map<string, string>()
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase()
    if (skip.has(name)) continue
    const before = joined.get(name)
    joined.set(name, before === undefined ? raw[i + 1]! : `${before}, ${raw[i + 1]!}`)
  }
  return [...joined].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/** A body as the journal holds it until read: see {@link boundedBody}. */
type HeldBody = string | Uint8Array | { text: string; truncated: boolean } | undefined

/**
 * What a Node-native exchange's messages are made from, kept as it came (the raw header list, the
 * body's bytes, the answer's headers and bytes) and turned into text only if someone opens it.
 * Everything it holds is bounded: bodies over `BODY_LIMIT` are cut when it is made.
 */
export class RawExchange {
  readonly #requestHeaders: readonly string[]
  readonly #requestBody: HeldBody
  readonly #responseHeaders: Readonly<Record<string, string>>
  readonly #responseBody: HeldBody | null
  readonly #skip: ReadonlySet<string>

  /** What it keeps alive, in bytes (see {@link ByteBudget}). */
  readonly bytes: number

  constructor(
    requestHeaders: readonly string[],
    skip: ReadonlySet<string>,
    requestBody: Uint8Array | undefined,
    responseHeaders: Readonly<Record<string, string>>,
    responseBody: string | Uint8Array | undefined | null,
  ) {
    this.#requestHeaders = requestHeaders
    this.#skip = skip
    this.#requestBody = boundedBody(requestBody)
    this.#responseHeaders = responseHeaders
    // `null`: a stream, not recorded.
    this.#responseBody = responseBody === null ? null : boundedBody(responseBody)
    let bytes = OBJECT_BYTES * 4 + heldBytes(this.#requestBody) + (this.#responseBody === null ? 0 : heldBytes(this.#responseBody))
    bytes += OBJECT_BYTES + requestHeaders.length * SLOT_BYTES
    for (const text of requestHeaders) bytes += stringBytes(text)
    for (const name in responseHeaders) bytes += 2 * SLOT_BYTES + stringBytes(name) + stringBytes(responseHeaders[name]!)
    this.bytes = bytes
  }

  messages(): ExchangeMessages {
    const responseHeaders = Object.entries(this.#responseHeaders).sort(([a], [b]) => (a < b ? -1 : 1))
    return {
      request: { headers: headersOf(rawHeaderPairs(this.#requestHeaders, this.#skip)), ...heldText(this.#requestBody) },
      response: {
        headers: headersOf(responseHeaders),
        ...(this.#responseBody === null ? { body: '(a Server-Sent Events stream: not recorded)' } : heldText(this.#responseBody)),
      },
    }
  }
}

/**
 * A body the journal can hold until it is read: text or bytes up to `BODY_LIMIT` kept as they
 * are, anything longer cut now, into a string of its own (a slice would keep the whole body alive).
 */
function boundedBody(body: string | Uint8Array | undefined): HeldBody {
  if (body === undefined) return body
  if (body.length <= BODY_LIMIT) {
    // A view keeps its whole buffer alive (a small Buffer shares an 8 KiB pool, Buffer.concat a
    // 64 KiB one): keep a copy of its own then (Buffer's slice() would be a view again).
    return typeof body !== 'string' && body.buffer.byteLength > body.byteLength + 1024 ? new Uint8Array(body) : body
  }
  // Four bytes at most per character: enough bytes to fill the limit, and to tell it was passed.
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body.subarray(0, 4 * BODY_LIMIT + 4))
  return text.length > BODY_LIMIT
    ? { text: Buffer.from(text.slice(0, BODY_LIMIT)).toString(), truncated: true }
    : { text, truncated: false }
}

function heldBytes(body: HeldBody): number {
  if (body === undefined) return 0
  if (typeof body === 'string') return stringBytes(body)
  if (body instanceof Uint8Array) return bufferBytes(body)
  return OBJECT_BYTES + stringBytes(body.text)
}

function heldText(body: HeldBody): Pick<ExchangeMessage, 'body' | 'truncated'> {
  if (body === undefined) return {}
  if (typeof body === 'string') return body === '' ? {} : { body }
  if (body instanceof Uint8Array) return body.byteLength === 0 ? {} : { body: new TextDecoder().decode(body) }
  return body.truncated ? { body: body.text, truncated: true } : { body: body.text }
}

/** `Bearer dpt_admin_abc...` keeps its scheme and the token's readable prefix (`dpt_admin_`), never the secret part. */
function redact(value: string): string {
  const match = /^(\w+\s+)?([A-Za-z]+_(?:[A-Za-z]+_)?)?\S*$/.exec(value)
  return `${match?.[1] ?? ''}${match?.[2] ?? ''}…(redacted)`
}

/** Reads at most `BODY_LIMIT` characters of a body without waiting for more than that. */
export async function bodyText(body: ReadableStream<Uint8Array> | null): Promise<Pick<ExchangeMessage, 'body' | 'truncated'>> {
  if (!body) return {}
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
      if (text.length > BODY_LIMIT) {
        await reader.cancel()
        return { body: text.slice(0, BODY_LIMIT), truncated: true }
      }
    }
    text += decoder.decode()
    return text === '' ? {} : { body: text }
  } catch {
    return { body: text, truncated: true }
  }
}
