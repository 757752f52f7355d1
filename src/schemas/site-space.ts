import * as z from 'zod/mini'
import { Space } from './space.ts'
import type { SiteSpaceShape } from '../generated/shapes.ts'

/** Site space path bound: 1 to 100 characters, as a section path. */
export const SiteSpacePath = z.string().check(z.minLength(1), z.maxLength(100))
export type SiteSpacePath = z.infer<typeof SiteSpacePath>

/** A site space: a space published at a path of a site, possibly inside a section. */
export const SiteSpace = z.looseObject({
  object: z.literal('site-space'),
  id: z.string(),
  path: z.optional(z.string()),
  /** Whether the site space is a draft, not live. */
  draft: z.optional(z.boolean()),
  section: z.optional(z.string()),
  space: z.optional(Space),
  title: z.optional(z.string()),
  default: z.optional(z.boolean()),
  condition: z.optional(z.string()),
  hasAdvancedCustomizationFeature: z.optional(z.boolean()),
  urls: z.optional(z.looseObject({ published: z.optional(z.string()) })),
})
export interface SiteSpace extends SiteSpaceShape {}
