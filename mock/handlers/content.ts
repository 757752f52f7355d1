import type * as contract from '../../src/contract/content.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the content area. */
export const contentHandlers: Handlers<OpsOf<typeof contract>> = {}
