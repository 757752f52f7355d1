/**
 * What handlers may use beyond the state: the platform's outbound `fetch` (development-mode
 * deliveries, imports) and a queue of work to run once the request has committed, so an
 * outbound call never holds the state lock nor fails the request that caused it.
 */
export interface Services {
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
  after(task: () => Promise<void>): void
  /** Content registered with `platform.imports.register(url, content)`, by URL. */
  fixtures: Map<string, unknown>
}
