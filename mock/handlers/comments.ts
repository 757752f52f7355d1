import type * as contract from '../../src/contract/comments.ts'
import { changeRequestCommentsHandlers } from './comments/change-request.ts'
import { spaceCommentsHandlers } from './comments/space.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the comments area: a space's own comments and those of its change requests. */
export const commentsHandlers: Handlers<OpsOf<typeof contract>> = {
  ...spaceCommentsHandlers,
  ...changeRequestCommentsHandlers,
}
