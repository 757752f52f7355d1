import * as z from 'zod/mini'
import { File } from './file.ts'
import { Organization } from './organization.ts'
import { List } from './shared.ts'
import { Space } from './space.ts'
import type { PageReferenceShape, LinkReferenceShape, LinkShape, LinkStatsShape, LinksListShape } from '../generated/shapes.ts'

/** Status of a link in content; the spec lists every value. */
export const LinkStatus = z.enum(['ok', 'broken', 'in-app'])
export type LinkStatus = z.infer<typeof LinkStatus>

/** The page a reference points at or sits in. */
export const PageReference = z.looseObject({
  id: z.string(),
  title: z.optional(z.string()),
  path: z.optional(z.string()),
  urls: z.optional(z.looseObject({ app: z.optional(z.string()) })),
})
export interface PageReference extends PageReferenceShape {}

/**
 * A reference to content: a link's target or one of its locations, or a file backlink.
 * `kind` says which fields are set: `page` (`page`), `file` (`file`), `url` (`url`); a broken
 * internal target has `kind` `page` or `file` and only the `path` it was looked up by.
 * Backlinks also carry the `space` and the `versionContext` (the revision read).
 */
export const LinkReference = z.looseObject({
  kind: z.optional(z.string()),
  organization: z.optional(Organization),
  space: z.optional(Space),
  versionContext: z.optional(z.looseObject({ type: z.optional(z.string()), revision: z.optional(z.string()) })),
  file: z.optional(File),
  page: z.optional(PageReference),
  url: z.optional(z.string()),
  path: z.optional(z.string()),
  /** ID of the block holding the link, for a location. */
  node: z.optional(z.string()),
})
export interface LinkReference extends LinkReferenceShape {}

/** A link found in content: its status, its target and where it appears. */
export const Link = z.looseObject({
  status: z.optional(LinkStatus),
  relation: z.optional(z.string()),
  targetReference: z.optional(LinkReference),
  locationReferences: z.optional(z.array(LinkReference)),
})
export interface Link extends LinkShape {}

/** Link statistics carried by a links listing. */
export const LinkStats = z.looseObject({
  total: z.optional(z.number()),
  broken: z.optional(z.looseObject({ total: z.optional(z.number()), changeRequest: z.optional(z.number()) })),
})
export interface LinkStats extends LinkStatsShape {}

/** Links listing envelope: a paginated list of links plus `stats`. */
export const LinksList = z.extend(List(Link), { stats: z.optional(LinkStats) })
export interface LinksList extends LinksListShape {}
