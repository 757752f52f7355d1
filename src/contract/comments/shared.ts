import * as z from 'zod/mini'
import { Id, Order, pagination } from '../common.ts'
import { SP } from '../spaces.ts'

/** Path of a change request: addressed by its ID or its number within the space. */
export const CR = `${SP}/change-requests/{changeRequestId}`

export const space = { spaceId: Id }
export const changeRequest = { spaceId: Id, changeRequestId: Id }

import { BodyInput, Reactions } from '../../schemas/comment-input.ts'

/** How a body comes back: its markdown, or a document tree built from it. */
export const CommentFormat = z.enum(['markdown', 'document'])

/** Which comments a list shows by resolution. */
export const CommentStatusFilter = z.enum(['all', 'open', 'resolved'])

/** Query of a comment list: pages, order by posting time, status, target page and authors. */
export const listQuery = z.object({
  ...pagination,
  order: z.optional(Order),
  status: z.optional(CommentStatusFilter),
  format: z.optional(CommentFormat),
  /** Only comments on this page (page ID). */
  targetPage: z.optional(Id),
  /** Only comments posted by these users (user IDs, `authors=a&authors=b`). */
  authors: z.optional(z.array(Id).check(z.minLength(1), z.maxLength(100))),
})

export const formatQuery = z.object({ format: z.optional(CommentFormat) })

export const pageQuery = z.object({ ...pagination })

export const replyListQuery = z.object({ ...pagination, format: z.optional(CommentFormat) })

/** Body of a new comment: markdown, optionally anchored to a page or a node (block) of a page. */
export const postBody = z.object({
  node: z.optional(Id),
  page: z.optional(Id),
  body: BodyInput,
})

/** Body of a new reply. */
export const replyBody = z.object({ body: BodyInput })

/** Changes to a comment: resolution, body (author only) and the caller's reactions. */
export const updateBody = z.object({
  resolved: z.optional(z.boolean()),
  body: z.optional(BodyInput),
  addedReactions: z.optional(Reactions),
  removedReactions: z.optional(Reactions),
})

/** Changes to a reply of a space comment: body (author only) and the caller's reactions. */
export const updateReplyBody = z.object({
  body: z.optional(BodyInput),
  addedReactions: z.optional(Reactions),
  removedReactions: z.optional(Reactions),
})
