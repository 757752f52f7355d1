import type * as contract from '../../src/contract/comments.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the comments area. */
export const commentsHandlers: Handlers<OpsOf<typeof contract>> = {}
