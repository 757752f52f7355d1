import { attemptFetch, toDocplatError, type CallState, type Failure } from './attempt.ts'
import { resolveRetry, type Core } from './client.ts'
import { APIError, ConnectionError, DocplatError, ResponseValidationError, retryAfterSeconds } from './errors.ts'
import { ERROR, WARN } from './logger.ts'
import { rootCause } from './network.ts'
import { letGo, readText, within } from './deadline.ts'
import type { RequestOptions } from './options.ts'
import { fillPath } from './path.ts'
import { backoff, retryDelay, type Attempts } from './retry.ts'
import type { OperationSpec } from './spec.ts'

type Params = Record<string, unknown>

/**
 * Where parameters go: a generated {@link OperationSpec}, or a contract entry (whose `query` is
 * a schema), so tools that send requests from the contract table split them the same way.
 */
export interface RequestShape {
  readonly path: string
  readonly query?: readonly string[] | { readonly shape: object } | undefined
  readonly body?: unknown
}

/** Splits flat parameters into the path, query and body of a request. */
export function splitParams(op: RequestShape, params: Params) {
  const filled = fillPath(op.path, params)
  const query = op.query ? (Array.isArray(op.query) ? op.query : Object.keys((op.query as { shape: object }).shape)) : []
  const search = new URLSearchParams()
  const body: Params | undefined = op.body ? {} : undefined
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || filled.names.includes(key)) continue
    if (!body || query.includes(key)) {
      for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v))
    } else {
      body[key] = value
    }
  }
  return { path: filled.path.slice(1), search, body }
}

/**
 * Reads a successful response within the call: `signal` aborts at the attempt's timeout or the
 * caller's abort, and a stream keeps it (the caller's abort still ends reading its events).
 */
export type ReadResponse<T> = (response: Response, signal: AbortSignal) => T | Promise<T>

/**
 * Sends the request of an operation and returns what `read` makes of the successful response,
 * or throws a `DocplatError`. A DELETE retried after an attempt whose effect is unknown,
 * answering 404, succeeds: the earlier attempt did the delete and its answer was lost.
 */
export function send<T>(core: Core, op: OperationSpec, params: Params, options: RequestOptions = {}, read: ReadResponse<T>): Promise<T> {
  const { path, search, body } = splitParams(op, params)
  return perform(core, { op, operationId: op.id, params, path, search, body }, options, read)
}

/** A request ready to send: `path` is relative to the base URL, without a leading slash. */
export interface Prepared {
  readonly op: OperationSpec
  readonly operationId: string | undefined
  readonly params: Params
  readonly path: string
  readonly search: URLSearchParams
  readonly body: unknown
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }, ms)
    signal?.addEventListener('abort', stop, { once: true })
  })
}

/** An error body as the API sends it: parsed JSON, else its text; `undefined` when empty or unreadable. */
async function errorData(response: Response, signal: AbortSignal): Promise<unknown> {
  try {
    const text = await readText(response, signal)
    if (!text) return undefined
    try {
      return /[/+]json\b/i.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text
    } catch {
      return text
    }
  } catch {
    return undefined
  }
}

/**
 * The URL of `path` under the base URL, or an error when the URL parser would take it elsewhere:
 * outside the base path, or to another number of segments (a dot segment, a backslash read as
 * `/`). Every request passes here, so no path, however it was built, leaves the base URL.
 */
function urlUnder(baseUrl: string, path: string): URL {
  // Joined, not resolved: a path like `http:evil.example` must stay a path under the base URL.
  const url = new URL(`${baseUrl}/${path}`)
  const base = new URL(baseUrl)
  const prefix = `${base.pathname.replace(/\/$/, '')}/`
  if (
    url.origin !== base.origin ||
    !url.pathname.startsWith(prefix) ||
    url.pathname.slice(prefix.length).split('/').length !== path.split('/').length
  ) {
    throw new DocplatError(
      `Invalid path ${JSON.stringify(`/${path}`)}: it would leave the base URL's path (${prefix}) or change its segments.`,
    )
  }
  return url
}

/** What one attempt came to: the call's result, a retry after a wait (ms), or the error the call fails with. */
type Step<T> = { readonly result: T } | { readonly retryIn: number } | { readonly error: unknown }

/**
 * Sends a prepared request with the client's auth, headers, timeout, retries, middleware and
 * logging, and reads the successful response with `read`. Each attempt has its own timeout,
 * which bounds everything the attempt waits on (the token function, middleware, `fetch`, the
 * body, the retry decision); a caller's abort ends the call at any point, waits between attempts
 * included, with the signal's reason. Neither waits for code that ignores signals: the call
 * stops waiting for it, and nothing is sent once the call has ended.
 */
export async function perform<T>(
  core: Core,
  { op, operationId, params, path, search, body }: Prepared,
  options: RequestOptions,
  read: ReadResponse<T>,
): Promise<T> {
  const timeout = options.timeout !== undefined ? options.timeout : core.options.timeout
  const retry = options.retry !== undefined ? resolveRetry(options.retry, timeout, core.options.retry) : core.options.retry
  const attempts: Attempts = { ambiguous: false }
  const { runtime } = core
  const { log, middleware } = runtime
  const url = urlUnder(core.options.baseUrl, path)
  if (search.size) url.search = search.toString()
  const state: CallState = {
    core,
    operationId,
    label: operationId ?? 'request',
    method: op.method,
    params,
    url,
    timeout,
    fetchOptions: options.fetchOptions ? { ...runtime.fetchOptions, ...options.fetchOptions } : runtime.fetchOptions,
    attempt: 0,
    info: undefined,
    failure: undefined,
  }
  const headers = {
    ...runtime.headers,
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
    ...(op.stream ? { accept: 'text/event-stream' } : {}),
  }
  const payload = body !== undefined ? JSON.stringify(body) : undefined
  const { signal } = options
  const attempt = attemptFetch(state)

  /** One attempt and what to do next; `linked` aborts at its timeout or the caller's abort. */
  const once = async (linked: AbortSignal): Promise<Step<T>> => {
    const sent = await attempt(new Request(url, { method: op.method, headers, body: payload, signal: linked })).then(
      (response) => ({ response, error: undefined }),
      (error: unknown) => {
        if (state.failure) throw state.failure.error
        return { response: undefined, error }
      },
    )
    // Past this call's end, what is left of the attempt stops here.
    linked.throwIfAborted()
    let failure: Failure
    if (sent.response) {
      if (sent.response.ok) return { result: await read(sent.response, linked) }
      failure = { response: sent.response, data: await errorData(sent.response, linked) }
      linked.throwIfAborted()
    } else failure = { error: sent.error }
    let wait: number | false = false
    // Errors that are not a failed connection (a custom fetch's own) are not retried.
    if (state.attempt <= retry.limit && (failure.response || failure.error instanceof TypeError)) {
      wait = retryDelay(op, retry, attempts, failure, state.attempt, state)
      if (state.info && middleware.some((m) => m.shouldRetry)) {
        const planned = wait !== false
        let wanted = planned
        for (const m of middleware) {
          const answer = m.shouldRetry ? await m.shouldRetry(state.info, toDocplatError(failure, state) as DocplatError, wanted) : undefined
          linked.throwIfAborted()
          if (typeof answer === 'boolean') wanted = answer
        }
        if (wanted !== planned) wait = wanted ? backoff(retry, state.attempt) : false
      }
    }
    if (wait !== false) {
      if (log.level >= WARN) {
        const { response } = failure
        const after = (response?.status === 429 || response?.status === 503) && retryAfterSeconds(response.headers)
        log.logger.warn(
          `docplat: ${state.label} ${state.method} ${url.pathname}: ${response?.status ?? (rootCause(failure.error) || 'connection failed')} on attempt ${state.attempt}, retrying (retry ${state.attempt} of ${retry.limit})${after ? `, waiting ${after} s as Retry-After asks` : ''}`,
        )
      }
      return { retryIn: wait }
    }
    if (failure.response?.status === 404 && op.method === 'DELETE' && attempts.ambiguous)
      return { result: await read(failure.response, linked) }
    return { error: toDocplatError(failure, state) }
  }

  /** The call's end with `out`: logged, and told to the middleware's `onError` within a timeout of its own. */
  const fail = async (out: unknown): Promise<never> => {
    if (log.level >= ERROR && (out instanceof ConnectionError || (out instanceof APIError && out.status >= 500))) {
      log.logger.error(
        `docplat: ${state.label} ${op.method} ${url.pathname} failed after ${state.attempt} attempt(s): ${(out as Error).name}: ${(out as Error).message}`,
      )
    }
    const { info } = state
    if (info && out instanceof DocplatError && middleware.some((m) => m.onError)) {
      const controller = new AbortController()
      const guard = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal
      const timer = timeout === false ? undefined : setTimeout(() => controller.abort(), timeout)
      try {
        await within(
          (async () => {
            for (const m of middleware) if (!guard.aborted) await m.onError?.(info, out)
          })(),
          guard,
        )
      } catch (error) {
        if (signal?.aborted) throw signal.reason
        // A hook still running at the timeout is left behind: the call reports its own error.
        if (!controller.signal.aborted) throw error
      } finally {
        clearTimeout(timer)
      }
    }
    throw out
  }

  for (;;) {
    signal?.throwIfAborted()
    const controller = new AbortController()
    // Linked without a listener on the caller's signal, which may outlive many calls.
    const linked = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal
    let timedOut = false
    const timer =
      timeout === false
        ? undefined
        : setTimeout(() => {
            timedOut = true
            controller.abort()
          }, timeout)
    let step: Step<T>
    try {
      step = await within(once(linked), linked)
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      // Timeouts are not retried: the attempt may still be running on the server.
      if (!timedOut) throw error
      step = { error: toDocplatError('timeout', state) }
    } finally {
      // The caller's signal stays linked: aborting it still ends reading a stream's events.
      clearTimeout(timer)
    }
    if ('result' in step) return step.result
    if ('error' in step) return fail(step.error)
    await sleep(step.retryIn, signal)
  }
}

/**
 * Reads and, when the client validates, checks a response body against the operation's schema;
 * `signal` ends the read (see {@link ReadResponse}).
 */
export async function parseBody(core: Core, op: OperationSpec, response: Response, signal: AbortSignal): Promise<unknown> {
  if (!op.response) {
    letGo(response)
    return undefined
  }
  let data: unknown
  try {
    data = JSON.parse(await readText(response, signal))
  } catch {
    if (signal.aborted) throw signal.reason
    throw new ResponseValidationError(op.id, [{ message: 'body is not JSON' }], undefined)
  }
  return validate(core, op, data)
}

/** Validates one value against the operation's response schema (or returns it as is when validation is off). */
export function validate(core: Core, op: OperationSpec, data: unknown): unknown {
  if (!core.options.validate || !op.response) return data
  const result = op.response['~standard'].validate(data)
  if (result instanceof Promise) {
    // Refused, but its settling later must not surface as an unhandled rejection.
    result.catch(() => {})
    throw new DocplatError(`${op.id}: asynchronous schemas are not supported`)
  }
  if (result.issues) throw new ResponseValidationError(op.id, result.issues, data)
  return result.value
}
