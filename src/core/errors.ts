/**
 * Every failure the SDK reports is a `DocplatError`, so one `instanceof` check catches them all;
 * the subclasses say what went wrong without parsing messages.
 */
export class DocplatError extends Error {
  override name = 'DocplatError'

  /**
   * What `JSON.stringify` writes: the name, the message and the error's own fields (never the
   * token: errors keep no request headers).
   */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message }
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'name') out[key] = value instanceof Headers ? Object.fromEntries(value) : value
    }
    if (this.cause !== undefined) out['cause'] = describeCause(this.cause)
    return out
  }
}

/** A cause as text for logs: its name, code and message, down the chain. */
function describeCause(cause: unknown): string {
  const parts: string[] = []
  for (let c: unknown = cause, depth = 0; c !== undefined && c !== null && depth < 8; depth++) {
    if (c instanceof Error) {
      const code = (c as { code?: unknown }).code
      parts.push(`${c.name}${typeof code === 'string' ? ` ${code}` : ''}: ${c.message}`)
      c = c.cause
    } else {
      parts.push(String(c))
      break
    }
  }
  return parts.join(' <- ')
}

/**
 * The client was set up wrongly (no token, a token given with `Bearer `, a base URL that is not
 * an absolute http(s) URL, an invalid timeout or retry setting). Thrown by `createClient` at
 * once; the message says what to change.
 */
export class ConfigurationError extends DocplatError {
  override name = 'ConfigurationError'
}

/** The error body the API sends: `{ error: { code, message } }`. */
export interface APIErrorBody {
  /** What went wrong; absent when the server sent something else. */
  error?: {
    /** The HTTP status, repeated. */
    code?: number
    /** What is wrong, naming the field when a field is. */
    message?: string
  }
}

/** The server answered with a non-2xx status. */
export class APIError extends DocplatError {
  override name = 'APIError'
  /** HTTP status of the response. */
  readonly status: number
  /** `error.code` from the body (the status, as the API sends it). */
  readonly code: number | undefined
  /** The parsed response body, or its text when it was not JSON. */
  readonly body: unknown
  /** The response headers. */
  readonly headers: Headers
  /** The `x-request-id` header, when the server sent one. */
  readonly requestId: string | undefined

  /**
   * The message is the server's own (`Space nope not found`), without the status: it is in
   * `status` and in the class's name already.
   */
  constructor(status: number, body: unknown, headers: Headers) {
    const err = (body as APIErrorBody | undefined)?.error
    super(typeof err?.message === 'string' && err.message ? err.message : `Request failed with status ${status}`)
    this.status = status
    this.code = typeof err?.code === 'number' ? err.code : undefined
    this.body = body
    this.headers = headers
    this.requestId = headers.get('x-request-id') ?? undefined
  }

  /** Builds the subclass that matches the status. */
  static from(status: number, body: unknown, headers: Headers): APIError {
    const Class = statusClasses[status] ?? (status >= 500 ? InternalServerError : APIError)
    return new Class(status, body, headers)
  }
}

/** 400: the request's path, query or body is invalid; the message names the field. */
export class BadRequestError extends APIError {
  override name = 'BadRequestError'
}
/** 401: the token is missing, malformed or unknown. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError'
}
/** 403: the resource is visible but the caller may not do this. */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError'
}
/** 404: unknown ID, or a resource the caller cannot view. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError'
}
/** 409: the request conflicts with the current state (duplicate slug, move into a descendant...). */
export class ConflictError extends APIError {
  override name = 'ConflictError'
}
/** 412: a precondition of the request failed. */
export class PreconditionFailedError extends APIError {
  override name = 'PreconditionFailedError'
}
/** 413: the request body is too large. */
export class PayloadTooLargeError extends APIError {
  override name = 'PayloadTooLargeError'
}
/**
 * 429: rate limited. Retried automatically, honouring `Retry-After` up to `retry.maxRetryAfter`;
 * a server asking for a longer wait gets this error at once, with `retryAfter` set.
 */
export class RateLimitError extends APIError {
  override name = 'RateLimitError'
  /** Seconds the server asked to wait (its `Retry-After`), when it said. */
  readonly retryAfter: number | undefined

  constructor(status: number, body: unknown, headers: Headers) {
    super(status, body, headers)
    this.retryAfter = retryAfterSeconds(headers)
  }
}

/** The `Retry-After` header in seconds: a number of seconds or an HTTP date. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000))
}
/** 5xx: the server failed. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError'
}

const statusClasses: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  412: PreconditionFailedError,
  413: PayloadTooLargeError,
  429: RateLimitError,
}

/**
 * No response arrived: the connection failed or was dropped. The message names the root cause
 * (`connect ECONNREFUSED 127.0.0.1:4010`); `cause` is what `fetch` threw, never the request.
 */
export class ConnectionError extends DocplatError {
  override name = 'ConnectionError'
  constructor(message = 'Connection error', options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** No response arrived within the timeout (of one attempt). */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError'
  constructor(message = 'Request timed out', options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** One problem found while validating a response, as Standard Schema reports it. */
export interface ValidationIssue {
  /** What is wrong with the value. */
  readonly message: string
  /** Where in the body: keys and array indexes from the root (`['items', 0, 'title']`). */
  readonly path?: ReadonlyArray<
    | PropertyKey
    | {
        /** One step of the path, as some schema libraries report it. */
        key: PropertyKey
      }
  >
}

/**
 * The response did not match the operation's schema. Raised only when validation is on
 * (the default); `issues` name the failing fields, `body` is what the server sent.
 */
export class ResponseValidationError extends DocplatError {
  override name = 'ResponseValidationError'
  /** The operation whose response failed validation (`getSpaceById`). */
  readonly operationId: string
  /** Every problem found, the first one also in the message. */
  readonly issues: readonly ValidationIssue[]
  /** The parsed body as the server sent it. */
  readonly body: unknown

  constructor(operationId: string, issues: readonly ValidationIssue[], body: unknown) {
    const first = issues[0]
    const where = first?.path?.map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(root)'
    super(`${operationId}: response does not match its schema at ${where}: ${first?.message ?? 'invalid'}`)
    this.operationId = operationId
    this.issues = issues
    this.body = body
  }
}

/**
 * A list holds more items than the `limit` given to `toArray({ limit })`. Thrown as soon as the
 * list's `count` (or the items fetched) passes the limit, rather than returning the first
 * `limit` items as if they were all.
 */
export class ListLimitError extends DocplatError {
  override name = 'ListLimitError'
  /** The limit given to `toArray`. */
  readonly limit: number
  /** How many items the list holds, as far as known when the limit was passed. */
  readonly count: number

  constructor(limit: number, count: number) {
    super(
      `The list holds ${count} items, more than the limit of ${limit} given to toArray({ limit }): raise the limit, narrow the list with its filters, or walk it with for await.`,
    )
    this.limit = limit
    this.count = count
  }
}
