import { paginate } from '../../base/paginate.ts'
import { authorizeChanges, authorizeDelete, postPermissions } from '../../model/comments/access.ts'
import { threadCommenters } from '../../model/comments/commenters.ts'
import { deleteComment, findComment, postComment, updateComment, type CommentChanges } from '../../model/comments/comments.ts'
import { listComments, type CommentFilters } from '../../model/comments/lists.ts'
import { postingKey } from '../../tables/comments.ts'
import { deleteReply, findReply, postReply, updateReply, type ReplyChanges } from '../../model/comments/replies.ts'
import { keyOfThread } from '../../model/comments/thread.ts'
import type { CommentView } from '../../present/comment.ts'
import { presentComment, presentReply } from '../../present/comment.ts'
import { presentMember } from '../../present/member.ts'
import { withDocuments } from '../documents.ts'
import { blocksFirst, requireComment } from './threads.ts'

/** The comment operations, once for both kinds of thread (a space's own, a change request's). */

interface PageQuery {
  page?: string | undefined
  limit?: number | undefined
}

interface ListQuery extends PageQuery, CommentFilters {
  order?: 'asc' | 'desc' | undefined
}

/** A short, stable digest of a list's filters, so cursors name their list without growing with it. */
function digest(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(36)
}

export function listThreadComments(view: CommentView, query: ListQuery) {
  const items = listComments(view.state, view.thread, query)
  const order = query.order ?? 'desc'
  const authors = query.authors ? [...new Set(query.authors)].sort() : []
  const list = `comments:${keyOfThread(view.thread)}:${digest(JSON.stringify([order, query.status ?? 'all', query.targetPage ?? '', authors]))}`
  // The page's records first: only their anchors decide whether the blocks must be analysed.
  const page = paginate(list, items, postingKey, query, undefined, order === 'desc')
  const early = blocksFirst(
    view,
    page.items.some((c) => c.node !== undefined),
  )
  if (early) return early
  return withDocuments(view.documents, { ...page, items: page.items.map((c) => presentComment(view, c)) })
}

interface NewCommentInput {
  page?: string | undefined
  node?: string | undefined
  body: { markdown: string }
}

export function postThreadComment(view: CommentView, input: NewCommentInput) {
  requireComment(view)
  const early = blocksFirst(view, input.node !== undefined)
  if (early) return early
  const comment = postComment(view.state, view.thread, {
    postedBy: view.caller.user.id,
    markdown: input.body.markdown,
    page: input.page,
    node: input.node,
  })
  return presentComment(view, comment)
}

export function getThreadComment(view: CommentView, commentId: string) {
  const comment = findComment(view.state, view.thread, commentId)
  return blocksFirst(view, comment.node !== undefined) ?? withDocuments(view.documents, presentComment(view, comment))
}

interface UpdateInput {
  resolved?: boolean | undefined
  body?: { markdown: string } | undefined
  addedReactions?: string[] | undefined
  removedReactions?: string[] | undefined
}

const changesOf = (input: UpdateInput): CommentChanges & ReplyChanges => ({
  resolved: input.resolved,
  markdown: input.body?.markdown,
  addedReactions: input.addedReactions,
  removedReactions: input.removedReactions,
})

export function updateThreadComment(view: CommentView, commentId: string, input: UpdateInput) {
  const comment = findComment(view.state, view.thread, commentId)
  const permissions = postPermissions(view.space, view.caller.user.id, comment.postedBy)
  authorizeChanges(permissions, input, `comment ${comment.id}`, view.thread.space.id)
  const early = blocksFirst(view, comment.node !== undefined)
  if (early) return early
  return presentComment(view, updateComment(view.state, comment, view.caller.user.id, changesOf(input)))
}

export function deleteThreadComment(view: CommentView, commentId: string): void {
  const comment = findComment(view.state, view.thread, commentId)
  authorizeDelete(postPermissions(view.space, view.caller.user.id, comment.postedBy), `comment ${comment.id}`, view.thread.space.id)
  deleteComment(view.state, comment)
}

export function listThreadReplies(view: CommentView, commentId: string, query: PageQuery) {
  const comment = findComment(view.state, view.thread, commentId)
  const replies = view.state.indexes.repliesByComment.get(comment.id)
  return withDocuments(
    view.documents,
    paginate(`replies:${comment.id}`, replies, postingKey, query, (r) => presentReply(view, r)),
  )
}

export function postThreadReply(view: CommentView, commentId: string, input: { body: { markdown: string } }) {
  const comment = findComment(view.state, view.thread, commentId)
  requireComment(view)
  return presentReply(view, postReply(view.state, comment, { postedBy: view.caller.user.id, markdown: input.body.markdown }))
}

export function getThreadReply(view: CommentView, commentId: string, replyId: string) {
  const comment = findComment(view.state, view.thread, commentId)
  return withDocuments(view.documents, presentReply(view, findReply(view.state, comment, replyId)))
}

/** `fields` are the body fields the operation accepts, for the "nothing to update" message. */
export function updateThreadReply(view: CommentView, commentId: string, replyId: string, input: UpdateInput, fields: readonly string[]) {
  const comment = findComment(view.state, view.thread, commentId)
  const reply = findReply(view.state, comment, replyId)
  authorizeChanges(postPermissions(view.space, view.caller.user.id, reply.postedBy), input, `reply ${reply.id}`, view.thread.space.id)
  return presentReply(view, updateReply(view.state, comment, reply, view.caller.user.id, changesOf(input), fields))
}

export function deleteThreadReply(view: CommentView, commentId: string, replyId: string): void {
  const comment = findComment(view.state, view.thread, commentId)
  const reply = findReply(view.state, comment, replyId)
  authorizeDelete(postPermissions(view.space, view.caller.user.id, reply.postedBy), `reply ${reply.id}`, view.thread.space.id)
  deleteReply(view.state, reply)
}

export function listThreadCommenters(view: CommentView, query: PageQuery) {
  const { state } = view
  return paginate(
    `commenters:${keyOfThread(view.thread)}`,
    threadCommenters(state, view.thread),
    (e) => [e.commenter.seq],
    query,
    (e) => presentMember(state, e.member, view.people),
  )
}
