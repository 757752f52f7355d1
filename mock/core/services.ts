/**
 * What handlers may use beyond the state: the platform's outbound `fetch` (development-mode
 * deliveries, renders) and registered fixtures. An outbound call never holds the state lock: a
 * handler makes it as work after the lock (`Deferred`, mock/handlers/deferred.ts).
 */
export interface Services {
  /** Calls development tunnels only: loopback (unless refused), or hosts on the server's allow-list (`TunnelRefused` otherwise). */
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
  /** Why a development tunnel URL may not be used, or `undefined` when it may (see `tunnelRefusal`). */
  tunnelRefusal(url: string): string | undefined
  /** Content registered with `platform.imports.register(url, content)`, by URL. */
  fixtures: Map<string, unknown>
}
