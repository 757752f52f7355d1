import * as z from 'zod/mini'
import { Emoji, Role } from './shared.ts'
import type { SpaceShape } from '../generated/shapes.ts'

/** Space title bound: at most 50 characters. */
export const SpaceTitle = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(50))
export type SpaceTitle = z.infer<typeof SpaceTitle>

/** Who can access a space; the spec lists all six values. */
export const SpaceVisibility = /*@__PURE__*/ z.enum([
  'public',
  'unlisted',
  'share-link',
  'visitor-auth',
  'in-collection',
  'private',
])
export type SpaceVisibility = z.infer<typeof SpaceVisibility>

/** Whether users edit a space directly (`live`) or all edits are `locked`. */
export const SpaceEditMode = /*@__PURE__*/ z.enum(['live', 'locked'])
export type SpaceEditMode = z.infer<typeof SpaceEditMode>

/** A space: a container of documentation content (pages and files in revisions). */
export const Space = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('space'),
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  emoji: /*@__PURE__*/ z.string(),
  visibility: SpaceVisibility,
  createdAt: /*@__PURE__*/ z.string(),
  updatedAt: /*@__PURE__*/ z.string(),
  deletedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  editMode: /*@__PURE__*/ z.optional(SpaceEditMode),
  urls: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      published: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      public: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      icon: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
    }),
  ),
  organization: /*@__PURE__*/ z.string(),
  parent: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  gitSync: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      repoName: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      installationProvider: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      integration: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      url: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      updatedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
    }),
  ),
  visitorAuth: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ backend: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
  revision: /*@__PURE__*/ z.string(),
  defaultLevel: /*@__PURE__*/ z.nullable(Role),
  comments: /*@__PURE__*/ z.number(),
  changeRequests: /*@__PURE__*/ z.number(),
  changeRequestsOpen: /*@__PURE__*/ z.number(),
  changeRequestsDraft: /*@__PURE__*/ z.number(),
  permissions: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      view: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      access: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      admin: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      viewInviteLinks: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      edit: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      triggerGitSync: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      comment: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      merge: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      review: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
    }),
  ),
})
export interface Space extends SpaceShape {}
