import * as z from 'zod/mini'
import { Space } from './space.ts'

/** Site space path bound: 1 to 100 characters, as a section path. */
export const SiteSpacePath = /*@__PURE__*/ z.string().check(z.minLength(1), z.maxLength(100))
export type SiteSpacePath = z.infer<typeof SiteSpacePath>

/** A site space: a space published at a path of a site, possibly inside a section. */
export const SiteSpace = /*@__PURE__*/ z.looseObject({
  object: z.literal('site-space'),
  id: z.string(),
  path: z.optional(z.string()),
  section: z.optional(z.string()),
  space: z.optional(Space),
  title: z.optional(z.string()),
  default: z.optional(z.boolean()),
  condition: z.optional(z.string()),
  hasAdvancedCustomizationFeature: z.optional(z.boolean()),
  urls: z.optional(z.looseObject({ published: z.optional(z.string()) })),
})
export interface SiteSpace extends z.infer<typeof SiteSpace> {}
