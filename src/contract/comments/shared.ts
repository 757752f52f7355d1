import * as z from 'zod/mini'
import { Id, Order, pagination } from '../common.ts'
import { SP } from '../spaces.ts'

/** Path of a change request: addressed by its ID or its number within the space. */
export const CR = `${SP}/change-requests/{changeRequestId}`

export const space = { spaceId: Id }
export const changeRequest = { spaceId: Id, changeRequestId: Id }

/** Longest comment or reply body, in characters (GitHub's comment bound; the spec gives none). */
export const MAX_MARKDOWN = 65_536

/** Markdown of a comment or reply: not empty, not only whitespace. */
export const Markdown = /*@__PURE__*/ z.string().check(
  /*@__PURE__*/ z.minLength(1),
  /*@__PURE__*/ z.maxLength(MAX_MARKDOWN),
  /*@__PURE__*/ z.refine((s) => s.trim().length > 0, { message: 'must not be blank' }),
)

/** The body a client sends: markdown. */
export const BodyInput = /*@__PURE__*/ z.object({ markdown: Markdown })

/** One reaction a caller adds or removes: an emoji (or emoji name), 1 to 50 characters. */
export const ReactionInput = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(50))

/** Reactions added or removed in one call: at most 50. */
export const Reactions = /*@__PURE__*/ z.array(ReactionInput).check(/*@__PURE__*/ z.maxLength(50))

/** How a body comes back: its markdown, or a document tree built from it. */
export const CommentFormat = /*@__PURE__*/ z.enum(['markdown', 'document'])

/** Which comments a list shows by resolution. */
export const CommentStatusFilter = /*@__PURE__*/ z.enum(['all', 'open', 'resolved'])

/** Query of a comment list: pages, order by posting time, status, target page and authors. */
export const listQuery = /*@__PURE__*/ z.object({
  ...pagination,
  order: z.optional(Order),
  status: z.optional(CommentStatusFilter),
  format: z.optional(CommentFormat),
  /** Only comments on this page (page ID). */
  targetPage: z.optional(Id),
  /** Only comments posted by these users (user IDs, `authors=a&authors=b`). */
  authors: z.optional(/*@__PURE__*/ z.array(Id).check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100))),
})

export const formatQuery = /*@__PURE__*/ z.object({ format: z.optional(CommentFormat) })

export const pageQuery = /*@__PURE__*/ z.object({ ...pagination })

export const replyListQuery = /*@__PURE__*/ z.object({ ...pagination, format: z.optional(CommentFormat) })

/** Body of a new comment: markdown, optionally anchored to a page or a node (block) of a page. */
export const postBody = /*@__PURE__*/ z.object({
  node: z.optional(Id),
  page: z.optional(Id),
  body: BodyInput,
})

/** Body of a new reply. */
export const replyBody = /*@__PURE__*/ z.object({ body: BodyInput })

/** Changes to a comment: resolution, body (author only) and the caller's reactions. */
export const updateBody = /*@__PURE__*/ z.object({
  resolved: z.optional(z.boolean()),
  body: z.optional(BodyInput),
  addedReactions: z.optional(Reactions),
  removedReactions: z.optional(Reactions),
})

/** Changes to a reply of a space comment: body (author only) and the caller's reactions. */
export const updateReplyBody = /*@__PURE__*/ z.object({
  body: z.optional(BodyInput),
  addedReactions: z.optional(Reactions),
  removedReactions: z.optional(Reactions),
})
