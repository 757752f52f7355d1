import type { AllOptional, OperationDef, OperationItem, OperationParams, OperationResult } from '../contract/define.ts'
import { APIPromise } from './api-promise.ts'
import type { Core } from './client.ts'
import type { RequestOptions } from './options.ts'
import type { ListEnvelope, PagePromise } from './pagination.ts'
import { parseBody, send } from './request.ts'
import type { OperationSpec } from './spec.ts'
import type { StreamPromise } from './sse.ts'

/** The named fields a list response has beside `items`, `count` and `next` (e.g. `stats`). */
export type EnvelopeExtra<T> = { [K in keyof T as string extends K ? never : K extends keyof ListEnvelope<unknown> ? never : K]: T[K] }

/** What calling an operation returns: a page promise for lists, a stream for SSE, else an API promise. */
export type OperationReturn<D extends OperationDef> = D['paginated'] extends true
  ? PagePromise<OperationItem<D>, EnvelopeExtra<OperationResult<D>>>
  : D['stream'] extends true
    ? StreamPromise<OperationResult<D>>
    : APIPromise<OperationResult<D>>

/** A standalone operation function: `(core, params, options?)`. */
export type OperationFn<D extends OperationDef> =
  AllOptional<OperationParams<D>> extends true
    ? (core: Core, params?: OperationParams<D>, options?: RequestOptions) => OperationReturn<D>
    : (core: Core, params: OperationParams<D>, options?: RequestOptions) => OperationReturn<D>

/**
 * Builds the standalone function of an operation answering one JSON body (or none). Lists and
 * streams have their own builders, so an app that calls neither ships no pagination or SSE code.
 */
export function operation<F = (core: Core, params?: object, options?: RequestOptions) => APIPromise<unknown>>(op: OperationSpec): F {
  const call = (core: Core, params: object = {}, options?: RequestOptions) =>
    new APIPromise(() =>
      send(core, op, params as Record<string, unknown>, options, async (response, signal) => ({
        data: await parseBody(core, op, response, signal),
        response,
      })),
    )
  // The generator types each function (named params and result); the spec cannot carry them.
  return call as F
}

/** Drops the `core` argument of an operation function: the shape of a namespaced method. */
export type Method<F> = F extends (core: Core, ...args: infer A) => infer R ? (...args: A) => R : never

/** A namespace of operation functions (possibly nested). */
export interface Namespace {
  readonly [name: string]: ((core: Core, ...args: never[]) => unknown) | Namespace
}

/** The namespace with every function bound to a core. */
export type Bound<N> = { readonly [K in keyof N]: N[K] extends (core: Core, ...args: never[]) => unknown ? Method<N[K]> : Bound<N[K]> }

/** Binds every function of a namespace (recursively) to a core. */
export function bind<N extends Namespace>(core: Core, namespace: N): Bound<N> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(namespace)) {
    out[name] = typeof value === 'function' ? (...args: unknown[]) => (value as Function)(core, ...args) : bind(core, value)
  }
  return out as Bound<N>
}
