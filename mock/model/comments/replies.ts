import { notFound } from '../../base/http-error.ts'
import { insert, type State } from '../state.ts'
import { joinThread, leaveThread } from './commenters.ts'
import { checkChanges, checkMarkdown, postPatch, resolutionPatch, type PostChanges } from './posts.ts'
import type { CommentRecord, CommentReplyRecord } from '../../tables/comments.ts'

/** Replies to a comment. */
export function postReply(state: State, comment: CommentRecord, values: { postedBy: string; markdown: string }): CommentReplyRecord {
  checkMarkdown(values.markdown)
  const reply = insert(state, state.tables.commentReplies, {
    comment: comment.id,
    space: comment.space,
    ...(comment.changeRequest !== undefined ? { changeRequest: comment.changeRequest } : {}),
    postedBy: values.postedBy,
    postedAt: state.clock.stamp(),
    markdown: values.markdown,
    reactions: [],
  })
  joinThread(state, comment, values.postedBy)
  return reply
}

/** A reply of this comment (the ID of a reply to another comment is not found here). */
export function findReply(state: State, comment: CommentRecord, id: string): CommentReplyRecord {
  const reply = state.tables.commentReplies.get(id)
  if (!reply || reply.comment !== comment.id) throw notFound(`Reply ${id} not found on comment ${comment.id}`)
  return reply
}

export interface ReplyChanges extends PostChanges {
  /** Change-request replies only: resolves or reopens the comment the reply belongs to. */
  resolved?: boolean | undefined
}

/** Applies an update by user `by` (already authorized) to a reply, and to its comment's resolution. */
export function updateReply(
  state: State,
  comment: CommentRecord,
  reply: CommentReplyRecord,
  by: string,
  changes: ReplyChanges,
  fields: readonly string[],
): CommentReplyRecord {
  checkChanges(changes, fields)
  const at = state.clock.stamp()
  const patch = postPatch(reply, by, at, changes)
  const resolution = resolutionPatch(comment, changes.resolved, by, at)
  if (Object.keys(resolution).length > 0) state.tables.comments.update(comment, resolution)
  return Object.keys(patch).length > 0 ? state.tables.commentReplies.update(reply, patch) : reply
}

export function deleteReply(state: State, reply: CommentReplyRecord): void {
  state.tables.commentReplies.delete(reply)
  leaveThread(state, reply, reply.postedBy)
}
