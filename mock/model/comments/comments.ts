import { notFound } from '../../base/http-error.ts'
import { insert, type State } from '../state.ts'
import { joinThread, leaveThread } from './commenters.ts'
import { checkChanges, checkMarkdown, postPatch, resolutionPatch, type PostChanges } from './posts.ts'
import { threadKey, type CommentRecord } from '../../tables/comments.ts'
import { resolveAnchor } from './targets.ts'
import { currentRevision, describeThread, keyOfThread, refOf, type Thread } from './thread.ts'

export interface NewComment {
  postedBy: string
  markdown: string
  /** Page ID of the thread's current revision. */
  page?: string | undefined
  /** Node (block) ID of the thread's current revision; implies its page. */
  node?: string | undefined
}

/** Posts a comment on the thread's current revision, open, with no reactions. */
export function postComment(state: State, thread: Thread, values: NewComment): CommentRecord {
  checkMarkdown(values.markdown)
  const anchor = resolveAnchor(state, thread, values)
  const comment = insert(state, state.tables.comments, {
    ...refOf(thread),
    revision: currentRevision(thread),
    ...anchor,
    postedBy: values.postedBy,
    postedAt: state.clock.stamp(),
    markdown: values.markdown,
    reactions: [],
    status: 'open',
  })
  joinThread(state, refOf(thread), values.postedBy)
  return comment
}

/** A comment of this thread (a comment of another space or change request is not found here). */
export function findComment(state: State, thread: Thread, id: string): CommentRecord {
  const comment = state.tables.comments.get(id)
  if (!comment || threadKey(comment) !== keyOfThread(thread)) throw notFound(`Comment ${id} not found in ${describeThread(thread)}`)
  return comment
}

export interface CommentChanges extends PostChanges {
  resolved?: boolean | undefined
}

const COMMENT_FIELDS = ['resolved', 'body', 'addedReactions', 'removedReactions']

/** Applies an update by user `by` (already authorized): resolution, body, reactions. */
export function updateComment(state: State, comment: CommentRecord, by: string, changes: CommentChanges): CommentRecord {
  checkChanges(changes, COMMENT_FIELDS)
  const at = state.clock.stamp()
  const patch = { ...postPatch(comment, by, at, changes), ...resolutionPatch(comment, changes.resolved, by, at) }
  return Object.keys(patch).length > 0 ? state.tables.comments.update(comment, patch) : comment
}

/** Deletes a comment and its replies; its authors leave the commenters unless they posted more there. */
export function deleteComment(state: State, comment: CommentRecord): void {
  for (const reply of [...state.indexes.repliesByComment.get(comment.id)]) {
    state.tables.commentReplies.delete(reply)
    leaveThread(state, comment, reply.postedBy)
  }
  state.tables.comments.delete(comment)
  leaveThread(state, comment, comment.postedBy)
}
