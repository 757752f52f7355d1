import ky, { HTTPError, type Options } from 'ky'
import { attemptFetch, toDocplatError, type CallState } from './attempt.ts'
import { resolveRetry, type Core } from './client.ts'
import { APIError, ConnectionError, DocplatError, ResponseValidationError } from './errors.ts'
import { ERROR } from './logger.ts'
import type { RequestOptions } from './options.ts'
import { fillPath } from './path.ts'
import { retryFor, type Attempts } from './retry.ts'
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
  let body: Params | undefined = op.body ? {} : undefined
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

/** Sends a prepared request with the client's auth, headers, timeout, retries, middleware and logging. */
export async function perform(core: Core, { op, operationId, params, path, search, body }: Prepared, options: RequestOptions): Promise<Response> {
  const timeout = options.timeout !== undefined ? options.timeout : core.options.timeout
  const retry = options.retry !== undefined ? resolveRetry(options.retry, timeout, core.options.retry) : core.options.retry
  const attempts: Attempts = { ambiguous: false }
  const { runtime } = core
  const fetchOptions = options.fetchOptions ? { ...runtime.fetchOptions, ...options.fetchOptions } : runtime.fetchOptions
  const state: CallState = {
    core, operationId, label: operationId ?? 'request', method: op.method, params, url: new URL(path, `${core.options.baseUrl}/`), timeout, fetchOptions,
    attempt: 0, info: undefined, failure: undefined,
  }
  const init: Options = {
    method: op.method,
    baseUrl: `${core.options.baseUrl}/`,
    fetch: attemptFetch(state),
    ...(search.size ? { searchParams: search } : {}),
    ...(body !== undefined ? { json: body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    timeout,
    retry: retryFor(op, retry, attempts, state),
    headers: { ...runtime.headers, ...options.headers, ...(op.stream ? { accept: 'text/event-stream' } : {}) },
  }
  try {
    return await ky(path, init)
  } catch (error) {
    if (state.failure) throw state.failure.error
    if (error instanceof HTTPError && error.response.status === 404 && op.method === 'DELETE' && attempts.ambiguous) {
      return error.response
    }
    const out = toDocplatError(error, state)
    if (runtime.log.level >= ERROR && (out instanceof ConnectionError || (out instanceof APIError && out.status >= 500))) {
      runtime.log.logger.error(`docplat: ${op.id} ${op.method} ${state.url.pathname} failed after ${state.attempt} attempt(s): ${(out as Error).name}: ${(out as Error).message}`)
    }
    if (state.info && out instanceof DocplatError) {
      for (const m of runtime.middleware) await m.onError?.(state.info, out)
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
