import * as z from 'zod/mini'
import { File } from './file.ts'
import { Organization } from './organization.ts'
import { List } from './shared.ts'
import { Space } from './space.ts'
import type { PageReferenceShape, LinkReferenceShape, LinkShape, LinkStatsShape, LinksListShape } from '../generated/shapes.ts'

/** Status of a link in content; the spec lists every value. */
export const LinkStatus = /*@__PURE__*/ z.enum(['ok', 'broken', 'in-app'])
export type LinkStatus = z.infer<typeof LinkStatus>

/** The page a reference points at or sits in. */
export const PageReference = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  path: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface PageReference extends PageReferenceShape {}

/**
 * A reference to content: a link's target or one of its locations, or a file backlink.
 * `kind` says which fields are set: `page` (`page`), `file` (`file`), `url` (`url`); a broken
 * internal target has `kind` `page` or `file` and only the `path` it was looked up by.
 * Backlinks also carry the `space` and the `versionContext` (the revision read).
 */
export const LinkReference = /*@__PURE__*/ z.looseObject({
  kind: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  organization: /*@__PURE__*/ z.optional(Organization),
  space: /*@__PURE__*/ z.optional(Space),
  versionContext: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), revision: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
  file: /*@__PURE__*/ z.optional(File),
  page: /*@__PURE__*/ z.optional(PageReference),
  url: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  path: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  /** ID of the block holding the link, for a location. */
  node: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface LinkReference extends LinkReferenceShape {}

/** A link found in content: its status, its target and where it appears. */
export const Link = /*@__PURE__*/ z.looseObject({
  status: /*@__PURE__*/ z.optional(LinkStatus),
  relation: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  targetReference: /*@__PURE__*/ z.optional(LinkReference),
  locationReferences: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(LinkReference)),
})
export interface Link extends LinkShape {}

/** Link statistics carried by a links listing. */
export const LinkStats = /*@__PURE__*/ z.looseObject({
  total: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
  broken: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ total: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()), changeRequest: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()) })),
})
export interface LinkStats extends LinkStatsShape {}

/** Links listing envelope: a paginated list of links plus `stats`. */
export const LinksList = /*@__PURE__*/ z.extend(/*@__PURE__*/ List(Link), { stats: /*@__PURE__*/ z.optional(LinkStats) })
export interface LinksList extends LinksListShape {}
