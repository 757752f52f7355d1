import * as z from 'zod/mini'
import { Table, type SortKey, type Stored } from './table.ts'

const base = { id: z.string(), seq: z.number() }

/** One emoji on a comment or reply, with each user who reacted and when (first reaction first). */
export const ReactionRecord = z.object({
  emoji: z.string(),
  users: z.array(z.object({ user: z.string(), reactedAt: z.string() })),
})
export type ReactionRecord = Stored<z.infer<typeof ReactionRecord>>

/** What a comment and a reply both keep: who wrote what, when, and the reactions to it. */
const post = {
  ...base,
  space: z.string(),
  /** Set on the comments of a change request (and their replies). */
  changeRequest: z.optional(z.string()),
  postedBy: z.string(),
  postedAt: z.string(),
  editedAt: z.optional(z.string()),
  markdown: z.string(),
  reactions: z.array(ReactionRecord),
}

/**
 * A comment on a space or a change request. `revision` is the one it was posted on; the node
 * keeps the preview of the block as it read then, so a later edit shows the comment outdated.
 */
export const CommentRecord = z.object({
  ...post,
  revision: z.string(),
  page: z.optional(z.string()),
  node: z.optional(z.object({ id: z.string(), preview: z.string() })),
  status: z.enum(['open', 'resolved']),
  resolvedAt: z.optional(z.string()),
  resolvedBy: z.optional(z.string()),
})
export type CommentRecord = Stored<z.infer<typeof CommentRecord>>

export const CommentReplyRecord = z.object({ ...post, comment: z.string() })
export type CommentReplyRecord = Stored<z.infer<typeof CommentReplyRecord>>

/**
 * Who took part in the comments of a space or change request, with how many comments and
 * replies they have there, so commenters list each person once without scanning every post.
 * `id` is `<thread key>:<user>`.
 */
export const CommenterRecord = z.object({
  ...base,
  space: z.string(),
  changeRequest: z.optional(z.string()),
  user: z.string(),
  posts: z.number(),
})
export type CommenterRecord = Stored<z.infer<typeof CommenterRecord>>

/**
 * Where a comment lives: the space's own comments (`s:<space>`) or a change request's
 * (`c:<change request>`); the two are listed, counted and filtered apart.
 */
export const threadKey = (r: { space: string; changeRequest?: string | undefined }) =>
  r.changeRequest === undefined ? `s:${r.space}` : `c:${r.changeRequest}`

/** The order comments and replies are listed in: posting time, then creation. */
export const postingKey = (r: { postedAt: string; seq: number }): SortKey => [Date.parse(r.postedAt), r.seq]

export function createCommentsTables() {
  const comments = new Table<CommentRecord>(CommentRecord)
  const commentReplies = new Table<CommentReplyRecord>(CommentReplyRecord)
  const commenters = new Table<CommenterRecord>(CommenterRecord)
  return {
    comments,
    commentReplies,
    commenters,
    /** Comments of each space or change request by posting time: the unfiltered list. */
    commentsByThread: comments.index((c) => threadKey(c), postingKey),
    /** The same, per status (`<thread>|open`, `<thread>|resolved`). */
    commentsByThreadStatus: comments.index((c) => `${threadKey(c)}|${c.status}`, postingKey),
    /** The same, per target page (`<thread>|page:<page>`). */
    commentsByThreadPage: comments.index((c) => (c.page === undefined ? undefined : `${threadKey(c)}|page:${c.page}`), postingKey),
    /** The same, per author (`<thread>|by:<user>`). */
    commentsByThreadAuthor: comments.index((c) => `${threadKey(c)}|by:${c.postedBy}`, postingKey),
    /** Every comment of a space, its change requests' included: what a purge removes. */
    commentsBySpace: comments.index(
      (c) => c.space,
      (c) => [c.seq],
    ),
    /** Open comments on the space itself: the space's `comments` count. */
    openSpaceComments: comments.index(
      (c) => (c.changeRequest === undefined && c.status === 'open' ? c.space : undefined),
      (c) => [c.seq],
    ),
    /** Replies of each comment, oldest first. */
    repliesByComment: commentReplies.index((r) => r.comment, postingKey),
    /** Commenters of each space or change request, by first participation. */
    commentersByThread: commenters.index(
      (c) => threadKey(c),
      (c) => [c.seq],
    ),
    commentersBySpace: commenters.index(
      (c) => c.space,
      (c) => [c.seq],
    ),
  }
}
