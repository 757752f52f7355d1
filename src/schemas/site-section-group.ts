import * as z from 'zod/mini'
import { SiteSection } from './site-section.ts'
import type { SiteSectionGroupShape } from '../generated/shapes.ts'

/** Site section group title bound: 1 to 100 characters. */
export const SectionGroupTitle = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100))
export type SectionGroupTitle = z.infer<typeof SectionGroupTitle>

/** A site section group: groups site sections under one title. */
export const SiteSectionGroup = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('site-section-group'),
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  icon: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  sections: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(SiteSection)),
})
export interface SiteSectionGroup extends SiteSectionGroupShape {}
