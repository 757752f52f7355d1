import * as z from 'zod/mini'
import { Role } from './shared.ts'
import type { SpaceShape } from '../generated/shapes.ts'

/** Space title bound: at most 50 characters. */
export const SpaceTitle = z.string().check(z.maxLength(50))
export type SpaceTitle = z.infer<typeof SpaceTitle>

/** Who can access a space; the spec lists all six values. */
export const SpaceVisibility = z.enum(['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'])
export type SpaceVisibility = z.infer<typeof SpaceVisibility>

/** Whether users edit a space directly (`live`) or all edits are `locked`. */
export const SpaceEditMode = z.enum(['live', 'locked'])
export type SpaceEditMode = z.infer<typeof SpaceEditMode>

/** A space: a container of documentation content (pages and files in revisions). */
export const Space = z.looseObject({
  object: z.literal('space'),
  id: z.string(),
  title: z.string(),
  emoji: z.string(),
  visibility: SpaceVisibility,
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.optional(z.string()),
  editMode: z.optional(SpaceEditMode),
  urls: z.optional(
    z.looseObject({
      location: z.optional(z.string()),
      app: z.optional(z.string()),
      published: z.optional(z.string()),
      public: z.optional(z.string()),
      icon: z.optional(z.string()),
    }),
  ),
  organization: z.string(),
  parent: z.optional(z.string()),
  gitSync: z.optional(
    z.looseObject({
      repoName: z.optional(z.string()),
      installationProvider: z.optional(z.string()),
      integration: z.optional(z.string()),
      url: z.optional(z.string()),
      updatedAt: z.optional(z.string()),
    }),
  ),
  visitorAuth: z.optional(z.looseObject({ backend: z.optional(z.string()) })),
  revision: z.string(),
  defaultLevel: z.nullable(Role),
  comments: z.number(),
  changeRequests: z.number(),
  changeRequestsOpen: z.number(),
  changeRequestsDraft: z.number(),
  /** The space's merge rules (`{ type: 'inherit' }`: its organization's apply). */
  mergeRules: z.optional(z.looseObject({ type: z.string() })),
  permissions: z.optional(
    z.looseObject({
      view: z.optional(z.boolean()),
      access: z.optional(z.boolean()),
      admin: z.optional(z.boolean()),
      viewInviteLinks: z.optional(z.boolean()),
      edit: z.optional(z.boolean()),
      triggerGitSync: z.optional(z.boolean()),
      comment: z.optional(z.boolean()),
      merge: z.optional(z.boolean()),
      review: z.optional(z.boolean()),
      /** Whether the caller may install integrations on the space. */
      installIntegration: z.optional(z.boolean()),
    }),
  ),
})
export interface Space extends SpaceShape {}
