import { HTTPError, NetworkError, TimeoutError as KyTimeoutError, type Options } from 'ky'
import { resolveRetry, type Core } from './client.ts'
import { APIError, ConnectionError, DocplatError, ResponseValidationError, TimeoutError } from './errors.ts'
import type { RequestOptions } from './options.ts'
import { connectionMessage } from './network.ts'
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
export async function send(core: Core, op: OperationSpec, params: Params, options: RequestOptions = {}): Promise<Response> {
  const { path, search, body } = splitParams(op, params)
  const timeout = options.timeout !== undefined ? options.timeout : core.options.timeout
  const retry = options.retry !== undefined ? resolveRetry(options.retry, timeout, core.options.retry) : core.options.retry
  const attempts: Attempts = { ambiguous: false }
  const init: Options = {
    method: op.method,
    ...(search.size ? { searchParams: search } : {}),
    ...(body !== undefined ? { json: body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    timeout,
    retry: retryFor(op, retry, attempts),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(op.stream ? { headers: { ...options.headers, accept: 'text/event-stream' } } : {}),
  }
  try {
    return await core.http(path, init)
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404 && op.method === 'DELETE' && attempts.ambiguous) {
      return error.response
    }
    throw toDocplatError(error, op, new URL(path, `${core.options.baseUrl}/`), timeout)
  }
}

/**
 * Turns what ky threw into the SDK's error. ky's own errors hold the `Request` (its headers,
 * `Authorization` included), so none of them is kept as a cause: only what `fetch` threw.
 */
function toDocplatError(error: unknown, op: OperationSpec, url: URL, timeout: number | false): unknown {
  if (error instanceof HTTPError) {
    return APIError.from(error.response.status, error.data, error.response.headers)
  }
  if (error instanceof KyTimeoutError) {
    return new TimeoutError(`${op.method} ${url.origin}${url.pathname} timed out after ${String(timeout)} ms (the timeout option)`)
  }
  if (error instanceof NetworkError) return new ConnectionError(connectionMessage(error.cause, op.method, url), { cause: error.cause })
  if (error instanceof DocplatError) return error
  // An abort is the caller's own doing: let it through unchanged.
  if (error instanceof Error && error.name === 'AbortError') return error
  if (error instanceof TypeError) return new ConnectionError(connectionMessage(error, op.method, url), { cause: error })
  return error
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
