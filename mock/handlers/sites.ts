import type * as contract from '../../src/contract/sites.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the sites area. */
export const sitesHandlers: Handlers<OpsOf<typeof contract>> = {}
