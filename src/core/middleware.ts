import type { DocplatError } from './errors.ts'

/** One attempt of a call, as {@link Middleware} sees it. */
export interface CallInfo {
  /** The operation called (`getSpaceById`); `undefined` for `client.request`. */
  readonly operationId: string | undefined
  /**
   * The call's parameters as given: the flat object of an operation, or `{ query, body }` for
   * `client.request`. Read them; changing them changes nothing.
   */
  readonly params: Readonly<Record<string, unknown>>
  /** The HTTP method. */
  readonly method: string
  /** The URL requested, query included. */
  readonly url: URL
  /** The attempt, from 1 (2 is the first retry). */
  readonly attempt: number
  /**
   * This attempt's headers: set or delete some to send others. They hold no `Authorization`:
   * the SDK adds it after every `onRequest` (when the client has a token), so it never reaches middleware.
   */
  readonly headers: Headers
}

/**
 * Code run around every call of the client. Each hook is optional and may return a promise; a
 * hook that throws fails the call with its error, unchanged.
 *
 * @example
 * ```ts
 * import { createClient, type Middleware } from 'docplat'
 * const tracing: Middleware = {
 *   onRequest: (call) => call.headers.set('traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'),
 *   onResponse: (call, response) => console.log(call.operationId, call.attempt, response.status),
 * }
 * const client = createClient({ token: process.env.DOCPLAT_TOKEN, middleware: [tracing] })
 * ```
 */
export interface Middleware {
  /** Before each attempt, retries included: may change `call.headers`. */
  onRequest?(call: CallInfo): void | Promise<void>
  /** After each attempt that got an answer, whatever its status, before the SDK decides on a retry. */
  onResponse?(call: CallInfo, response: Response): void | Promise<void>
  /** Once, when the call fails: the error it rejects with. */
  onError?(call: CallInfo, error: DocplatError): void | Promise<void>
  /**
   * After a failed attempt, when retries remain: `retry` is what the SDK decided (from the
   * operation's idempotency, the status, `Retry-After`). Return `true` or `false` to decide
   * otherwise, anything else to keep it. Only `true` makes the SDK retry a call it would not
   * (a POST you made safe with an idempotency key).
   */
  shouldRetry?(call: CallInfo, error: DocplatError, retry: boolean): boolean | undefined | Promise<boolean | undefined>
}
