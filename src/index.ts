/**
 * The docplat SDK: a typed client for the documentation platform management API.
 * `createClient` gives every operation by namespace; `createCore` with the standalone
 * operation functions ships only what an app calls.
 *
 * @packageDocumentation
 * @module docplat
 */
export { createClient, type Client } from './client.ts'
export { createCore, type Core } from './core/client.ts'
export { VERSION } from './generated/version.ts'
export {
  DEFAULT_BASE_URL,
  type ClientOptions,
  type FetchOptions,
  type RequestOptions,
  type RetryOptions,
  type TokenFunction,
} from './core/options.ts'
export type { Logger, LogLevel } from './core/logger.ts'
export type { CallInfo, Middleware } from './core/middleware.ts'
export { request, type RawMethod, type RawRequest, type QueryValue } from './core/raw-request.ts'
export { APIPromise, type WithResponse } from './core/api-promise.ts'
export { PagePromise, type ListPage, type ListEnvelope } from './core/pagination.ts'
export { StreamPromise } from './core/sse.ts'
export * from './core/errors.ts'
export { redactHeaders } from './core/redact.ts'
export { encodeRenderRequest } from './core/render-request.ts'
export type { OperationFn, OperationReturn, EnvelopeExtra } from './core/operation.ts'
export type {
  OperationDef,
  OperationParams,
  OperationResult,
  OperationItem,
  AllOptional,
  Flat,
  InputOf,
  ObjectSchema,
  HttpMethod,
} from './contract/define.ts'
export type { Namespaces } from './generated/client-types.ts'
export * from './generated/operations.ts'
export type * from './generated/client-types.ts'
export * from './schemas/index.ts'
