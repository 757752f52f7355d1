import * as z from 'zod/mini'
import { User } from './shared.ts'

/** One emoji reaction on a comment or reply, with who reacted and when. */
export const Reaction = /*@__PURE__*/ z.looseObject({
  emoji: z.optional(z.string()),
  count: z.optional(z.number()),
  users: z.optional(z.array(z.looseObject({ user: z.optional(User), reactedAt: z.optional(z.string()) }))),
})
export interface Reaction extends z.infer<typeof Reaction> {}

/**
 * A body as a document (`format=document`): `{ object: 'document', nodes }` of blocks, inlines
 * and texts, the shape page documents have (without block IDs).
 */
export const CommentDocument = /*@__PURE__*/ z.looseObject({
  object: z.optional(z.string()),
  nodes: z.optional(z.array(z.looseObject({ object: z.optional(z.string()), type: z.optional(z.string()) }))),
})
export interface CommentDocument extends z.infer<typeof CommentDocument> {}

/** Body of a comment or reply: its `markdown`, or its `document` when asked with `format=document`. */
export const CommentBody = /*@__PURE__*/ z.looseObject({ markdown: z.optional(z.string()), document: z.optional(CommentDocument) })
export interface CommentBody extends z.infer<typeof CommentBody> {}

const CommentUrls = /*@__PURE__*/ z.looseObject({ location: z.optional(z.string()) })

const CommentPermissions = /*@__PURE__*/ z.looseObject({
  view: z.optional(z.boolean()),
  edit: z.optional(z.boolean()),
  reply: z.optional(z.boolean()),
  delete: z.optional(z.boolean()),
})

/** What a comment is attached to: a node, a page, a change request, a review, a space, a revision. */
export const CommentTarget = /*@__PURE__*/ z.looseObject({
  node: z.optional(z.looseObject({ id: z.optional(z.string()), preview: z.optional(z.string()) })),
  changeRequest: z.optional(z.string()),
  review: z.optional(z.string()),
  page: z.optional(
    z.looseObject({
      id: z.optional(z.string()),
      title: z.optional(z.string()),
      emoji: z.optional(z.string()),
      icon: z.optional(z.string()),
      createdAt: z.optional(z.string()),
      updatedAt: z.optional(z.string()),
      path: z.optional(z.string()),
      outdated: z.optional(z.boolean()),
    }),
  ),
  space: z.optional(z.string()),
  revision: z.optional(z.string()),
})
export interface CommentTarget extends z.infer<typeof CommentTarget> {}

/** A comment on a space or change request. */
export const Comment = /*@__PURE__*/ z.looseObject({
  object: z.literal('comment'),
  id: z.string(),
  postedBy: User,
  postedAt: z.optional(z.string()),
  editedAt: z.optional(z.string()),
  reactions: z.optional(z.array(Reaction)),
  replies: z.optional(z.number()),
  body: CommentBody,
  target: z.optional(CommentTarget),
  urls: z.optional(CommentUrls),
  permissions: z.optional(CommentPermissions),
  status: z.optional(z.string()),
  resolvedAt: z.optional(z.string()),
  resolvedBy: z.optional(User),
})
export interface Comment extends z.infer<typeof Comment> {}

/** A reply to a comment. */
export const CommentReply = /*@__PURE__*/ z.looseObject({
  object: z.literal('comment-reply'),
  id: z.string(),
  postedBy: User,
  postedAt: z.optional(z.string()),
  editedAt: z.optional(z.string()),
  reactions: z.optional(z.array(Reaction)),
  body: CommentBody,
  urls: z.optional(CommentUrls),
  permissions: z.optional(CommentPermissions),
})
export interface CommentReply extends z.infer<typeof CommentReply> {}
