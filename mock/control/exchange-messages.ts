import { BudgetedQueue, bufferBytes, OBJECT_BYTES, SLOT_BYTES, stringBytes, type ByteBudget } from '../base/byte-budget.ts'

/** Headers and (text) body of a request or response, bounded. */
export interface ExchangeMessage {
  headers: Record<string, string>
  body?: string
  /** The body was longer than the inspector keeps. */
  truncated?: boolean
  /** How many bytes of the body were left out, when it was cut (an answer's: see {@link ANSWER_PREFIX}). */
  omitted?: number
}

/** The messages of an exchange. */
export interface ExchangeMessages {
  request: ExchangeMessage
  response: ExchangeMessage
}

/** How many of the newest requests keep their headers and bodies at most: enough to click through. */
export const DETAILED = 1_000
/** The most of one request body kept, in characters. */
export const BODY_LIMIT = 64 * 1024
/**
 * The most of one answer's body kept, in characters: its first 8 Ki. A longer answer (a page of a
 * list) is kept as that prefix and the count of bytes left out, so the newest exchanges hold no
 * whole copy of the large answers a server sends, which would outlive their requests and be
 * freed only by the collector's full passes.
 */
export const ANSWER_PREFIX = 8 * 1024

/**
 * The headers and bodies of the newest requests of a platform's request log, by the log's entry
 * ID, for the inspector: the log keeps what every request was (`platform.requests`), this what
 * went over the wire for the newest ones. Bounded by its {@link ByteBudget} (the platform's own
 * by default, so the oldest of either go first) and by a count: messages for the newest 1,000,
 * each body cut at 64 Ki characters.
 */
export class ExchangeDetails {
  readonly #messages = new Map<number, RawExchange>()
  /** The IDs of `#messages` in the order they were kept, charged to the budget. */
  readonly #kept: BudgetedQueue<number>
  readonly #budget: ByteBudget

  constructor(budget: ByteBudget) {
    this.#budget = budget
    this.#kept = new BudgetedQueue<number>(budget, DETAILED, (id) => this.#messages.delete(id))
  }

  /** Whether messages are kept at all: when not, nobody needs to make a {@link RawExchange}. */
  get keeps(): boolean {
    return this.#budget.keeps
  }

  /** Keeps the messages of the log's entry `id`. */
  add(id: number, messages: RawExchange): void {
    this.#messages.set(id, messages)
    this.#kept.push(id, SLOT_BYTES * 4 + messages.bytes)
  }

  /** The messages of the log's entry `id`, made again on each read (they may cost more than what is held). */
  get(id: number): ExchangeMessages | undefined {
    return this.#messages.get(id)?.messages()
  }

  clear(): void {
    this.#kept.clear()
    this.#messages.clear()
  }
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

/** A body as the exchanges hold it until read: see {@link boundedBody} and {@link answerPrefix}. */
type HeldBody = string | Uint8Array | { text: string; truncated: boolean; omitted?: number } | undefined

/**
 * What a Node-native exchange's messages are made from, kept as it came (the raw header list, the
 * body's bytes, the answer's headers and bytes) and turned into text only if someone opens it.
 * Everything it holds is bounded: a request body over `BODY_LIMIT` and an answer over
 * `ANSWER_PREFIX` are cut when it is made.
 */
export class RawExchange {
  readonly #requestHeaders: readonly string[]
  readonly #requestBody: HeldBody
  readonly #responseHeaders: Readonly<Record<string, string | readonly string[]>>
  readonly #responseBody: HeldBody | null
  readonly #skip: ReadonlySet<string>

  /** What it keeps alive, in bytes (see {@link ByteBudget}). */
  readonly bytes: number

  constructor(
    requestHeaders: readonly string[],
    skip: ReadonlySet<string>,
    requestBody: Uint8Array | undefined,
    responseHeaders: Readonly<Record<string, string | readonly string[]>>,
    responseBody: string | Uint8Array | undefined | null,
    /** The answer's length in bytes, when the caller knows it (a text's, as sent). */
    responseLength?: number,
  ) {
    this.#requestHeaders = requestHeaders
    this.#skip = skip
    this.#requestBody = boundedBody(requestBody)
    this.#responseHeaders = responseHeaders
    // `null`: a stream, not recorded.
    this.#responseBody = responseBody === null ? null : answerPrefix(responseBody, responseLength)
    let bytes = OBJECT_BYTES * 4 + heldBytes(this.#requestBody) + (this.#responseBody === null ? 0 : heldBytes(this.#responseBody))
    bytes += OBJECT_BYTES + requestHeaders.length * SLOT_BYTES
    for (const text of requestHeaders) bytes += stringBytes(text)
    for (const name in responseHeaders) bytes += 2 * SLOT_BYTES + stringBytes(name) + stringBytes(String(responseHeaders[name]!))
    this.bytes = bytes
  }

  messages(): ExchangeMessages {
    const responseHeaders = Object.entries(this.#responseHeaders)
      .map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : value.join(', ')])
      .sort(([a], [b]) => (a < b ? -1 : 1))
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
 * A body the exchanges can hold until it is read: text or bytes up to `BODY_LIMIT` kept as they
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

/**
 * An answer's body as the exchanges hold it: up to `ANSWER_PREFIX` characters as it is, a longer
 * one as a copy of its first `ANSWER_PREFIX` characters (a slice would keep the whole answer
 * alive) and how many bytes were left out. `length` is the body's length in bytes when known.
 */
function answerPrefix(body: string | Uint8Array | undefined, length?: number): HeldBody {
  if (body === undefined || body.length <= ANSWER_PREFIX) return boundedBody(body)
  let text: string
  let total: number
  if (typeof body === 'string') {
    // A surrogate pair is kept whole or left out whole.
    const end = isHighSurrogate(body.charCodeAt(ANSWER_PREFIX - 1)) ? ANSWER_PREFIX - 1 : ANSWER_PREFIX
    text = body.slice(0, end)
    total = length ?? Buffer.byteLength(body)
  } else {
    // Four bytes at most per character: enough to fill the prefix; a character cut at the end of
    // the bytes decoded is left out by the cut below.
    text = new TextDecoder().decode(body.subarray(0, 4 * ANSWER_PREFIX + 4))
    if (text.length > ANSWER_PREFIX)
      text = text.slice(0, isHighSurrogate(text.charCodeAt(ANSWER_PREFIX - 1)) ? ANSWER_PREFIX - 1 : ANSWER_PREFIX)
    total = body.byteLength
  }
  // Text of one-byte characters copies as Latin-1; the copy's length is the prefix's bytes as sent.
  const ascii = typeof body === 'string' ? total === body.length : false
  const copy = Buffer.from(text, ascii ? 'latin1' : 'utf8')
  const omitted = total - copy.byteLength
  return omitted > 0 ? { text: copy.toString(ascii ? 'latin1' : 'utf8'), truncated: true, omitted } : { text, truncated: false }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function heldBytes(body: HeldBody): number {
  if (body === undefined) return 0
  if (typeof body === 'string') return stringBytes(body)
  if (body instanceof Uint8Array) return bufferBytes(body)
  return OBJECT_BYTES + stringBytes(body.text)
}

function heldText(body: HeldBody): Pick<ExchangeMessage, 'body' | 'truncated' | 'omitted'> {
  if (body === undefined) return {}
  if (typeof body === 'string') return body === '' ? {} : { body }
  if (body instanceof Uint8Array) return body.byteLength === 0 ? {} : { body: new TextDecoder().decode(body) }
  if (!body.truncated) return { body: body.text }
  return body.omitted === undefined ? { body: body.text, truncated: true } : { body: body.text, truncated: true, omitted: body.omitted }
}

/** `Bearer dpt_admin_abc...` keeps its scheme and the token's readable prefix (`dpt_admin_`), never the secret part. */
function redact(value: string): string {
  const match = /^(\w+\s+)?([A-Za-z]+_(?:[A-Za-z]+_)?)?\S*$/.exec(value)
  return `${match?.[1] ?? ''}${match?.[2] ?? ''}…(redacted)`
}
