import { isLoopbackHost } from './loopback.ts'

/** A fetch-compatible function, as the platform's outbound `fetch` is. */
type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>

/** A tunnel URL the platform refuses to call: not loopback, and not on the server's allow-list. */
export class TunnelRefused extends Error {
  override name = 'TunnelRefused'
}

/** Where development tunnels may point. */
export interface TunnelPolicy {
  /** Hosts (`host` for any port, `host:port` for one), lowercased. */
  readonly allow: readonly string[]
  /** Whether loopback may be reached without being named in `allow`. */
  readonly loopback: boolean
}

/**
 * Why a development tunnel URL is refused, naming the host and the way to allow it; `undefined`
 * when the platform may call it: an http(s) URL on loopback (unless the policy says otherwise) or
 * on a host the server was started with (`--tunnel-allow host` for any port, `host:port` for one).
 */
export function tunnelRefusal(url: string, policy: TunnelPolicy): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `tunnel URL ${url} is not a URL`
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `tunnel URL ${url} is not http or https`
  const host = parsed.hostname.toLowerCase()
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80')
  if (policy.allow.some((entry) => entry === host || entry === `${host}:${port}`)) return undefined
  const loopback = isLoopbackHost(host)
  if (loopback && policy.loopback) return undefined
  const allowIt = `start the mock server with --tunnel-allow ${parsed.host}, or createMockPlatform({ tunnelAllow })`
  return loopback
    ? `tunnel host ${parsed.host} is loopback, which a server listening beyond loopback reaches only when allowed (${allowIt})`
    : `tunnel host ${parsed.host} is not loopback and not allowed (${allowIt})`
}

/**
 * The platform's outbound fetch for development tunnels: refuses URLs `tunnelRefusal` refuses,
 * and does not follow redirects, so an allowed tunnel cannot send the platform on to another host.
 */
export function guardTunnels(fetch: Fetch, policy: TunnelPolicy): Fetch {
  return (input, init) => {
    // Every failure is a rejection, never a throw, as a fetch fails.
    try {
      const url = input instanceof Request ? input.url : String(input)
      const refused = tunnelRefusal(url, policy)
      if (refused !== undefined) return Promise.reject(new TunnelRefused(refused))
      return fetch(input, { ...init, redirect: 'manual' })
    } catch (error) {
      return Promise.reject(error)
    }
  }
}
