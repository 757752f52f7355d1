import type { CaptureContext, Wire } from './context.ts'
import type { Copy } from './copy.ts'
import { addUser } from './orgs.ts'

/** A thread: a space's own comments, or a change request's (addressed by number). */
export interface ThreadRef {
  spaceId: string
  changeRequestNumber?: number
}

function reactions(copy: Copy, list: readonly Wire[] | undefined) {
  return (list ?? []).map((r) => ({
    emoji: r.emoji,
    users: ((r.users ?? []) as Wire[]).map((u) => ({ user: addUser(copy, u.user) ?? u.user?.id, reactedAt: u.reactedAt })),
  }))
}

/**
 * Reads a thread's comments with their replies, and its commenters. `changeRequestId` is the ID the
 * copy gives the change request.
 */
export async function captureThread(ctx: CaptureContext, copy: Copy, thread: ThreadRef, changeRequestId?: string): Promise<void> {
  const { spaceId, changeRequestNumber } = thread
  const cr = changeRequestNumber === undefined ? undefined : String(changeRequestNumber)
  const label = cr === undefined ? `space ${spaceId}` : `space ${spaceId} change request #${cr}`
  const comments = ((await ctx.list(`${label}: comments`, () =>
    cr === undefined
      ? ctx.client.spaces.comments.list({ spaceId, order: 'asc' }).pages()
      : ctx.client.changeRequests.comments.list({ spaceId, changeRequestId: cr, order: 'asc' }).pages(),
  )) ?? []) as Wire[]
  const posts = new Map<string, number>()
  const count = (user: string) => posts.set(user, (posts.get(user) ?? 0) + 1)
  for (const comment of comments) {
    const target = (comment.target ?? {}) as Wire
    const postedBy = addUser(copy, comment.postedBy) ?? ''
    count(postedBy)
    copy.add('comments', {
      id: comment.id,
      space: spaceId,
      changeRequest: cr === undefined ? undefined : changeRequestId,
      postedBy,
      postedAt: comment.postedAt,
      editedAt: comment.editedAt,
      markdown: comment.body?.markdown ?? '',
      reactions: reactions(copy, comment.reactions),
      revision: target.revision ?? '',
      page: target.page?.id,
      node: target.node ? { id: target.node.id, preview: target.node.preview ?? '' } : undefined,
      status: comment.status === 'resolved' ? 'resolved' : 'open',
      resolvedAt: comment.resolvedAt,
      resolvedBy: addUser(copy, comment.resolvedBy),
    })
    if (!comment.replies) continue
    const replies = ((await ctx.list(`${label}: replies of comment ${comment.id}`, () =>
      cr === undefined
        ? ctx.client.spaces.comments.replies.list({ spaceId, commentId: comment.id }).pages()
        : ctx.client.changeRequests.comments.replies.list({ spaceId, changeRequestId: cr, commentId: comment.id }).pages(),
    )) ?? []) as Wire[]
    for (const reply of replies) {
      const by = addUser(copy, reply.postedBy) ?? ''
      count(by)
      copy.add('commentReplies', {
        id: reply.id,
        space: spaceId,
        changeRequest: changeRequestId,
        comment: comment.id,
        postedBy: by,
        postedAt: reply.postedAt,
        editedAt: reply.editedAt,
        markdown: reply.body?.markdown ?? '',
        reactions: reactions(copy, reply.reactions),
      })
    }
  }
  // Commenters: the API's list says who takes part; their post counts come from what was read
  // (at least one each: a list that failed to read leaves posts uncounted).
  const commenters = ((await ctx.list(`${label}: commenters`, () =>
    cr === undefined
      ? ctx.client.spaces.listCommenters({ spaceId }).pages()
      : ctx.client.changeRequests.listCommenters({ spaceId, changeRequestId: cr }).pages(),
  )) ?? []) as Wire[]
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
  const reviewers = ((await ctx.list(`space ${spaceId} change request #${number}: requested reviewers`, () =>
    ctx.client.changeRequests.reviewers.list({ spaceId, changeRequestId: String(number) }).pages(),
  )) ?? []) as Wire[]
  for (const r of reviewers) {
    const user = addUser(copy, r.user)
    if (!user) continue
    copy.add('requestedReviewers', {
      id: `${changeRequestId}:${user}`,
      changeRequest: changeRequestId,
      user,
      requestedBy: addUser(copy, r.requestedBy) ?? user,
      revision: r.revision ?? '',
      createdAt: r.createdAt,
    })
  }
}
