import type { SourceReader } from './source-limits.ts'

/**
 * Runs a write to the state as an operation of its own, under the state lock (a transaction:
 * kept whole or not at all), for work that ends after the request that started it.
 */
export type Commit = (write: () => void) => Promise<void>

/**
 * What handlers may use beyond the state: the platform's outbound `fetch` (development-mode
 * deliveries, renders) and registered fixtures. An outbound call never holds the state lock: a
 * handler makes it as work after the lock (`Deferred`, mock/handlers/deferred.ts).
 */
export interface Capabilities {
  /** Calls development tunnels only: loopback (unless refused), or hosts on the server's allow-list (`TunnelRefused` otherwise). */
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
  /** Why a development tunnel URL may not be used, or `undefined` when it may (see `tunnelRefusal`). */
  tunnelRefusal(url: string): string | undefined
  /**
   * Writes to the state as an operation of its own, under the state lock (the core's), for
   * work that ends after the request that started it answered (a delivery to a slow tunnel).
   */
  commit: Commit
  /** Keeps work that goes on after its request answered, for `integrations.settled()` to wait for. */
  keep(work: Promise<void>): void
  /** Content registered with `platform.imports.register(url, content)`, by URL. */
  fixtures: Map<string, unknown>
  /**
   * Reads an OpenAPI source's text outside the state lock: the platform's own reads it in-thread
   * in slices; a request may bring a reader on a worker thread (`PlainRequest.readSource`).
   */
  readSource: SourceReader
}

/**
 * How long an answer waits for the work its operation queued (development-mode deliveries) before
 * it is sent anyway: long enough for a tunnel on loopback, so its outcome usually shows in the
 * answer, and short enough that a tunnel stopped at a breakpoint does not hold the caller.
 */
export const AFTER_WAIT_MS = 1_000
