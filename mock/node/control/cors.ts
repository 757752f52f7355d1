import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * Which browser origins may call the server: `'*'` for any, a list of exact origins, or `false`
 * for no CORS headers at all (what a server that is not meant for browsers answers).
 */
export type CorsPolicy = '*' | readonly string[] | false

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
/** Always allowed, whatever a preflight asks for: what the SDK and the control plane send. */
const HEADERS = ['authorization', 'content-type', 'accept', 'idempotency-key', 'x-docplat-control-token']

/** `http://localhost:5173/` and `http://localhost:5173` name the same origin; a user may type either. */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase()
}

/**
 * Sets the CORS response headers on `res` before anything is written, so every answer carries
 * them: the platform's, the control plane's, and the server's own errors (400, 413, 500).
 * Answers a preflight itself and returns `true` when it did.
 */
export function applyCors(policy: CorsPolicy, req: IncomingMessage, res: ServerResponse): boolean {
  if (policy === false) return false
  const origin = req.headers.origin
  const allowed = policy === '*' ? '*' : origin !== undefined && policy.includes(normalizeOrigin(origin)) ? origin : undefined
  // The answer differs by Origin when the list is explicit: caches must not mix them up.
  if (policy !== '*') res.setHeader('vary', 'Origin')
  if (allowed !== undefined) {
    res.setHeader('access-control-allow-origin', allowed)
    res.setHeader('access-control-expose-headers', '*')
  }
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined
  if (!preflight) return false
  if (allowed === undefined) {
    const body = JSON.stringify({ error: { code: 403, message: `Origin ${String(origin)} is not allowed: start the server with --cors ${String(origin)}` } })
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
