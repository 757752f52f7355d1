import type * as contract from '../../src/contract/services.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the services area. */
export const servicesHandlers: Handlers<OpsOf<typeof contract>> = {}
