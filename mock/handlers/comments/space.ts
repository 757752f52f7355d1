import type * as contract from '../../../src/contract/comments/space.ts'
import type { Handlers, OpsOf } from '../types.ts'
import * as op from './operations.ts'
import { spaceThread, viewOf } from './threads.ts'

const REPLY_FIELDS = ['body', 'addedReactions', 'removedReactions']

/** Handlers of a space's own comments. */
export const spaceCommentsHandlers: Handlers<OpsOf<typeof contract>> = {
  listCommentsInSpace: ({ state, caller, input, prepared }) =>
    op.listThreadComments(viewOf(state, caller, spaceThread(state, caller, input.spaceId), input.format, prepared), input),

  postCommentInSpace: ({ state, caller, input, prepared }) =>
    op.postThreadComment(viewOf(state, caller, spaceThread(state, caller, input.spaceId), undefined, prepared), input),

  getCommentInSpace: ({ state, caller, input, prepared }) =>
    op.getThreadComment(viewOf(state, caller, spaceThread(state, caller, input.spaceId), input.format, prepared), input.commentId),

  updateCommentInSpace: ({ state, caller, input, prepared }) =>
    op.updateThreadComment(viewOf(state, caller, spaceThread(state, caller, input.spaceId), undefined, prepared), input.commentId, input),

  deleteCommentInSpace: ({ state, caller, input }) =>
    op.deleteThreadComment(viewOf(state, caller, spaceThread(state, caller, input.spaceId)), input.commentId),

  listCommentRepliesInSpace: ({ state, caller, input }) =>
    op.listThreadReplies(viewOf(state, caller, spaceThread(state, caller, input.spaceId), input.format), input.commentId, input),

  postCommentReplyInSpace: ({ state, caller, input }) =>
    op.postThreadReply(viewOf(state, caller, spaceThread(state, caller, input.spaceId)), input.commentId, input),

  getCommentReplyInSpace: ({ state, caller, input }) =>
    op.getThreadReply(
      viewOf(state, caller, spaceThread(state, caller, input.spaceId), input.format),
      input.commentId,
      input.commentReplyId,
    ),

  updateCommentReplyInSpace: ({ state, caller, input }) =>
    op.updateThreadReply(
      viewOf(state, caller, spaceThread(state, caller, input.spaceId)),
      input.commentId,
      input.commentReplyId,
      input,
      REPLY_FIELDS,
    ),

  deleteCommentReplyInSpace: ({ state, caller, input }) =>
    op.deleteThreadReply(viewOf(state, caller, spaceThread(state, caller, input.spaceId)), input.commentId, input.commentReplyId),

  listCommentersInSpace: ({ state, caller, input }) =>
    op.listThreadCommenters(viewOf(state, caller, spaceThread(state, caller, input.spaceId)), input),
}
