import { createCore, type Core } from './core/client.ts'
import { bind } from './core/operation.ts'
import type { ClientOptions } from './core/options.ts'
import type { Namespaces } from './generated/client-types.ts'
import { namespaces } from './generated/namespaces.ts'

/** The namespaced client: every operation as `client.<namespace>.<method>(params, options?)`. */
export type Client = Core & Namespaces

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
  return Object.assign(core, bind(core, namespaces)) as unknown as Client
}
