import { attemptFetch, toDocplatError, type CallState, type Failure } from './attempt.ts'
import { resolveRetry, type Core } from './client.ts'
import { APIError, ConnectionError, DocplatError, ResponseValidationError, retryAfterSeconds } from './errors.ts'
import { ERROR, WARN } from './logger.ts'
import { rootCause } from './network.ts'
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
 * Sends the request of an operation and returns the raw successful response, or throws a
 * `DocplatError`. A DELETE retried after an attempt whose effect is unknown, answering 404,
 * resolves: the earlier attempt did the delete and its answer was lost.
 */
export function send(core: Core, op: OperationSpec, params: Params, options: RequestOptions = {}): Promise<Response> {
  const { path, search, body } = splitParams(op, params)
  return perform(core, { op, operationId: op.id, params, path, search, body }, options)
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
async function errorData(response: Response): Promise<unknown> {
  try {
    const text = await response.text()
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
 * Sends a prepared request with the client's auth, headers, timeout, retries, middleware and
 * logging. Each attempt has its own timeout, which also bounds reading an error's body; a
 * caller's abort ends the call (waits between attempts included) with the signal's reason.
 */
export async function perform(
  core: Core,
  { op, operationId, params, path, search, body }: Prepared,
  options: RequestOptions,
): Promise<Response> {
  const timeout = options.timeout !== undefined ? options.timeout : core.options.timeout
  const retry = options.retry !== undefined ? resolveRetry(options.retry, timeout, core.options.retry) : core.options.retry
  const attempts: Attempts = { ambiguous: false }
  const { runtime } = core
  const { log, middleware } = runtime
  // Joined, not resolved: a path like `http:evil.example` must stay a path under the base URL.
  const url = new URL(`${core.options.baseUrl}/${path}`)
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
    let failure: Failure | 'timeout'
    try {
      const response = await attempt(new Request(url, { method: op.method, headers, body: payload, signal: linked }))
      if (response.ok) {
        clearTimeout(timer)
        // The caller's signal stays linked: aborting it still cancels reading the body (a stream).
        return response
      }
      failure = { response, data: await errorData(response) }
      if (timedOut) failure = 'timeout'
    } catch (error) {
      if (state.failure) throw state.failure.error
      if (signal?.aborted) throw signal.reason
      failure = timedOut ? 'timeout' : { error }
    } finally {
      if (!timedOut) clearTimeout(timer)
    }
    let wait: number | false = false
    // Timeouts are not retried: the attempt may still be running on the server. Errors that are
    // not a failed connection (a custom fetch's own) are not either.
    if (failure !== 'timeout' && state.attempt <= retry.limit && (failure.response || failure.error instanceof TypeError)) {
      wait = retryDelay(op, retry, attempts, failure, state.attempt, state)
      if (state.info && middleware.some((m) => m.shouldRetry)) {
        const planned = wait !== false
        let wanted = planned
        for (const m of middleware) {
          const answer = m.shouldRetry ? await m.shouldRetry(state.info, toDocplatError(failure, state) as DocplatError, wanted) : undefined
          if (typeof answer === 'boolean') wanted = answer
        }
        if (wanted !== planned) wait = wanted ? backoff(retry, state.attempt) : false
      }
    }
    if (wait !== false && failure !== 'timeout') {
      if (log.level >= WARN) {
        const { response } = failure
        const after = (response?.status === 429 || response?.status === 503) && retryAfterSeconds(response.headers)
        log.logger.warn(
          `docplat: ${state.label} ${state.method} ${url.pathname}: ${response?.status ?? (rootCause(failure.error) || 'connection failed')} on attempt ${state.attempt}, retrying (retry ${state.attempt} of ${retry.limit})${after ? `, waiting ${after} s as Retry-After asks` : ''}`,
        )
      }
      await sleep(wait, signal)
      continue
    }
    if (failure !== 'timeout' && failure.response?.status === 404 && op.method === 'DELETE' && attempts.ambiguous) return failure.response
    const out = toDocplatError(failure, state)
    if (log.level >= ERROR && (out instanceof ConnectionError || (out instanceof APIError && out.status >= 500))) {
      log.logger.error(
        `docplat: ${state.label} ${op.method} ${url.pathname} failed after ${state.attempt} attempt(s): ${(out as Error).name}: ${(out as Error).message}`,
      )
    }
    if (state.info && out instanceof DocplatError) {
      for (const m of middleware) await m.onError?.(state.info, out)
    }
    throw out
  }
}

/** Reads and, when the client validates, checks a response body against the operation's schema. */
export async function parseBody(core: Core, op: OperationSpec, response: Response): Promise<unknown> {
  if (!op.response) {
    if (!response.bodyUsed) await response.body?.cancel()
    return undefined
  }
  let data: unknown
  try {
    data = await response.json()
  } catch {
    throw new ResponseValidationError(op.id, [{ message: 'body is not JSON' }], undefined)
  }
  return validate(core, op, data)
}

/** Validates one value against the operation's response schema (or returns it as is when validation is off). */
export function validate(core: Core, op: OperationSpec, data: unknown): unknown {
  if (!core.options.validate || !op.response) return data
  const result = op.response['~standard'].validate(data)
  if (result instanceof Promise) throw new DocplatError(`${op.id}: asynchronous schemas are not supported`)
  if (result.issues) throw new ResponseValidationError(op.id, result.issues, data)
  return result.value
}
