import type { Core } from './client.ts'
import type { RequestOptions } from './options.ts'
import { PagePromise, type ListEnvelope } from './pagination.ts'
import { parseBody, send } from './request.ts'
import type { OperationSpec } from './spec.ts'

/** Builds the standalone function of a paginated operation: it returns a {@link PagePromise}. */
export function listOperation<F = (core: Core, params?: object, options?: RequestOptions) => PagePromise<unknown>>(op: OperationSpec): F {
  const call = (core: Core, params: object = {}, options?: RequestOptions) =>
    new PagePromise((cursor) =>
      send(
        core,
        op,
        cursor === undefined ? (params as Record<string, unknown>) : { ...params, page: cursor },
        options,
        async (response, signal) => ({ data: (await parseBody(core, op, response, signal)) as ListEnvelope<unknown>, response }),
      ),
    )
  // The generator types each function (named params and result); the spec cannot carry them.
  return call as F
}
