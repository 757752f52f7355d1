import type { OperationDef } from '../contract/define.ts'
import type { JSONSchema, Reference, Response } from './types.ts'

/** `components.schemas.Error`: the body of every error response. */
export const ErrorSchema: JSONSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'integer', description: 'The HTTP status code of the response.' },
        message: { type: 'string', description: 'What is wrong, naming the offending field when there is one.' },
      },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }

/** The failures a client can cause, by status, with the shared response each one references. */
const ERRORS = {
  400: ['BadRequest', 'The path, query or body is invalid; the message names the field.'],
  401: ['Unauthorized', 'The bearer token is missing, malformed or unknown.'],
  403: ['Forbidden', 'The resource is visible to the caller, who may not do this to it.'],
  404: ['NotFound', 'No such resource, or one the caller cannot view.'],
  409: ['Conflict', 'The request conflicts with the current state (a duplicate slug, a move into a descendant...).'],
  413: ['PayloadTooLarge', 'The request body is larger than the API accepts.'],
  415: ['UnsupportedMediaType', 'The request body is not sent as `application/json`.'],
  429: ['TooManyRequests', 'Too many requests; retry after the delay the `Retry-After` header gives.'],
} as const satisfies Record<number, readonly [string, string]>

type ErrorStatus = keyof typeof ERRORS

/** `components.responses`: one shared response per error status. */
export function errorResponses(): Record<string, Response> {
  const out: Record<string, Response> = {}
  for (const [status, [name, description]] of Object.entries(ERRORS)) {
    out[name] = {
      description,
      ...(status === '429'
        ? { headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } } } }
        : {}),
      content: errorContent,
    }
  }
  return out
}

/**
 * The error responses of one operation. Only the failures its shape allows are listed, so a
 * generated client does not promise a 404 from a route without IDs: 400 needs some input,
 * 403 and 404 a resource addressed by the path, 409 a write, 413 and 415 a body; 401 and 429 can
 * answer any call.
 */
export function errorsOf(op: OperationDef): Record<string, Reference> {
  const addressed = op.path.includes('{')
  const statuses: ErrorStatus[] = [
    ...(op.params || op.query || op.body ? [400 as const] : []),
    401,
    ...(addressed ? [403 as const, 404 as const] : []),
    ...(op.method === 'GET' ? [] : [409 as const]),
    ...(op.body ? [413 as const, 415 as const] : []),
    429,
  ]
  return Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${ERRORS[status][0]}` }]))
}
