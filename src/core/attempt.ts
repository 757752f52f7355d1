import type { Core } from './client.ts'
import { letGo } from './deadline.ts'
import { APIError, ConnectionError, DocplatError, TimeoutError } from './errors.ts'
import { DEBUG, INFO } from './logger.ts'
import type { CallInfo } from './middleware.ts'
import type { FetchOptions } from './options.ts'
import { connectionMessage, rootCause } from './network.ts'
import { redactHeaders } from './redact.ts'

/** How an attempt failed: the server's answer (not 2xx), or what `fetch` threw (the connection failed). */
export type Failure =
  | { readonly response: Response; readonly data: unknown; readonly error?: undefined }
  | { readonly error: unknown; readonly response?: undefined }

/**
 * One call as its attempts share it: what it is (for middleware and logs), how many attempts it
 * made, and an error thrown by the caller's own code (a token function, a middleware hook), which
 * the call rethrows unchanged instead of treating it as a network failure.
 */
export interface CallState {
  readonly core: Core
  /** The operation's id; `undefined` for `request`. */
  readonly operationId: string | undefined
  /** The operation's id or `METHOD /path`, for messages. */
  readonly label: string
  readonly method: string
  readonly params: Readonly<Record<string, unknown>>
  readonly url: URL
  readonly timeout: number | false
  readonly fetchOptions: FetchOptions | undefined
  attempt: number
  info: CallInfo | undefined
  failure: { readonly error: unknown } | undefined
}

/** Longest body text a debug line shows. */
const BODY_LOG_LIMIT = 4_000

async function bodyText(message: Request | Response): Promise<string> {
  const type = message.headers.get('content-type') ?? ''
  if (!message.body || !/json|text\/plain/.test(type)) return ''
  const text = await message.clone().text()
  return ` ${text.length > BODY_LOG_LIMIT ? `${text.slice(0, BODY_LOG_LIMIT)}… (${text.length} characters)` : text}`
}

/**
 * The `fetch` one call's attempts go through: it runs the middleware's `onRequest`, adds the
 * token (asking a token function each attempt), passes the fetch options, logs and runs
 * `onResponse`. The `Authorization` header is set last, so no hook or log line ever sees it.
 */
export function attemptFetch(state: CallState): (request: Request) => Promise<Response> {
  return async (request) => {
    const { runtime } = state.core
    const { log, middleware } = runtime
    const attempt = ++state.attempt
    // Built only when a line is logged: at the default level an attempt builds no text.
    const where = () => `docplat: ${state.label} ${state.method} ${state.url.pathname}`
    let info: CallInfo | undefined
    try {
      if (middleware.length) {
        info = state.info = {
          operationId: state.operationId,
          params: state.params,
          method: state.method,
          url: new URL(request.url),
          attempt,
          headers: request.headers,
        }
        for (const m of middleware) {
          await m.onRequest?.(info)
          request.signal.throwIfAborted()
        }
      }
      const token = await runtime.token()
      if (token !== null) request.headers.set('authorization', `Bearer ${token}`)
      if (log.level >= DEBUG)
        log.logger.debug(
          `${where()} attempt ${attempt} sending ${JSON.stringify(redactHeaders(request.headers))}${await bodyText(request)}`,
        )
      // The call may have ended while the token came: then nothing is sent.
      request.signal.throwIfAborted()
    } catch (error) {
      state.failure = { error }
      throw error
    }
    const started = log.level >= INFO ? performance.now() : 0
    const ms = () => `${Math.round(performance.now() - started)} ms`
    let response: Response
    try {
      const options = state.fetchOptions
      response = await (runtime.fetch ? runtime.fetch(request, options) : fetch(request, options))
    } catch (error) {
      if (log.level >= INFO) log.logger.info(`${where()} failed after ${ms()}: ${rootCause(error) ?? String(error)} (attempt ${attempt})`)
      throw error
    }
    if (request.signal.aborted) {
      // A fetch that ignored the signal answered after the call ended: its body is let go.
      letGo(response)
      throw request.signal.reason
    }
    if (log.level >= INFO) {
      const id = response.headers.get('x-request-id')
      log.logger.info(`${where()} ${response.status} in ${ms()} (attempt ${attempt}${id ? `, request ${id}` : ''})`)
      if (log.level >= DEBUG && !response.headers.get('content-type')?.includes('event-stream')) {
        log.logger.debug(
          `${where()} attempt ${attempt} received ${JSON.stringify(redactHeaders(response.headers))}${await bodyText(response)}`,
        )
      }
    }
    if (info) {
      try {
        for (const m of middleware) {
          await m.onResponse?.(info, response)
          request.signal.throwIfAborted()
        }
      } catch (error) {
        if (request.signal.aborted) letGo(response)
        state.failure = { error }
        throw error
      }
    }
    return response
  }
}

/**
 * The SDK's error for how a call ended: the server's answer as an `APIError`, a timeout, a
 * failed connection. A connection error keeps as `cause` only what `fetch` threw (never the
 * `Request`, whose headers hold `Authorization`).
 */
export function toDocplatError(failure: Failure | 'timeout', { method, url, timeout }: CallState): unknown {
  if (failure === 'timeout')
    return new TimeoutError(`${method} ${url.origin}${url.pathname} timed out after ${String(timeout)} ms (the timeout option)`)
  if (failure.response) return APIError.from(failure.response.status, failure.data, failure.response.headers)
  const { error } = failure
  if (error instanceof DocplatError) return error
  // An abort is the caller's own doing: let it through unchanged.
  if (error instanceof Error && error.name === 'AbortError') return error
  if (error instanceof TypeError) return new ConnectionError(connectionMessage(error, method, url), { cause: error })
  return error
}
