import * as z from 'zod/mini'
import { User } from './shared.ts'
import type { ReactionShape, CommentDocumentShape, CommentBodyShape, CommentTargetShape, CommentShape, CommentReplyShape } from '../generated/shapes.ts'

/** One emoji reaction on a comment or reply, with who reacted and when. */
export const Reaction = /*@__PURE__*/ z.looseObject({
  emoji: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  count: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
  users: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.looseObject({ user: /*@__PURE__*/ z.optional(User), reactedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) }))),
})
export interface Reaction extends ReactionShape {}

/**
 * A body as a document (`format=document`): `{ object: 'document', nodes }` of blocks, inlines
 * and texts, the shape page documents have (without block IDs).
 */
export const CommentDocument = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  nodes: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.looseObject({ object: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) }))),
})
export interface CommentDocument extends CommentDocumentShape {}

/** Body of a comment or reply: its `markdown`, or its `document` when asked with `format=document`. */
export const CommentBody = /*@__PURE__*/ z.looseObject({ markdown: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), document: /*@__PURE__*/ z.optional(CommentDocument) })
export interface CommentBody extends CommentBodyShape {}

const CommentUrls = /*@__PURE__*/ z.looseObject({ location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })

const CommentPermissions = /*@__PURE__*/ z.looseObject({
  view: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  edit: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  reply: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  delete: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
})

/** What a comment is attached to: a node, a page, a change request, a review, a space, a revision. */
export const CommentTarget = /*@__PURE__*/ z.looseObject({
  node: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ id: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), preview: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
  changeRequest: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  review: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  page: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      id: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      emoji: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      icon: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      updatedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      path: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      outdated: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
    }),
  ),
  space: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  revision: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface CommentTarget extends CommentTargetShape {}

/** A comment on a space or change request. */
export const Comment = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('comment'),
  id: /*@__PURE__*/ z.string(),
  postedBy: User,
  postedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  editedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  reactions: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(Reaction)),
  replies: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
  body: CommentBody,
  target: /*@__PURE__*/ z.optional(CommentTarget),
  urls: /*@__PURE__*/ z.optional(CommentUrls),
  permissions: /*@__PURE__*/ z.optional(CommentPermissions),
  status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  resolvedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  resolvedBy: /*@__PURE__*/ z.optional(User),
})
export interface Comment extends CommentShape {}

/** A reply to a comment. */
export const CommentReply = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('comment-reply'),
  id: /*@__PURE__*/ z.string(),
  postedBy: User,
  postedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  editedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  reactions: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(Reaction)),
  body: CommentBody,
  urls: /*@__PURE__*/ z.optional(CommentUrls),
  permissions: /*@__PURE__*/ z.optional(CommentPermissions),
})
export interface CommentReply extends CommentReplyShape {}
