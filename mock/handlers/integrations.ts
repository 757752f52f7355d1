import type * as contract from '../../src/contract/integrations.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the integrations area. */
export const integrationsHandlers: Handlers<OpsOf<typeof contract>> = {}
