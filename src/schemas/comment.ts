import * as z from 'zod/mini'
import { User } from './shared.ts'
import type {
  ReactionShape,
  CommentDocumentShape,
  CommentBodyShape,
  CommentTargetShape,
  CommentShape,
  CommentReplyShape,
} from '../generated/shapes.ts'

/** One emoji reaction on a comment or reply, with who reacted and when. */
export const Reaction = z.looseObject({
  emoji: z.optional(z.string()),
  count: z.optional(z.number()),
  users: z.optional(z.array(z.looseObject({ user: z.optional(User), reactedAt: z.optional(z.string()) }))),
})
export interface Reaction extends ReactionShape {}

/**
 * A body as a document (`format=document`): `{ object: 'document', nodes }` of blocks, inlines
 * and texts, the shape page documents have (without block IDs).
 */
export const CommentDocument = z.looseObject({
  object: z.optional(z.string()),
  nodes: z.optional(z.array(z.looseObject({ object: z.optional(z.string()), type: z.optional(z.string()) }))),
})
export interface CommentDocument extends CommentDocumentShape {}

/** Body of a comment or reply: its `markdown`, or its `document` when asked with `format=document`. */
export const CommentBody = z.looseObject({ markdown: z.optional(z.string()), document: z.optional(CommentDocument) })
export interface CommentBody extends CommentBodyShape {}

const CommentUrls = z.looseObject({ location: z.optional(z.string()) })

const CommentPermissions = z.looseObject({
  view: z.optional(z.boolean()),
  edit: z.optional(z.boolean()),
  reply: z.optional(z.boolean()),
  delete: z.optional(z.boolean()),
})

/** What a comment is attached to: a node, a page, a change request, a review, a space, a revision. */
export const CommentTarget = z.looseObject({
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
export interface CommentTarget extends CommentTargetShape {}

/** A comment on a space or change request. */
export const Comment = z.looseObject({
  object: z.literal('comment'),
  id: z.string(),
  postedBy: User,
  postedAt: z.optional(z.string()),
  editedAt: z.optional(z.string()),
  reactions: z.optional(z.array(Reaction)),
  replies: z.optional(z.number()),
  /** Who replied: each replier with their reply count and the time of their latest reply. */
  repliers: z.optional(z.array(z.looseObject({ user: User, count: z.number(), updatedAt: z.string() }))),
  body: CommentBody,
  target: z.optional(CommentTarget),
  urls: z.optional(CommentUrls),
  permissions: z.optional(CommentPermissions),
  status: z.optional(z.string()),
  resolvedAt: z.optional(z.string()),
  resolvedBy: z.optional(User),
})
export interface Comment extends CommentShape {}

/** A reply to a comment. */
export const CommentReply = z.looseObject({
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
export interface CommentReply extends CommentReplyShape {}
