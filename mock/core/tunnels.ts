import { isLoopbackHost } from './loopback.ts'

/** A fetch-compatible function, as the platform's outbound `fetch` is. */
type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>

/** A tunnel URL the platform refuses to call: not loopback, and not on the server's allow-list. */
export class TunnelRefused extends Error {
  override name = 'TunnelRefused'
}

/**
 * Which development tunnels the platform may call: http(s) URLs on loopback, or on a host the
 * server was started with (`--tunnel-allow host` for any port, `host:port` for one).
 */
export function tunnelAllowed(url: string, allow: readonly string[]): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  if (isLoopbackHost(parsed.hostname)) return true
  const host = parsed.hostname.toLowerCase()
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80')
  return allow.some((entry) => entry === host || entry === `${host}:${port}`)
}

/** Why a tunnel URL is refused, naming the host and the way to allow it. */
export function refusal(url: string): string {
  let host = url
  try {
    host = new URL(url).host
  } catch {
    // Not a URL: say so with the text itself.
  }
  return `tunnel host ${host} is not loopback and not allowed (start the mock server with --tunnel-allow ${host}, or createMockPlatform({ tunnelAllow }))`
}

/**
 * The platform's outbound fetch for development tunnels: refuses URLs `tunnelAllowed` does not
 * accept, and does not follow redirects, so an allowed tunnel cannot send the platform on to
 * another host.
 */
export function guardTunnels(fetch: Fetch, allow: readonly string[]): Fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!tunnelAllowed(url, allow)) throw new TunnelRefused(refusal(url))
    return fetch(input, { ...init, redirect: 'manual' })
  }
}
