/**
 * The Node side of the platform's core: an `IncomingMessage` read as the core's plain request and
 * its plain answer written to the `ServerResponse`, with no WHATWG `Request`, `Headers`, `URL` or
 * `Response` in between (docs/decisions/node.md, "The Node-native path").
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PlainAnswer, PlainRequest } from '../dispatch.ts'
import { writeChunks } from './response.ts'

/**
 * A request target the WHATWG URL parser would leave as it is: an absolute path of plain URL
 * characters (no `'` in the query, which a URL encodes there), no dot segments (`/./`, `/../`, or
 * their `%2e` spellings) and no backslash. Others
 * go through `URL`, so both transports route exactly the same path.
 */
const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@%/]*(?:\?[\w\-.~!$&()*+,;=:@%/?]*)?$/
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i
/** A Host the URL parser would not rewrite (lower case, no default port). */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?$/
const VALID_HOST = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/

/** The absolute URL as the client addressed it, falling back to the listen address for a missing or odd Host. */
export function requestUrl(req: IncomingMessage, base: string): string {
  const target = req.url ?? '/'
  // Absolute-form targets (`GET http://host/path`) are what proxies send.
  if (!target.startsWith('/')) {
    try {
      return new URL(target).href
    } catch {
      return `${base}/${target}`
    }
  }
  const host = req.headers.host
  const origin = host && VALID_HOST.test(host) ? `http://${host}` : base
  return `${origin}${target}`
}

/** Where a request goes: its URL for the log, its path and query, as a WHATWG `Request` would have them. */
export function requestTarget(req: IncomingMessage, base: string): { url: string; pathname: string; search: string } {
  const target = req.url ?? '/'
  const host = req.headers.host
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target) && host !== undefined && PLAIN_HOST.test(host) && !host.endsWith(':80')) {
    const q = target.indexOf('?')
    return { url: `http://${host}${target}`, pathname: q < 0 ? target : target.slice(0, q), search: q < 0 ? '' : target.slice(q + 1) }
  }
  const url = new URL(requestUrl(req, base))
  return { url: url.href, pathname: url.pathname, search: url.search.length > 1 ? url.search.slice(1) : '' }
}

/** Hop-by-hop headers describe this one connection, not the request: the platform never sees them. */
export const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'])

/**
 * A header by lower-case name from the raw list, repeated ones joined with `, ` as `Headers.get`
 * does (Node's parsed `req.headers` keeps only the first `Authorization`, for one).
 */
export function rawHeader(raw: readonly string[], name: string): string | undefined {
  let value: string | undefined
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!
    if (key.length === name.length && key.toLowerCase() === name) value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`
  }
  return value
}

/**
 * The core's request for a Node request whose body (if any) is already read: a class, so a request
 * costs one object and no closures. The abort signal is made only when something asks for it (an
 * injected latency): most requests never do.
 */
class NativeRequest implements PlainRequest {
  readonly method: string
  readonly url: string
  readonly pathname: string
  readonly search: string
  readonly #req: IncomingMessage
  readonly #res: ServerResponse
  readonly #body: Uint8Array | undefined
  #controller: AbortController | undefined

  constructor(req: IncomingMessage, res: ServerResponse, body: Uint8Array | undefined, base: string) {
    const { url, pathname, search } = requestTarget(req, base)
    this.method = req.method ?? 'GET'
    this.url = url
    this.pathname = pathname
    this.search = search
    this.#req = req
    this.#res = res
    this.#body = body
  }

  header(name: string): string | undefined {
    return HOP_BY_HOP.has(name) ? undefined : rawHeader(this.#req.rawHeaders, name)
  }

  body(): Uint8Array | undefined {
    return this.#body
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      const made = (this.#controller = new AbortController())
      const res = this.#res
      if (res.destroyed && !res.writableFinished) made.abort()
      else res.on('close', () => void (res.writableFinished || made.abort()))
    }
    return this.#controller.signal
  }
}

/** The core's request for a Node request whose body (if any) is already read. */
export function nativeRequest(req: IncomingMessage, res: ServerResponse, body: Uint8Array | undefined, base: string): PlainRequest {
  return new NativeRequest(req, res, body, base)
}

/**
 * Writes a plain answer: a JSON body in one write with its length, Server-Sent Events one event
 * at a time as they come (stopping when the client goes away).
 */
export async function writeAnswer(
  answer: PlainAnswer,
  req: IncomingMessage,
  res: ServerResponse,
  extra?: Readonly<Record<string, string>>,
): Promise<void> {
  const { status, body } = answer
  // One object for writeHead: headers set on `res` beforehand would make Node merge them one by one.
  const headers = extra === undefined ? answer.headers : Object.assign({}, extra, answer.headers)
  const stream = body !== null && typeof body !== 'string' ? body : undefined
  if (res.destroyed || req.method === 'HEAD' || body === null) {
    if (stream) void (stream as AsyncGenerator<string>).return?.(undefined)
    if (!res.destroyed) res.writeHead(status, headers).end()
    return
  }
  if (typeof body === 'string') {
    const { data, encoding, length } = sendable(answer)
    headers['content-length'] = String(length)
    // Text goes out with the status line and headers in one write; a Buffer beside them.
    if (typeof data === 'string') res.writeHead(status, headers).end(data, encoding)
    else res.writeHead(status, headers).end(data)
    return
  }
  res.writeHead(status, headers)
  res.flushHeaders()
  const iterator = body[Symbol.asyncIterator]()
  await writeChunks(
    res,
    () => iterator.next(),
    () => void iterator.return?.(undefined)?.catch(() => undefined),
  )
}

/** Below this many characters an answer is written as text, in the same write as its headers. */
const SMALL = 8 * 1024

/** What to send of a JSON answer: text (small) or bytes, and how many bytes. */
interface Sendable {
  data: string | Buffer
  /** `latin1` when every character is one byte (ASCII), so they are copied instead of encoded. */
  encoding: 'latin1' | 'utf8'
  length: number
}

/**
 * What to send of a JSON answer, decided once: the socket and the inspector's journal share it.
 * A small text as it is; a large one as a `Buffer`, which lives outside the JavaScript heap, so
 * keeping the latest ones for the inspector costs the garbage collector nothing to move.
 */
function sendable(answer: PlainAnswer & { sendable?: Sendable }): Sendable {
  if (answer.sendable) return answer.sendable
  const body = answer.body as string
  const length = Buffer.byteLength(body)
  const encoding = length === body.length ? 'latin1' : 'utf8'
  return (answer.sendable = { data: body.length < SMALL ? body : Buffer.from(body, encoding), encoding, length })
}

/** The JSON body as the journal keeps it: the text, or the bytes that were sent. */
export function answerBytes(answer: PlainAnswer): string | Buffer {
  return sendable(answer).data
}
