import type { AllOptional, OperationDef, OperationItem, OperationParams, OperationResult } from '../contract/define.ts'
import { APIPromise } from './api-promise.ts'
import type { Core } from './client.ts'
import { ResponseValidationError } from './errors.ts'
import type { RequestOptions } from './options.ts'
import { PagePromise, type ListEnvelope } from './pagination.ts'
import { parseBody, send, validate } from './request.ts'
import { readEvents, StreamPromise } from './sse.ts'

/** The named fields a list response has beside `items`, `count` and `next` (e.g. `stats`). */
type EnvelopeExtra<T> = { [K in keyof T as string extends K ? never : K extends keyof ListEnvelope<unknown> ? never : K]: T[K] }

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

/** Builds the standalone function of one operation from its contract entry. */
export function operation<const D extends OperationDef>(op: D): OperationFn<D> {
  const call = (core: Core, params: Record<string, unknown> = {}, options?: RequestOptions) => {
    if (op.paginated) {
      return new PagePromise(async (cursor) => {
        const response = await send(core, op, cursor === undefined ? params : { ...params, page: cursor }, options)
        return { data: (await parseBody(core, op, response)) as ListEnvelope<unknown>, response }
      })
    }
    if (op.stream) {
      return new StreamPromise(async () => {
        const response = await send(core, op, params, options)
        return { data: parseStream(core, op, response), response }
      })
    }
    return new APIPromise(async () => {
      const response = await send(core, op, params, options)
      return { data: await parseBody(core, op, response), response }
    })
  }
  return call as unknown as OperationFn<D>
}

async function* parseStream(core: Core, op: OperationDef, response: Response): AsyncGenerator<unknown> {
  if (!response.body) return
  for await (const event of readEvents(response.body)) {
    let data: unknown
    try {
      data = JSON.parse(event.data)
    } catch {
      throw new ResponseValidationError(op.id, [{ message: `event is not JSON: ${event.data.slice(0, 80)}` }], event.data)
    }
    yield validate(core, op, data)
  }
}

/** Drops the `core` argument of an operation function: the shape of a namespaced method. */
export type Method<F> = F extends (core: Core, ...args: infer A) => infer R ? (...args: A) => R : never

/** A namespace of operation functions (possibly nested), as written in `src/resources/`. */
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
