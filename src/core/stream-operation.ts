import type { Core } from './client.ts'
import { ResponseValidationError } from './errors.ts'
import type { RequestOptions } from './options.ts'
import { send, validate } from './request.ts'
import type { OperationSpec } from './spec.ts'
import { readEvents, StreamPromise } from './sse.ts'

/** Builds the standalone function of a Server-Sent Events operation: it returns a {@link StreamPromise} of parsed events. */
export function streamOperation<F = (core: Core, params?: object, options?: RequestOptions) => StreamPromise<unknown>>(
  op: OperationSpec,
): F {
  const call = (core: Core, params: object = {}, options?: RequestOptions) =>
    new StreamPromise(() =>
      send(core, op, params as Record<string, unknown>, options, (response, signal) => ({
        data: parseStream(core, op, response, signal),
        response,
      })),
    )
  // The generator types each function (named params and result); the spec cannot carry them.
  return call as F
}

/** The events of a stream, parsed and validated; the caller's abort (through `signal`) ends them. */
async function* parseStream(core: Core, op: OperationSpec, response: Response, signal: AbortSignal): AsyncGenerator<unknown> {
  if (!response.body) return
  for await (const event of readEvents(response.body, signal)) {
    let data: unknown
    try {
      data = JSON.parse(event.data)
    } catch {
      throw new ResponseValidationError(op.id, [{ message: `event is not JSON: ${event.data.slice(0, 80)}` }], event.data)
    }
    yield validate(core, op, data)
  }
}
