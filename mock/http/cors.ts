import { errorAnswer } from '../base/error-answer.ts'
import type { PlainAnswer, PlainRequest } from '../dispatch.ts'

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
 * The CORS headers of an answer to a request from `origin` (not a preflight). The returned object
 * is shared: copy it, never change it.
 */
export function corsHeaders(policy: CorsPolicy, origin: string | undefined): Readonly<Record<string, string>> | undefined {
  if (policy === false) return undefined
  if (policy === '*') return ANY_ORIGIN
  // The answer differs by Origin when the list is explicit: caches must not mix them up.
  if (origin === undefined || !policy.includes(normalizeOrigin(origin))) return { vary: 'Origin' }
  return { vary: 'Origin', 'access-control-allow-origin': origin, 'access-control-expose-headers': '*' }
}

/** Whether `request` is a CORS preflight. */
export function isPreflight(request: PlainRequest): boolean {
  return request.method === 'OPTIONS' && request.header('access-control-request-method') !== undefined
}

/** The answer to a preflight: what may be sent (204), or 403 for an origin the policy does not allow. */
export function preflightAnswer(policy: Exclude<CorsPolicy, false>, request: PlainRequest): PlainAnswer {
  const origin = request.header('origin')
  const headers = { ...corsHeaders(policy, origin) }
  if (headers['access-control-allow-origin'] === undefined) {
    return errorAnswer(403, `Origin ${String(origin)} is not allowed: start the server with --cors ${String(origin)}`, headers)
  }
  const requested = (request.header('access-control-request-headers') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => /^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
  headers['access-control-allow-methods'] = METHODS
  headers['access-control-allow-headers'] = [...new Set([...HEADERS, ...requested])].join(', ')
  headers['access-control-max-age'] = '600'
  // Chrome's Private Network Access: a public page calling a dev server on loopback asks first.
  if (request.header('access-control-request-private-network') === 'true') headers['access-control-allow-private-network'] = 'true'
  return { status: 204, headers, body: null }
}
