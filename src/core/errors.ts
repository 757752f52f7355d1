/**
 * Every failure the SDK reports is a `DocplatError`, so one `instanceof` check catches them all;
 * the subclasses say what went wrong without parsing messages.
 */
export class DocplatError extends Error {
  override name = 'DocplatError'
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

  constructor(status: number, body: unknown, headers: Headers, fallback = 'Request failed') {
    const err = (body as APIErrorBody | undefined)?.error
    super(`${status} ${err?.message ?? fallback}`)
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
export class BadRequestError extends APIError { override name = 'BadRequestError' }
/** 401: the token is missing, malformed or unknown. */
export class AuthenticationError extends APIError { override name = 'AuthenticationError' }
/** 403: the resource is visible but the caller may not do this. */
export class PermissionDeniedError extends APIError { override name = 'PermissionDeniedError' }
/** 404: unknown ID, or a resource the caller cannot view. */
export class NotFoundError extends APIError { override name = 'NotFoundError' }
/** 409: the request conflicts with the current state (duplicate slug, move into a descendant...). */
export class ConflictError extends APIError { override name = 'ConflictError' }
/** 412: a precondition of the request failed. */
export class PreconditionFailedError extends APIError { override name = 'PreconditionFailedError' }
/** 413: the request body is too large. */
export class PayloadTooLargeError extends APIError { override name = 'PayloadTooLargeError' }
/** 429: rate limited; retried automatically, honouring `Retry-After`. */
export class RateLimitError extends APIError { override name = 'RateLimitError' }
/** 5xx: the server failed. */
export class InternalServerError extends APIError { override name = 'InternalServerError' }

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

/** No response arrived: the connection failed or was dropped. */
export class ConnectionError extends DocplatError {
  override name = 'ConnectionError'
  constructor(message = 'Connection error', options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** No response arrived within the timeout. */
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
  readonly path?: ReadonlyArray<PropertyKey | {
    /** One step of the path, as some schema libraries report it. */
    key: PropertyKey
  }>
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
