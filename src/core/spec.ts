import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { HttpMethod } from '../contract/define.ts'

/**
 * What the SDK needs of an operation at run time, written by the generator from the contract.
 * It holds no request schemas (the server validates requests; the SDK only routes parameters),
 * so an app that calls one operation ships that operation's response schema and nothing else
 * of the contract.
 */
export interface OperationSpec {
  /** The operationId, named by errors. */
  readonly id: string
  readonly method: HttpMethod
  /**
   * Repeating the request leaves the platform as one call did (from the contract's
   * `idempotent`): the SDK retries it after ambiguous failures. Absent means it does not.
   */
  readonly idempotent?: boolean
  /** Path template with `{name}` placeholders: those parameters go into the path. */
  readonly path: string
  /**
   * Names of the query parameters of an operation that also takes a body. Without a body every
   * parameter outside the path is a query parameter, so the list is left out.
   */
  readonly query?: readonly string[]
  /** The operation takes a JSON body: parameters outside the path and the query go there. */
  readonly body?: boolean
  /** Schema of the response body (of each event, for streams); absent when there is no body. */
  readonly response?: StandardSchemaV1
  /** The response is a Server-Sent Events stream. */
  readonly stream?: boolean
}
