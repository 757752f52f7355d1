import * as z from 'zod/mini'
import { Space } from './space.ts'
import type { SiteSpaceShape } from '../generated/shapes.ts'

/** Site space path bound: 1 to 100 characters, as a section path. */
export const SiteSpacePath = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100))
export type SiteSpacePath = z.infer<typeof SiteSpacePath>

/** A site space: a space published at a path of a site, possibly inside a section. */
export const SiteSpace = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('site-space'),
  id: /*@__PURE__*/ z.string(),
  path: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  section: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  space: /*@__PURE__*/ z.optional(Space),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  default: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  condition: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  hasAdvancedCustomizationFeature: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ published: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface SiteSpace extends SiteSpaceShape {}
