import type { Reaction } from '../../../src/schemas/comment.ts'
import type { CaptureContext } from './context.ts'
import type { Copy, RecordValues } from './copy.ts'
import { timeOr, UNKNOWN_TIME } from './fields.ts'
import { addUser } from './orgs.ts'

/** A thread: a space's own comments, or a change request's (addressed by number). */
export interface ThreadRef {
  spaceId: string
  changeRequestNumber?: number
}

type ReactionValues = RecordValues<'comments'>['reactions'][number]

/**
 * A post's reactions as the tables keep them. A reaction without an emoji, or a user without an
 * ID, breaks the service's own contract: those are left out. A reaction time the service did not
 * show is the post's.
 */
function reactions(ctx: CaptureContext, copy: Copy, list: readonly Reaction[] | undefined, postedAt: string): ReactionValues[] {
  const out: ReactionValues[] = []
  for (const reaction of list ?? []) {
    if (reaction.emoji === undefined) continue
    const users: Array<ReactionValues['users'][number]> = []
    for (const entry of reaction.users ?? []) {
      const user = addUser(copy, entry.user)
      if (user !== undefined) users.push({ user, reactedAt: timeOr(ctx, 'comments.reactions.reactedAt', entry.reactedAt, postedAt) })
    }
    out.push({ emoji: reaction.emoji, users })
  }
  return out
}

/**
 * Reads a thread's comments with their replies, and its commenters. `changeRequestId` is the ID the
 * copy gives the change request.
 */
export async function captureThread(ctx: CaptureContext, copy: Copy, thread: ThreadRef, changeRequestId?: string): Promise<void> {
  const { spaceId, changeRequestNumber } = thread
  const cr = changeRequestNumber === undefined ? undefined : String(changeRequestNumber)
  const label = cr === undefined ? `space ${spaceId}` : `space ${spaceId} change request #${cr}`
  const comments =
    (await ctx.list(`${label}: comments`, () =>
      cr === undefined
        ? ctx.client.spaces.comments.list({ spaceId, order: 'asc' }).pages()
        : ctx.client.changeRequests.comments.list({ spaceId, changeRequestId: cr, order: 'asc' }).pages(),
    )) ?? []
  const posts = new Map<string, number>()
  const count = (user: string) => posts.set(user, (posts.get(user) ?? 0) + 1)
  for (const comment of comments) {
    const target = comment.target ?? {}
    const postedBy = addUser(copy, comment.postedBy) ?? ''
    count(postedBy)
    const postedAt = timeOr(ctx, 'comments.postedAt', comment.postedAt, UNKNOWN_TIME)
    const node = target.node?.id === undefined ? undefined : { id: target.node.id, preview: target.node.preview ?? '' }
    copy.add('comments', {
      id: comment.id,
      space: spaceId,
      changeRequest: cr === undefined ? undefined : changeRequestId,
      postedBy,
      postedAt,
      editedAt: comment.editedAt,
      markdown: comment.body.markdown ?? '',
      reactions: reactions(ctx, copy, comment.reactions, postedAt),
      revision: target.revision ?? '',
      page: target.page?.id,
      node,
      status: comment.status === 'resolved' ? 'resolved' : 'open',
      resolvedAt: comment.resolvedAt,
      resolvedBy: addUser(copy, comment.resolvedBy),
    })
    if (!comment.replies) continue
    const replies =
      (await ctx.list(`${label}: replies of comment ${comment.id}`, () =>
        cr === undefined
          ? ctx.client.spaces.comments.replies.list({ spaceId, commentId: comment.id }).pages()
          : ctx.client.changeRequests.comments.replies.list({ spaceId, changeRequestId: cr, commentId: comment.id }).pages(),
      )) ?? []
    for (const reply of replies) {
      const by = addUser(copy, reply.postedBy) ?? ''
      count(by)
      const repliedAt = timeOr(ctx, 'commentReplies.postedAt', reply.postedAt, postedAt)
      copy.add('commentReplies', {
        id: reply.id,
        space: spaceId,
        changeRequest: changeRequestId,
        comment: comment.id,
        postedBy: by,
        postedAt: repliedAt,
        editedAt: reply.editedAt,
        markdown: reply.body.markdown ?? '',
        reactions: reactions(ctx, copy, reply.reactions, repliedAt),
      })
    }
  }
  // Commenters: the API's list says who takes part; their post counts come from what was read
  // (at least one each: a list that failed to read leaves posts uncounted).
  const commenters =
    (await ctx.list(`${label}: commenters`, () =>
      cr === undefined
        ? ctx.client.spaces.listCommenters({ spaceId }).pages()
        : ctx.client.changeRequests.listCommenters({ spaceId, changeRequestId: cr }).pages(),
    )) ?? []
  const key = cr === undefined ? `s:${spaceId}` : `c:${changeRequestId}`
  for (const member of commenters) {
    const user = addUser(copy, member.user) ?? member.id
    copy.add('commenters', {
      id: `${key}:${user}`,
      space: spaceId,
      changeRequest: cr === undefined ? undefined : changeRequestId,
      user,
      posts: Math.max(1, posts.get(user) ?? 0),
    })
  }
}

/** Reviewers requested on a change request. */
export async function captureReviewers(
  ctx: CaptureContext,
  copy: Copy,
  spaceId: string,
  number: number,
  changeRequestId: string,
): Promise<void> {
  const reviewers =
    (await ctx.list(`space ${spaceId} change request #${number}: requested reviewers`, () =>
      ctx.client.changeRequests.reviewers.list({ spaceId, changeRequestId: String(number) }).pages(),
    )) ?? []
  for (const r of reviewers) {
    const user = addUser(copy, r.user)
    if (!user) continue
    copy.add('requestedReviewers', {
      id: `${changeRequestId}:${user}`,
      changeRequest: changeRequestId,
      user,
      requestedBy: addUser(copy, r.requestedBy) ?? user,
      revision: r.revision ?? '',
      createdAt: timeOr(ctx, 'requestedReviewers.createdAt', r.createdAt, UNKNOWN_TIME),
    })
  }
}
