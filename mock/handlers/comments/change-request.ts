import type * as contract from '../../../src/contract/comments/change-request.ts'
import type { Caller } from '../../model/access.ts'
import type { State } from '../../model/state.ts'
import type { Handlers, OpsOf } from '../types.ts'
import * as op from './operations.ts'
import { changeRequestThread, viewOf } from './threads.ts'

/** A change request's replies may also resolve or reopen their thread (the spec lists `resolved` there). */
const REPLY_FIELDS = ['resolved', 'body', 'addedReactions', 'removedReactions']

type Path = { spaceId: string; changeRequestId: string }

const view = (state: State, caller: Caller, input: Path, format?: 'markdown' | 'document', prepared?: number) =>
  viewOf(state, caller, changeRequestThread(state, caller, input.spaceId, input.changeRequestId), format, prepared)

/** Handlers of the comments of a change request. */
export const changeRequestCommentsHandlers: Handlers<OpsOf<typeof contract>> = {
  listCommentsInChangeRequest: ({ state, caller, input, prepared }) =>
    op.listThreadComments(view(state, caller, input, input.format, prepared), input),

  postCommentInChangeRequest: ({ state, caller, input, prepared }) =>
    op.postThreadComment(view(state, caller, input, undefined, prepared), input),

  getCommentInChangeRequest: ({ state, caller, input, prepared }) =>
    op.getThreadComment(view(state, caller, input, input.format, prepared), input.commentId),

  updateCommentInChangeRequest: ({ state, caller, input, prepared }) =>
    op.updateThreadComment(view(state, caller, input, undefined, prepared), input.commentId, input),

  deleteCommentInChangeRequest: ({ state, caller, input }) => op.deleteThreadComment(view(state, caller, input), input.commentId),

  listCommentRepliesInChangeRequest: ({ state, caller, input }) =>
    op.listThreadReplies(view(state, caller, input, input.format), input.commentId, input),

  postCommentReplyInChangeRequest: ({ state, caller, input }) => op.postThreadReply(view(state, caller, input), input.commentId, input),

  getCommentReplyInChangeRequest: ({ state, caller, input }) =>
    op.getThreadReply(view(state, caller, input, input.format), input.commentId, input.commentReplyId),

  updateCommentReplyInChangeRequest: ({ state, caller, input }) =>
    op.updateThreadReply(view(state, caller, input), input.commentId, input.commentReplyId, input, REPLY_FIELDS),

  deleteCommentReplyInChangeRequest: ({ state, caller, input }) =>
    op.deleteThreadReply(view(state, caller, input), input.commentId, input.commentReplyId),

  listCommentersInChangeRequest: ({ state, caller, input }) => op.listThreadCommenters(view(state, caller, input), input),
}
