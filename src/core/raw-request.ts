import type { StandardSchemaV1 } from '@standard-schema/spec'
import { APIPromise } from './api-promise.ts'
import type { Core } from './client.ts'
import { letGo, readText } from './deadline.ts'
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
  /**
   * A path under the base URL, starting with `/` (`/v1/orgs/org_1/preview`): no scheme, host, query or fragment,
   * no `.` or `..` segment in any encoding, no backslash, control character or space.
   */
  path: string
  /** Query parameters, encoded by the SDK. */
  query?: Readonly<Record<string, QueryValue>>
  /** A body sent as JSON. */
  body?: unknown
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

/**
 * C0 controls, space, DEL and C1 controls. The URL parser drops tab, LF and CR anywhere (so
 * `.\t.` becomes `..`, then climbs) and trims or encodes the others: none belongs in a path.
 */
const CONTROL = /[\u0000-\u0020\u007f-\u009f]/
/** Control characters once decoded: a server that decodes the path would act on them. */
const ENCODED_CONTROL = /[\u0000-\u001f\u007f]/
/** How many times a segment is decoded to look for a dot segment: servers and proxies that decode twice exist. */
const DECODINGS = 3

/** One percent-decoding of a segment; byte by byte where it is not UTF-8, so `%2e` is found whatever surrounds it. */
function decodeOnce(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  }
}

/**
 * Why a segment is refused, if it is: it reads as `.` or `..` to the URL parser or to a server
 * that decodes it (up to {@link DECODINGS} times), folds Unicode look-alikes (`．．`, `‥`) or
 * reads `\` or an encoded slash as a separator; or it decodes to a control character.
 */
function segmentProblem(segment: string): string | undefined {
  let text = segment
  for (let depth = 0; depth <= DECODINGS; depth++) {
    if (
      text
        .normalize('NFKC')
        .split(/[/\\]/)
        .some((part) => part === '.' || part === '..')
    ) {
      return '"." and ".." segments (in any encoding) are not allowed: they would climb out of the base URL.'
    }
    if (depth > 0 && ENCODED_CONTROL.test(text)) return 'percent-encoded control characters are not allowed.'
    if (!text.includes('%')) break
    const next = decodeOnce(text)
    if (next === text) break
    text = next
  }
  return undefined
}

/**
 * The path relative to the base URL, or an error naming the path and what is wrong with it. A
 * path is refused when the URL parser, or a server reading it, could take it anywhere but where
 * it says: out of the base URL (dot segments in any encoding, backslashes), or to another path
 * (control characters the parser drops or rewrites).
 */
function checkPath(path: unknown): string {
  const invalid = (why: string) => new DocplatError(`Invalid path ${JSON.stringify(path)}: ${why}`)
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) {
    throw invalid('give a path under the base URL starting with one "/", such as "/v1/orgs".')
  }
  if (CONTROL.test(path)) {
    throw invalid('control characters and spaces are not allowed (the URL parser drops or rewrites them): percent-encode a space as %20.')
  }
  if (/[?#]/.test(path)) throw invalid('pass query parameters as query, not in the path.')
  if (path.includes('\\')) throw invalid('backslashes are not allowed (the URL parser reads them as "/").')
  for (const segment of path.split('/')) {
    const problem = segmentProblem(segment)
    if (problem) throw invalid(problem)
  }
  return path.slice(1)
}

/** The body as read, until the call's timeout or abort: undefined when empty, parsed JSON for a JSON type, else the text. */
async function readBody(id: string, response: Response, signal: AbortSignal): Promise<unknown> {
  const text = await readText(response, signal)
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
  // biome-ignore lint/suspicious/useAwait: async so that the checks below fail as the request's rejection, not as a throw
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
    return perform(core, { op, operationId: undefined, params: { query, body }, path, search, body }, options, async (response, signal) => {
      const data = upper === 'HEAD' ? (letGo(response), undefined) : await readBody(op.id, response, signal)
      return { data: schema ? validate(core, op, data) : data, response }
    })
  })
}
