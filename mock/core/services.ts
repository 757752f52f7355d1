/**
 * What handlers may use beyond the state: the platform's outbound `fetch` (development-mode
 * deliveries, imports) and a queue of work to run once the request has committed, so an
 * outbound call never holds the state lock nor fails the request that caused it.
 */
export interface Services {
  /** Calls development tunnels only: loopback (unless refused), or hosts on the server's allow-list (`TunnelRefused` otherwise). */
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
  /** Why a development tunnel URL may not be used, or `undefined` when it may (see `tunnelRefusal`). */
  tunnelRefusal(url: string): string | undefined
  after(task: () => Promise<void>): void
  /** Content registered with `platform.imports.register(url, content)`, by URL. */
  fixtures: Map<string, unknown>
}
