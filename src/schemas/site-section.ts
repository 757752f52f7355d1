import * as z from 'zod/mini'
import { SiteSpace } from './site-space.ts'
import type { SiteSectionShape } from '../generated/shapes.ts'

/** Site section title bound: 2 to 128 characters. */
export const SectionTitle = z.string().check(z.minLength(2), z.maxLength(128))
export type SectionTitle = z.infer<typeof SectionTitle>

/** Site section path bound: 1 to 100 characters. */
export const SectionPath = z.string().check(z.minLength(1), z.maxLength(100))
export type SectionPath = z.infer<typeof SectionPath>

/** Site section description bound: at most 256 characters. */
export const SectionDescription = z.string().check(z.maxLength(256))
export type SectionDescription = z.infer<typeof SectionDescription>

/** A site section: a top-level part of a site holding site spaces (variants). */
export const SiteSection = z.looseObject({
  object: z.literal('site-section'),
  id: z.string(),
  title: z.string(),
  description: z.optional(z.string()),
  default: z.optional(z.boolean()),
  path: z.string(),
  /** Whether the section is a draft, not live. */
  draft: z.optional(z.boolean()),
  condition: z.optional(z.string()),
  sectionGroup: z.optional(z.string()),
  icon: z.optional(z.string()),
  siteSpaces: z.optional(z.array(SiteSpace)),
  urls: z.optional(z.looseObject({ published: z.optional(z.string()) })),
})
export interface SiteSection extends SiteSectionShape {}
