import { isIP } from 'node:net'
import { hostname as machineName } from 'node:os'
import { errorAnswer } from '../base/error-answer.ts'
import { isLoopbackHost } from '../base/loopback.ts'
import type { PlainAnswer, PlainRequest } from '../core.ts'

/**
 * Which browser origins may call the server, besides its own. A loopback server is reachable from
 * every page open in the developer's browser, so by default only pages served from this machine
 * (loopback origins) are let in: a page on the internet cannot read its tokens or replace its
 * state (docs/decisions/node.md, "Origins and hosts").
 */
export interface CorsPolicy {
  /** Every origin, answered with `*` (`cors: true`, `--cors '*'`). */
  readonly any: boolean
  /** Pages served from loopback: `localhost` (and its subdomains), 127.0.0.0/8, `[::1]`, any port and scheme. */
  readonly loopback: boolean
  /** Exact origins, normalized ({@link normalizeOrigin}). */
  readonly origins: readonly string[]
}

/**
 * The policy of `startMockServer`'s `cors` option: `true` any origin, `false` none (no CORS
 * headers), a list the loopback origins and those, `undefined` the loopback origins.
 */
export function corsPolicy(option: boolean | readonly string[] | undefined): CorsPolicy {
  if (option === true) return { any: true, loopback: true, origins: [] }
  if (option === false) return { any: false, loopback: false, origins: [] }
  return { any: false, loopback: true, origins: (option ?? []).map(normalizeOrigin) }
}

/** Whether the policy sends CORS headers at all (`cors: false` sends none). */
export function corsOn(policy: CorsPolicy): boolean {
  return policy.any || policy.loopback || policy.origins.length > 0
}

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
/** Always allowed, whatever a preflight asks for: what the SDK and the control plane send. */
const HEADERS = ['authorization', 'content-type', 'accept', 'idempotency-key', 'x-docplat-client', 'x-docplat-control-token']

/** `http://localhost:5173/` and `http://localhost:5173` name the same origin; a user may type either. */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase()
}

/** The host (`name[:port]`) an `Origin` names, lower case; `undefined` for `null` or anything not a URL origin. */
function originHost(origin: string): string | undefined {
  const match = /^https?:\/\/([^/?#@\s]+)$/i.exec(origin.trim())
  return match ? match[1]!.toLowerCase() : undefined
}

/**
 * Whether a request with this `Origin` header may be answered. A request without one is not a
 * browser's cross-origin request (curl, the SDK in Node): always. A page on the server's own
 * origin (the inspector) is compared by host, not scheme, so a server behind a TLS proxy still
 * serves its own pages.
 */
export function originAllowed(policy: CorsPolicy, origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined || policy.any || policy.origins.includes(normalizeOrigin(origin))) return true
  const named = originHost(origin)
  if (named === undefined) return false
  if (host !== undefined && named === host.toLowerCase()) return true
  return policy.loopback && isLoopbackHost(hostName(named))
}

const ANY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': '*',
})
const VARY: Readonly<Record<string, string>> = Object.freeze({ vary: 'Origin' })

/**
 * The CORS headers of an answer (not a preflight) to a request from `origin`, which
 * {@link originAllowed} let in. The returned object is shared: copy it, never change it.
 */
export function corsHeaders(policy: CorsPolicy, origin: string | undefined): Readonly<Record<string, string>> | undefined {
  if (policy.any) return ANY_ORIGIN
  if (!corsOn(policy)) return undefined
  // The answer differs by Origin: caches must not mix them up.
  if (origin === undefined) return VARY
  return { vary: 'Origin', 'access-control-allow-origin': origin, 'access-control-expose-headers': '*' }
}

/** Whether `request` is a CORS preflight. */
export function isPreflight(request: PlainRequest): boolean {
  return request.method === 'OPTIONS' && request.header('access-control-request-method') !== undefined
}

/**
 * The answer to a request from an origin the policy does not allow: 403 before anything runs, so
 * a page elsewhere cannot even send a request that needs no preflight (a `POST` to the control
 * plane, which needs no token on loopback). The message says how to allow it.
 */
export function refusedOrigin(policy: CorsPolicy, origin: string): PlainAnswer {
  const shown = origin.slice(0, 200)
  const how = corsOn(policy)
    ? `start the server with --cors-origin ${originHost(shown) ? normalizeOrigin(shown) : '<origin>'} (startMockServer: cors: [origin])`
    : 'this server allows no other origin (--no-cors, cors: false)'
  return errorAnswer(403, `Origin ${JSON.stringify(shown)} is not allowed to call this server: ${how}`, corsOn(policy) ? VARY : undefined)
}

/** The answer to a preflight from an allowed origin: what may be sent (204). */
export function preflightAnswer(policy: CorsPolicy, request: PlainRequest): PlainAnswer {
  const headers = { ...corsHeaders(policy, request.header('origin')) }
  const requested = (request.header('access-control-request-headers') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => /^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
  headers['access-control-allow-methods'] = METHODS
  headers['access-control-allow-headers'] = [...new Set([...HEADERS, ...requested])].join(', ')
  headers['access-control-max-age'] = '600'
  // Chrome's Private Network Access: a page elsewhere calling a server on loopback asks first. Only
  // allowed origins get this far.
  if (request.header('access-control-request-private-network') === 'true') headers['access-control-allow-private-network'] = 'true'
  return { status: 204, headers, body: null }
}

/**
 * Which `Host` values the server answers: against DNS rebinding, where a page on a name its owner
 * points at 127.0.0.1 becomes same-origin with the server. `true` answers any.
 */
export type HostPolicy = true | { readonly names: ReadonlySet<string>; readonly suffixes: readonly string[] }

/**
 * The hosts a server listening on `listen` answers: loopback names, IP addresses (a page on an IP
 * address is on that address, which DNS cannot move), the listening name itself, this machine's
 * name, and `allowed` (`.example.test` for it and its subdomains); `true` any.
 */
export function hostPolicy(listen: string, allowed: true | readonly string[] | undefined): HostPolicy {
  if (allowed === true) return true
  const names = new Set<string>()
  const suffixes: string[] = []
  for (const entry of [...(allowed ?? []).map(allowedHost), hostName(listen), machineName()]) {
    const name = entry.toLowerCase().replace(/\.$/, '')
    if (name.startsWith('.')) suffixes.push(name)
    else names.add(name)
  }
  return { names, suffixes }
}

/** An entry of `allowedHosts`, lower case; throws a `RangeError` naming it when it is no host name. */
export function allowedHost(entry: string): string {
  const host = String(entry).trim().toLowerCase()
  if (!/^\.?[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?$/.test(host))
    throw new RangeError(
      `Invalid allowed host ${JSON.stringify(entry)}: expected a host name without scheme or port, e.g. devbox.lan or .example.test`,
    )
  return host
}

/** The name part of a `Host` header or `--host` value: no port, no brackets. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']'))
  const colon = h.indexOf(':')
  // One colon is a port; more is a bare IPv6 address.
  return colon >= 0 && h.indexOf(':', colon + 1) < 0 ? h.slice(0, colon) : h
}

/**
 * Whether the server answers a request with this `Host` header. A request without one is no
 * browser's (every browser sends it), and cannot be a rebinding.
 */
export function hostAllowed(policy: HostPolicy, host: string | undefined): boolean {
  if (host === undefined || policy === true) return true
  const name = hostName(host).replace(/\.$/, '')
  if (name === '') return false
  if (isLoopbackHost(name) || isIP(name) !== 0) return true
  if (policy.names.has(name)) return true
  return policy.suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1))
}

/** The answer to a request for a host the server does not answer (403), saying how to allow it. */
export function refusedHost(host: string): PlainAnswer {
  const name = hostName(host).slice(0, 200)
  return errorAnswer(
    403,
    `Host ${JSON.stringify(name)} is not allowed: this server answers loopback names, IP addresses and its own names (against DNS rebinding); to allow this one, start it with --allowed-host ${/^[a-z0-9.-]+$/.test(name) ? name : '<host>'} (startMockServer: allowedHosts: [host])`,
  )
}
