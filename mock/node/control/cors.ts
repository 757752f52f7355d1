import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * Which browser origins may call the server: `'*'` for any, a list of exact origins, or `false`
 * for no CORS headers at all (what a server that is not meant for browsers answers).
 */
export type CorsPolicy = '*' | readonly string[] | false

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
/** Always allowed, whatever a preflight asks for: what the SDK and the control plane send. */
const HEADERS = ['authorization', 'content-type', 'accept', 'idempotency-key', 'x-docplat-client', 'x-docplat-control-token']

/** `http://localhost:5173/` and `http://localhost:5173` name the same origin; a user may type either. */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase()
}

const ANY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': '*',
})

/**
 * The CORS headers of an answer to `req` (not a preflight), for a writer that sends its headers
 * in one go: setting them one by one on the response first makes Node merge every header after.
 * The returned object is shared: copy it, never change it.
 */
export function corsHeaders(policy: CorsPolicy, req: IncomingMessage): Readonly<Record<string, string>> | undefined {
  if (policy === false) return undefined
  if (policy === '*') return ANY_ORIGIN
  const origin = req.headers.origin
  // The answer differs by Origin when the list is explicit: caches must not mix them up.
  if (origin === undefined || !policy.includes(normalizeOrigin(origin))) return { vary: 'Origin' }
  return { vary: 'Origin', 'access-control-allow-origin': origin, 'access-control-expose-headers': '*' }
}

/** Whether `req` is a CORS preflight. */
export function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined
}

/** Sets headers from {@link corsHeaders} on a response written piece by piece. */
export function setCors(res: ServerResponse, headers: Readonly<Record<string, string>> | undefined): void {
  for (const name in headers) res.setHeader(name, headers[name]!)
}

/**
 * Sets the CORS response headers on `res` before anything is written, so every answer carries
 * them: the platform's, the control plane's, and the server's own errors (400, 413, 500).
 * Answers a preflight itself and returns `true` when it did.
 */
export function applyCors(policy: CorsPolicy, req: IncomingMessage, res: ServerResponse): boolean {
  if (policy === false) return false
  const origin = req.headers.origin
  const headers = corsHeaders(policy, req)
  setCors(res, headers)
  const allowed = headers?.['access-control-allow-origin']
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined
  if (!preflight) return false
  if (allowed === undefined) {
    const body = JSON.stringify({
      error: { code: 403, message: `Origin ${String(origin)} is not allowed: start the server with --cors ${String(origin)}` },
    })
    res.writeHead(403, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body)
    return true
  }
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => /^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
  res.setHeader('access-control-allow-methods', METHODS)
  res.setHeader('access-control-allow-headers', [...new Set([...HEADERS, ...requested])].join(', '))
  res.setHeader('access-control-max-age', '600')
  // Chrome's Private Network Access: a public page calling a dev server on loopback asks first.
  if (req.headers['access-control-request-private-network'] === 'true') res.setHeader('access-control-allow-private-network', 'true')
  res.writeHead(204).end()
  return true
}
