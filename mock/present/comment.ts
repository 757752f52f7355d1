import { postPermissions, type SpacePermissions } from '../model/comments/access.ts'
import type { CommentRecord, CommentReplyRecord, ReactionRecord } from '../tables/comments.ts'
import type { Thread } from '../model/comments/thread.ts'
import type { Caller } from '../model/access.ts'
import type { State } from '../model/state.ts'
import { markdownToDocument } from './comment-document.ts'
import type { PendingDocuments } from './pending-documents.ts'
import { presentTarget } from './comment-target.ts'
import { presentUserById, type Audience } from './user.ts'

/** What presenting the posts of one thread to one caller needs, computed once per request. */
export interface CommentView {
  state: State
  caller: Caller
  thread: Thread
  /** The caller's permissions on the thread's space. */
  space: SpacePermissions
  format?: 'markdown' | 'document' | undefined
  /** Where bodies asked as documents wait to be converted, after the state lock (`format=document`). */
  documents?: PendingDocuments | undefined
  /** How many times the operation asked to `Prepare` before this run (its revision's blocks analysed once it did). */
  prepared?: number | undefined
  /** What the caller may see of the people in the thread (emails only if they may list the members). */
  people: Audience
}

function threadPath(view: CommentView): string {
  const { space, changeRequest } = view.thread
  return `${view.state.urls.api}/v1/spaces/${space.id}${changeRequest ? `/change-requests/${changeRequest.id}` : ''}/comments`
}

function body(view: CommentView, markdown: string) {
  if (view.format !== 'document') return { markdown }
  const { state } = view
  const convert = (text: string) => state.commentDocuments.get(text, (md) => markdownToDocument(state.libraries.markdown, md))
  return view.documents ? view.documents.add({}, markdown.length, () => convert(markdown)) : { document: convert(markdown) }
}

function reactions(view: CommentView, list: readonly ReactionRecord[]) {
  return list.map((r) => ({
    emoji: r.emoji,
    count: r.users.length,
    users: r.users.map((u) => ({ user: presentUserById(view.state, u.user, view.people), reactedAt: u.reactedAt })),
  }))
}

/** A comment: author, body in the asked format, target, reactions, replies count, status, the caller's permissions. */
export function presentComment(view: CommentView, comment: CommentRecord) {
  const { state } = view
  return {
    object: 'comment' as const,
    id: comment.id,
    postedBy: presentUserById(state, comment.postedBy, view.people),
    postedAt: comment.postedAt,
    ...(comment.editedAt ? { editedAt: comment.editedAt } : {}),
    reactions: reactions(view, comment.reactions),
    replies: state.indexes.repliesByComment.get(comment.id).length,
    repliers: repliers(view, comment),
    body: body(view, comment.markdown),
    target: presentTarget(state, view.thread, comment),
    urls: { location: `${threadPath(view)}/${comment.id}` },
    permissions: postPermissions(view.space, view.caller.user.id, comment.postedBy),
    status: comment.status,
    ...(comment.resolvedAt ? { resolvedAt: comment.resolvedAt } : {}),
    ...(comment.resolvedBy ? { resolvedBy: presentUserById(state, comment.resolvedBy, view.people) } : {}),
  }
}

/** Who replied to a comment, first replier first: how many replies each posted, and when last. */
function repliers(view: CommentView, comment: CommentRecord) {
  const by = new Map<string, { count: number; updatedAt: string }>()
  for (const reply of view.state.indexes.repliesByComment.get(comment.id)) {
    const seen = by.get(reply.postedBy)
    const at = reply.editedAt && reply.editedAt > reply.postedAt ? reply.editedAt : reply.postedAt
    if (seen) seen.count++, at > seen.updatedAt && (seen.updatedAt = at)
    else by.set(reply.postedBy, { count: 1, updatedAt: at })
  }
  return [...by].map(([user, { count, updatedAt }]) => ({ updatedAt, count, user: presentUserById(view.state, user, view.people) }))
}

/** A reply, shaped like a comment without target, replies or status. */
export function presentReply(view: CommentView, reply: CommentReplyRecord) {
  const { state } = view
  return {
    object: 'comment-reply' as const,
    id: reply.id,
    postedBy: presentUserById(state, reply.postedBy, view.people),
    postedAt: reply.postedAt,
    ...(reply.editedAt ? { editedAt: reply.editedAt } : {}),
    reactions: reactions(view, reply.reactions),
    body: body(view, reply.markdown),
    urls: { location: `${threadPath(view)}/${reply.comment}/replies/${reply.id}` },
    permissions: postPermissions(view.space, view.caller.user.id, reply.postedBy),
  }
}
