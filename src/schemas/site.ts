import * as z from 'zod/mini'
import type { SiteShape } from '../generated/shapes.ts'

/**
 * Who can read a published site. The spec names no values; these are the site audiences the
 * mock implements (the same words as space visibility). Responses accept any string.
 */
export const SiteVisibility = /*@__PURE__*/ z.enum(['public', 'unlisted', 'share-link', 'visitor-auth'])
export type SiteVisibility = z.infer<typeof SiteVisibility>

/**
 * A published site of an organization. The spec shows no operations on sites themselves;
 * docplat adds listing and reading them (`sites.list`, `sites.get`), see `docs/decisions/sites.md`.
 */
export const Site = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('site'),
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  hostname: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  visibility: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  urls: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      published: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
    }),
  ),
  permissions: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ view: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()), admin: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()) })),
})
export interface Site extends SiteShape {}
