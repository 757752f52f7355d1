import { createCore, type Core } from './core/client.ts'
import type { APIPromise } from './core/api-promise.ts'
import { bind } from './core/operation.ts'
import type { ClientOptions } from './core/options.ts'
import { request, type RawRequest } from './core/raw-request.ts'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { Namespaces } from './generated/client-types.ts'
import { namespaces } from './generated/namespaces.ts'

/** The namespaced client: every operation as `client.<namespace>.<method>(params, options?)`, and {@link request} as `client.request`. */
export type Client = Core &
  Namespaces & {
    /** Calls any path under the base URL with the client's auth, retries and errors: {@link request} documents it. */
    request: {
      <T>(options: RawRequest & { schema: StandardSchemaV1<unknown, T> }): APIPromise<T>
      (options: RawRequest & { schema?: undefined }): APIPromise<unknown>
    }
  }

/**
 * Creates a client with every operation, grouped by namespace.
 *
 * @example
 * ```ts
 * import { createClient } from 'docplat'
 * const client = createClient({ token: process.env.DOCPLAT_TOKEN })
 * const space = await client.spaces.restore({ spaceId: 'space_id' })
 * ```
 */
export function createClient(options: ClientOptions = {}): Client {
  const core = createCore(options)
  const call = (options: RawRequest) => request(core, options as RawRequest & { schema?: undefined })
  return Object.assign(core, bind(core, namespaces), { request: call }) as unknown as Client
}
