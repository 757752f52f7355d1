import type * as z from 'zod/mini'

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Any zod object schema: path, query and body schemas are objects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ObjectSchema = z.ZodMiniObject<any, any>

/**
 * One operation of the API, declared once. The SDK function, the mock's routing and
 * validation, the OpenAPI document and the coverage test are all derived from it.
 */
export interface OperationDef {
  /** The operationId from `spec/operations.md`. */
  readonly id: string
  readonly method: HttpMethod
  /**
   * Whether sending the same request twice leaves the platform as sending it once did, judged by
   * what the operation does, not by its method: reads, deletes, moves and updates that set values
   * are idempotent; anything that creates a resource (even with PUT, like `createOrganizationTeam`)
   * or appends (a comment, a revision, a published version) is not. The SDK retries idempotent
   * operations only, and the others only when the request provably never reached the server.
   */
  readonly idempotent: boolean
  /** Path template with `{name}` placeholders, starting with `/v1`. */
  readonly path: string
  /** Where the operation lives on the client, e.g. `spaces.restore`. */
  readonly sdk: string
  /** One line for the OpenAPI summary and the reference docs. */
  readonly summary: string
  /** Status code of a successful call. */
  readonly status: number
  readonly params?: ObjectSchema
  readonly query?: ObjectSchema
  readonly body?: ObjectSchema
  /** Response body schema; absent means the operation answers without a body. */
  readonly response?: z.ZodMiniType
  /** The response is a paginated envelope `{ items, count, next }`. */
  readonly paginated?: boolean
  /** The response is a Server-Sent Events stream whose events match `response`. */
  readonly stream?: boolean
  /** Other success statuses the operation may answer with (e.g. 201 when a PUT creates). */
  readonly alsoStatus?: readonly number[]
  /** Why the operation is deprecated and what to use instead (the SDK's `@deprecated` note). */
  readonly deprecated?: string
}

/**
 * Declares an operation, keeping its literal types for inference.
 *
 * Marked free of side effects for bundlers that read the mark across modules (Rollup, Rolldown);
 * esbuild reads it only within a file, which is why the build marks each call pure
 * (build/pure-annotations.ts).
 */
/*@__NO_SIDE_EFFECTS__*/
export function defineOperation<const D extends OperationDef>(def: D): D {
  return def
}

/** The input type of a schema (unknown when there is none). */
export type InputOf<S> = S extends z.ZodMiniType ? z.input<S> : unknown
/** Flattens an intersection into one object type, for readable hovers. */
export type Flat<T> = { [K in keyof T]: T[K] } & {}

/** The flat parameter object an SDK call takes: path, query and body fields by their API names. */
export type OperationParams<D extends OperationDef> = Flat<
  (D['params'] extends ObjectSchema ? InputOf<D['params']> : unknown) &
    (D['query'] extends ObjectSchema ? InputOf<D['query']> : unknown) &
    (D['body'] extends ObjectSchema ? InputOf<D['body']> : unknown)
>

/** The parsed response of an operation (`void` when it has no body). */
export type OperationResult<D extends OperationDef> = D['response'] extends z.ZodMiniType ? z.output<D['response']> : void

/** The item type of a paginated operation. */
export type OperationItem<D extends OperationDef> = OperationResult<D> extends { items: Array<infer I> } ? I : never

/** Whether every parameter of an operation is optional, so the SDK can make the argument optional. */
export type AllOptional<T> = {} extends T ? true : false
