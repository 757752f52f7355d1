/**
 * Failures of `fetch` itself, read down their `cause` chains: undici nests the reason two or
 * three levels deep (`TypeError: fetch failed` <- `Error: connect ECONNREFUSED 127.0.0.1:4010`),
 * sometimes as an `AggregateError` (one error per address tried).
 */

/** Codes that mean the connection was never made, so no byte of the request reached a server. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** The errors of a chain, outermost first (an `AggregateError` contributes its inner errors). */
function* chain(error: unknown, depth = 0): Generator<Error> {
  if (!(error instanceof Error) || depth > 8) return
  yield error
  if (error instanceof AggregateError) for (const inner of error.errors) yield* chain(inner, depth + 1)
  yield* chain(error.cause, depth + 1)
}

const codeOf = (error: Error): string | undefined => {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

/** Whether the failure proves the request never reached a server (the connection was never made). */
export function neverSent(error: unknown): boolean {
  const errors = [...chain(error)]
  const codes = errors.map(codeOf).filter((c) => c !== undefined)
  return codes.length > 0 && codes.every((c) => NOT_SENT.has(c))
}

/** The deepest, most specific reason of a failure, as text (`connect ECONNREFUSED 127.0.0.1:4010`). */
export function rootCause(error: unknown): string | undefined {
  const reasons: string[] = []
  for (const e of chain(error)) {
    const inner = e instanceof AggregateError ? e.errors.length : 0
    if (inner > 0 || e.cause instanceof Error) continue
    const code = codeOf(e)
    const message = e.message || code || e.name
    reasons.push(code && !message.includes(code) ? `${code}: ${message}` : message)
  }
  return reasons.length ? [...new Set(reasons)].join('; ') : undefined
}

const inBrowser = () => typeof (globalThis as { document?: unknown }).document !== 'undefined'

/**
 * A reason on one line: OpenSSL and some runtimes put line breaks in their messages (a TLS
 * handshake with a plain-HTTP server), which would split a log line in two.
 */
const oneLine = (text: string): string => text.replace(/\s*[\r\n\u2028\u2029\u0085]+\s*/g, ' ').trim()

/** The message of a connection failure, on one line: where to, and the root cause; in a browser, the CORS hint. */
export function connectionMessage(error: unknown, method: string, url: URL): string {
  const reason = rootCause(error)
  const cause = reason === undefined ? undefined : oneLine(reason) || undefined
  // An https:// URL to a plain-HTTP server (the mock, a local proxy): OpenSSL's words do not say so.
  const plain = url.protocol === 'https:' && [...chain(error)].some((e) => codeOf(e) === 'ERR_SSL_WRONG_VERSION_NUMBER')
  const hint = plain ? `. The server does not speak TLS: if it serves plain HTTP (as the mock does), use http://${url.host}` : ''
  const base = `Cannot reach ${url.origin}${cause ? `: ${cause}` : ''} (${method} ${url.pathname})${hint}`
  if (!inBrowser()) return base
  return `${base}. In a browser this is also how a request blocked by CORS fails: check that ${url.origin} allows this page's origin (Access-Control-Allow-Origin) and that it is running.`
}
