import type { Logger, LogLevel } from './logger.ts'
import type { Middleware } from './middleware.ts'

/**
 * How the SDK retries. Only operations the contract marks idempotent are retried after a
 * failure whose effect is unknown (a 5xx, a dropped connection); the others only when the
 * request provably never reached the server (the connection was refused, the host not found).
 */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2; `0` turns retries off. */
  limit?: number | undefined
  /**
   * The longest `Retry-After` (of a 429 or 503) the SDK waits, in milliseconds. A server asking
   * for more makes the call fail at once (a {@link RateLimitError} carrying `retryAfter` for a
   * 429) instead of keeping it pending. Default: the timeout (60 000 ms; 60 000 when the timeout is off).
   */
  maxRetryAfter?: number | undefined
  /** Upper bound of one backoff delay, in milliseconds. Default 8 000. */
  backoffLimit?: number | undefined
  /** The backoff delay before retry `attempt` (from 1), in milliseconds. Default `0.3 s * 2^(attempt - 1)`. */
  delay?: ((attempt: number) => number) | undefined
  /** Randomise each backoff delay between 0 and its value, so clients do not retry in step. Default `true`. */
  jitter?: boolean | undefined
}

/** Options of {@link createClient} and {@link createCore}. */
export interface ClientOptions {
  /**
   * API token, sent as `Authorization: Bearer <token>` (give the token alone, without `Bearer `).
   * Default: the `DOCPLAT_TOKEN` environment variable where there is one (Node, Deno, Bun).
   * Without either the client refuses to start; `null` sends requests without a token (to see
   * how a server answers anonymous calls). A function is called before each attempt, so a
   * refreshed token is used without a new client; what it returns is checked like a static token.
   */
  token?: string | null | TokenFunction | undefined
  /**
   * Base URL of the API, an absolute `http(s)` URL without `/v1` (one ending in `/v1` is refused with a
   * {@link ConfigurationError} saying to drop it: the SDK adds `/v1` to every path). Default: the
   * `DOCPLAT_BASE_URL` environment variable where there is one, else {@link DEFAULT_BASE_URL}.
   */
  baseUrl?: string | undefined
  /**
   * The `fetch` to use. Pass `platform.fetch` from `docplat/mock` to talk to the mock
   * without patching globals. The SDK always calls it with a `Request` (its headers as sent).
   */
  fetch?: ((request: Request, init?: RequestInit) => Promise<Response>) | undefined
  /** Milliseconds to wait for each attempt's response. Default 60 000; `false` disables it. */
  timeout?: number | false | undefined
  /**
   * Retries with exponential backoff and jitter on 408, 429, 5xx and connection errors, honouring
   * `Retry-After` up to a cap (see {@link RetryOptions}). A number sets the limit. Default 2.
   */
  retry?: number | RetryOptions | undefined
  /** Validate responses against the operation's schema. Default `true`. */
  validate?: boolean | undefined
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined
  /**
   * Extra options passed as they are to `fetch` with every request (an undici `dispatcher` for a
   * proxy, `credentials`, `cache`...). The SDK's own method, headers, body and signal win.
   */
  fetchOptions?: FetchOptions | undefined
  /**
   * Which messages the SDK logs: `'off'`, `'error'`, `'warn'` (retries, a long `Retry-After`),
   * `'info'` (one line per attempt) or `'debug'` (headers, `Authorization` redacted, and bodies).
   * Default: the `DOCPLAT_LOG` environment variable where there is one, else `'warn'`.
   */
  logLevel?: LogLevel | undefined
  /** Where log messages go: any object with `debug`, `info`, `warn` and `error` (console, pino, winston). Default `console`. */
  logger?: Logger | undefined
  /**
   * Hooks run around every call, in order: they see the operation and its parameters, can change
   * the headers of each attempt, watch responses and errors, and override retry decisions.
   */
  middleware?: readonly Middleware[] | undefined
}

/** A function giving the token for the next attempt (a string, or a promise of one). */
export type TokenFunction = () => string | Promise<string>

/**
 * `RequestInit` fields passed to `fetch` as they are, plus any the runtime understands (undici's
 * `dispatcher`, Next.js's `next`).
 */
export type FetchOptions = Omit<RequestInit, 'method' | 'headers' | 'body' | 'signal'> & { readonly [option: string]: unknown }

/** Per-call options accepted by every operation. */
export interface RequestOptions {
  /** Aborts the call. */
  signal?: AbortSignal | undefined
  /** Overrides the client's timeout for this call. */
  timeout?: number | false | undefined
  /** Overrides the client's retry setting for this call (merged over it). */
  retry?: number | RetryOptions | undefined
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined
  /** Extra `fetch` options for this call, merged over the client's {@link ClientOptions.fetchOptions}. */
  fetchOptions?: FetchOptions | undefined
}

/** The base URL used when neither the options nor `DOCPLAT_BASE_URL` give one. */
export const DEFAULT_BASE_URL = 'https://api.docplat.dev'
