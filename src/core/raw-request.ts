import type { StandardSchemaV1 } from '@standard-schema/spec'
import { APIPromise } from './api-promise.ts'
import type { Core } from './client.ts'
import { DocplatError, ResponseValidationError } from './errors.ts'
import type { RequestOptions } from './options.ts'
import { perform, validate } from './request.ts'
import type { OperationSpec } from './spec.ts'

/** The methods {@link request} sends; GET, HEAD, PUT, DELETE and OPTIONS are retried as idempotent. */
export type RawMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

/** A query parameter's value: a list repeats the parameter; `undefined` leaves it out. */
export type QueryValue = string | number | boolean | undefined | readonly (string | number | boolean)[]

/** What {@link request} sends, with the per-call options every operation takes. */
export interface RawRequest extends RequestOptions {
  /** The HTTP method. */
  method: RawMethod
  /** A path under the base URL, starting with `/` (`/v1/orgs/org_1/preview`): no scheme, host, `..`, query or fragment. */
  path: string
  /** Query parameters, encoded by the SDK. */
  query?: Readonly<Record<string, QueryValue>>
  /** A body sent as JSON. */
  body?: unknown
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

/** The path relative to the base URL, or an error naming what is wrong with it. */
function checkPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) {
    throw new DocplatError(
      `Invalid path ${JSON.stringify(path)}: give a path under the base URL starting with one "/", such as "/v1/orgs".`,
    )
  }
  if (/[?#]/.test(path)) throw new DocplatError(`Invalid path ${JSON.stringify(path)}: pass query parameters as query, not in the path.`)
  // A dot segment would climb out of the base URL's path (and a token could follow it elsewhere).
  if (path.split('/').some((s) => /^(\.|%2e){1,2}$/i.test(s)) || path.includes('\\')) {
    throw new DocplatError(`Invalid path ${JSON.stringify(path)}: "." and ".." segments and backslashes are not allowed.`)
  }
  return path.slice(1)
}

/** The body as read: undefined when empty, parsed JSON for a JSON type, else the text. */
async function readBody(id: string, response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  if (!/[/+]json\b/i.test(response.headers.get('content-type') ?? '')) return text
  try {
    return JSON.parse(text)
  } catch {
    throw new ResponseValidationError(id, [{ message: 'body is not JSON' }], text)
  }
}

/**
 * Calls any path under the base URL with the client's token, base URL, headers, timeout,
 * middleware and logging: for an endpoint or a field the SDK does not know yet. Failures are the
 * same errors as an operation's (`NotFoundError`, with `requestId`...). GET, HEAD, PUT, DELETE
 * and OPTIONS are retried like idempotent operations; POST and PATCH only when the request never
 * left. The result is the parsed JSON body (text for other types, `undefined` when empty),
 * typed `unknown` unless `schema` (any Standard Schema, such as a zod schema) checks it, as an
 * operation's response is checked: a mismatch throws a {@link ResponseValidationError}.
 *
 * @example
 * ```ts
 * import { createCore, request } from 'docplat'
 * import { z } from 'zod'
 * const core = createCore({ token: process.env.DOCPLAT_TOKEN })
 * const org = await request(core, { method: 'GET', path: '/v1/orgs/org_1', schema: z.object({ id: z.string(), plan: z.string().optional() }) })
 * console.log(org.plan)
 * ```
 */
export function request<T>(core: Core, options: RawRequest & { schema: StandardSchemaV1<unknown, T> }): APIPromise<T>
export function request(core: Core, options: RawRequest & { schema?: undefined }): APIPromise<unknown>
export function request(core: Core, options: RawRequest & { schema?: StandardSchemaV1 | undefined }): APIPromise<unknown> {
  return new APIPromise(async () => {
    const { method, path: given, query, body, schema } = options
    const path = checkPath(given)
    if (typeof method !== 'string' || (!IDEMPOTENT.has(method.toUpperCase()) && !['POST', 'PATCH'].includes(method.toUpperCase()))) {
      throw new DocplatError(`Invalid method ${JSON.stringify(method)}: use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS.`)
    }
    const upper = method.toUpperCase() as RawMethod
    const op = {
      id: `${upper} ${given}`,
      method: upper,
      idempotent: IDEMPOTENT.has(upper),
      path: given,
      response: schema,
    } as unknown as OperationSpec
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v))
    }
    const response = await perform(core, { op, operationId: undefined, params: { query, body }, path, search, body }, options)
    const data = upper === 'HEAD' ? (await response.body?.cancel(), undefined) : await readBody(op.id, response)
    return { data: schema ? validate(core, op, data) : data, response }
  })
}
