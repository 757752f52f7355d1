import * as z from 'zod/mini'
import { SiteSpace } from './site-space.ts'
import type { SiteSectionShape } from '../generated/shapes.ts'

/** Site section title bound: 2 to 128 characters. */
export const SectionTitle = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(2), /*@__PURE__*/ z.maxLength(128))
export type SectionTitle = z.infer<typeof SectionTitle>

/** Site section path bound: 1 to 100 characters. */
export const SectionPath = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100))
export type SectionPath = z.infer<typeof SectionPath>

/** Site section description bound: at most 256 characters. */
export const SectionDescription = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(256))
export type SectionDescription = z.infer<typeof SectionDescription>

/** A site section: a top-level part of a site holding site spaces (variants). */
export const SiteSection = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('site-section'),
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  description: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  default: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  path: /*@__PURE__*/ z.string(),
  condition: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  sectionGroup: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  icon: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  siteSpaces: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(SiteSpace)),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ published: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface SiteSection extends SiteSectionShape {}
