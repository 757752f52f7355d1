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

/** How many exchanges are listed; as many as the platform's request log keeps. */
export const EXCHANGE_CAPACITY = 10_000
/** How many of the newest keep their headers and bodies: enough to click through, bounded in memory. */
export const DETAILED = 1_000
/** The most of one body kept, in characters. */
export const BODY_LIMIT = 64 * 1024

/**
 * The server's journal of HTTP exchanges, for the inspector: unlike the platform's request log it
 * sees every answer (control plane excluded), with headers, raw bodies and durations. Memory is
 * bounded: 10,000 summaries, and messages for the newest 1,000 only, each body cut at 64 KiB.
 */
export class ExchangeJournal {
  /** Summaries with the time as milliseconds: its ISO text is made only for those read. */
  #list: Stored[] = []
  /** Messages, or how to make them when read: most exchanges are never opened. */
  #details = new Map<number, ExchangeMessages | RawExchange>()
  #next = 1
  /** Changes on every `clear`, so a reader polling with `after` notices it must start over. */
  #epoch = 1

  /** Records a summary; its messages follow with {@link ExchangeJournal.detail} once read. */
  add(entry: Omit<ExchangeSummary, 'id' | 'at'> & { at: string | number }): number {
    const id = this.#next++
    this.#list.push({ ...entry, id })
    // Cut in bulk so a full journal does not copy itself on every request.
    if (this.#list.length >= 2 * EXCHANGE_CAPACITY) this.#list = this.#list.slice(-EXCHANGE_CAPACITY)
    this.#details.delete(id - DETAILED)
    return id
  }

  /** Keeps an exchange's messages, or what to make them from when first read. */
  detail(id: number, messages: ExchangeMessages | RawExchange): void {
    if (id > this.#next - 1 - DETAILED) this.#details.set(id, messages)
  }

  /** Summaries with an ID above `after`, oldest first, at most `limit` (the newest). */
  after(after: number, limit = EXCHANGE_CAPACITY): ExchangeSummary[] {
    const kept = this.#list.length > EXCHANGE_CAPACITY ? this.#list.slice(-EXCHANGE_CAPACITY) : this.#list
    // IDs increase by one, so the first one above `after` is found by arithmetic, not a scan.
    const first = kept[0]?.id ?? this.#next
    const from = Math.max(0, after + 1 - first)
    return kept.slice(Math.max(from, kept.length - limit)).map(summaryOf)
  }

  get(id: number): Exchange | undefined {
    const summary = this.after(id - 1, EXCHANGE_CAPACITY)[0]
    if (summary?.id !== id) return undefined
    let details = this.#details.get(id)
    if (details instanceof RawExchange) this.#details.set(id, (details = details.messages()))
    const dropped: ExchangeMessage = { headers: {}, body: '(no longer kept: only the latest 1000 exchanges keep their messages)' }
    return { ...summary, request: details?.request ?? dropped, response: details?.response ?? dropped }
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
    this.#list = []
    this.#details.clear()
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

  constructor(requestHeaders: readonly string[], skip: ReadonlySet<string>, requestBody: Uint8Array | undefined, responseHeaders: Readonly<Record<string, string>>, responseBody: string | Uint8Array | undefined | null) {
    this.#requestHeaders = requestHeaders
    this.#skip = skip
    this.#requestBody = boundedBody(requestBody)
    this.#responseHeaders = responseHeaders
    // `null`: a stream, not recorded.
    this.#responseBody = responseBody === null ? null : boundedBody(responseBody)
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
  if (body === undefined || body.length <= BODY_LIMIT) return body
  // Four bytes at most per character: enough bytes to fill the limit, and to tell it was passed.
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body.subarray(0, 4 * BODY_LIMIT + 4))
  return text.length > BODY_LIMIT ? { text: Buffer.from(text.slice(0, BODY_LIMIT)).toString(), truncated: true } : { text, truncated: false }
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
