import type { Hooks, RetryOptions } from 'ky'

/** Options of {@link createClient} and {@link createCore}. */
export interface ClientOptions {
  /** API token, sent as `Authorization: Bearer <token>`. */
  token?: string
  /** Base URL of the API, without `/v1`. Defaults to {@link DEFAULT_BASE_URL}. */
  baseUrl?: string
  /**
   * The `fetch` to use. Pass `platform.fetch` from `docplat/mock` to talk to the mock
   * without patching globals.
   */
  fetch?: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
  /** Milliseconds to wait for each attempt's response. Default 60 000; `false` disables it. */
  timeout?: number | false
  /**
   * Retries of idempotent requests (GET, PUT, DELETE) on 408, 429, 5xx and connection errors,
   * with exponential backoff and jitter, honouring `Retry-After`. A number sets the limit. Default 2.
   */
  retry?: number | RetryOptions
  /** Validate responses against the operation's schema. Default `true`. */
  validate?: boolean
  /** Headers sent with every request. */
  headers?: Record<string, string>
  /** ky hooks, for logging or instrumentation. */
  hooks?: Hooks
}

/** Per-call options accepted by every operation. */
export interface RequestOptions {
  /** Aborts the call. */
  signal?: AbortSignal
  /** Overrides the client's timeout for this call. */
  timeout?: number | false
  /** Overrides the client's retry setting for this call. */
  retry?: number | RetryOptions
  /** Extra headers for this call. */
  headers?: Record<string, string>
}

/** The base URL used when none is given. */
export const DEFAULT_BASE_URL = 'https://api.docplat.dev'
