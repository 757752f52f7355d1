/**
 * What handlers may use beyond the state: the platform's outbound `fetch` (development-mode
 * deliveries, imports) and a queue of work to run once the request has committed, so an
 * outbound call never holds the state lock nor fails the request that caused it.
 */
export interface Services {
  /** Calls development tunnels only: loopback, or hosts on the server's allow-list (`TunnelRefused` otherwise). */
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
  /** Whether a development tunnel URL may be used (loopback, or on the allow-list). */
  tunnelAllowed(url: string): boolean
  after(task: () => Promise<void>): void
  /** Content registered with `platform.imports.register(url, content)`, by URL. */
  fixtures: Map<string, unknown>
}
