/**
 * An `IncomingMessage` read as the core's plain request, with no WHATWG `Request`, `Headers` or
 * `URL` in between (docs/decisions/node.md, "One pipeline").
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SourceReader } from '../base/source-limits.ts'
import type { PlainRequest } from '../core.ts'

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
 * The core's request for a Node request: a class, so a request costs one object and no closures.
 * Its body is what the server's body limits stage read ({@link NativeRequest.received}). The abort
 * signal is made only when something asks for it (an injected latency): most requests never do.
 */
export class NativeRequest implements PlainRequest {
  readonly method: string
  readonly url: string
  /** The path the platform routes: after {@link NativeRequest.within}, what follows a hosted platform's prefix. */
  pathname: string
  /** The prefix of the hosted platform the request is for (`/_docplat/platforms/{id}`), `''` for the server's first. */
  prefix = ''
  readonly search: string
  /** The server's worker thread for OpenAPI sources, lent to whichever platform the request is for. */
  readonly readSource: SourceReader | undefined
  readonly #req: IncomingMessage
  readonly #res: ServerResponse
  #body: Uint8Array | undefined
  #controller: AbortController | undefined

  constructor(req: IncomingMessage, res: ServerResponse, base: string, readSource?: SourceReader) {
    const { url, pathname, search } = requestTarget(req, base)
    this.method = req.method ?? 'GET'
    this.url = url
    this.pathname = pathname
    this.search = search
    this.readSource = readSource
    this.#req = req
    this.#res = res
  }

  /** Makes the request one for the hosted platform under `prefix`: its path becomes what follows it. */
  within(prefix: string): void {
    this.prefix = prefix
    this.pathname = this.pathname.slice(prefix.length)
  }

  /** Sets the body read (an empty one is none). */
  received(body: Uint8Array | undefined): void {
    this.#body = body !== undefined && body.byteLength > 0 ? body : undefined
  }

  /** The raw header list as Node received it (repeats kept, hop-by-hop ones too). */
  get rawHeaders(): readonly string[] {
    return this.#req.rawHeaders
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
