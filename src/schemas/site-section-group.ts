import * as z from 'zod/mini'
import { SiteSection } from './site-section.ts'
import type { SiteSectionGroupShape } from '../generated/shapes.ts'

/** Site section group title bound: 1 to 100 characters. */
export const SectionGroupTitle = z.string().check(z.minLength(1), z.maxLength(100))
export type SectionGroupTitle = z.infer<typeof SectionGroupTitle>

/** A site section group: groups site sections under one title. */
export const SiteSectionGroup = z.looseObject({
  object: z.literal('site-section-group'),
  id: z.string(),
  title: z.string(),
  icon: z.optional(z.string()),
  /** Whether the group is a draft, not live. */
  draft: z.optional(z.boolean()),
  sections: z.optional(z.array(SiteSection)),
  /** Everything nested under the group, in order (sections). */
  children: z.optional(z.array(SiteSection)),
})
export interface SiteSectionGroup extends SiteSectionGroupShape {}
