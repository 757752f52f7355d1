import { HTTPError, NetworkError, TimeoutError as KyTimeoutError, type Options } from 'ky'
import type { OperationDef } from '../contract/define.ts'
import type { Core } from './client.ts'
import { APIError, ConnectionError, DocplatError, ResponseValidationError, TimeoutError } from './errors.ts'
import type { RequestOptions } from './options.ts'
import { fillPath } from './path.ts'

type Params = Record<string, unknown>

/** Splits flat parameters into the path, query and body of a request, as the contract declares them. */
export function splitParams(op: OperationDef, params: Params) {
  const pathKeys = op.params ? Object.keys(op.params.shape) : []
  const queryKeys = op.query ? Object.keys(op.query.shape) : []
  const search = new URLSearchParams()
  let body: Params | undefined
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || pathKeys.includes(key)) continue
    if (queryKeys.includes(key) || !op.body) {
      for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v))
    } else {
      ;(body ??= {})[key] = value
    }
  }
  if (op.body && !body) body = {}
  return { path: fillPath(op.path, params).slice(1), search, body }
}

/** Sends the request of an operation and returns the raw successful response, or throws a `DocplatError`. */
export async function send(core: Core, op: OperationDef, params: Params, options: RequestOptions = {}): Promise<Response> {
  const { path, search, body } = splitParams(op, params)
  const init: Options = {
    method: op.method,
    ...(search.size ? { searchParams: search } : {}),
    ...(body !== undefined ? { json: body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(op.stream ? { headers: { ...options.headers, accept: 'text/event-stream' } } : {}),
  }
  try {
    return await core.http(path, init)
  } catch (error) {
    throw toDocplatError(error)
  }
}

function toDocplatError(error: unknown): unknown {
  if (error instanceof HTTPError) {
    return APIError.from(error.response.status, error.data, error.response.headers)
  }
  if (error instanceof KyTimeoutError) return new TimeoutError(undefined, { cause: error })
  if (error instanceof NetworkError) return new ConnectionError(error.message, { cause: error })
  if (error instanceof DocplatError) return error
  // An abort is the caller's own doing: let it through unchanged.
  if (error instanceof Error && error.name === 'AbortError') return error
  if (error instanceof TypeError) return new ConnectionError(error.message, { cause: error })
  return error
}

/** Reads and, when the client validates, checks a response body against the operation's schema. */
export async function parseBody(core: Core, op: OperationDef, response: Response): Promise<unknown> {
  if (!op.response) {
    await response.body?.cancel()
    return undefined
  }
  let data: unknown
  try {
    data = await response.json()
  } catch (error) {
    throw new ResponseValidationError(op.id, [{ message: 'body is not JSON' }], undefined)
  }
  return validate(core, op, data)
}

/** Validates one value against the operation's response schema (or returns it as is when validation is off). */
export function validate(core: Core, op: OperationDef, data: unknown): unknown {
  if (!core.options.validate || !op.response) return data
  const result = op.response['~standard'].validate(data)
  if (result instanceof Promise) throw new DocplatError(`${op.id}: asynchronous schemas are not supported`)
  if (result.issues) throw new ResponseValidationError(op.id, result.issues, data)
  return result.value
}
