import * as z from 'zod/mini'
import { File } from './file.ts'
import { Organization } from './organization.ts'
import { List } from './shared.ts'
import { Space } from './space.ts'

/** Status of a link in content; the spec lists every value. */
export const LinkStatus = /*@__PURE__*/ z.enum(['ok', 'broken', 'in-app'])
export type LinkStatus = z.infer<typeof LinkStatus>

/** A reference to content (backlinks item, link target or location); only kind `file` is specified. */
export const LinkReference = /*@__PURE__*/ z.looseObject({
  kind: z.optional(z.string()),
  organization: z.optional(Organization),
  space: z.optional(Space),
  versionContext: z.optional(z.looseObject({ type: z.optional(z.string()), revision: z.optional(z.string()) })),
  file: z.optional(File),
})
export interface LinkReference extends z.infer<typeof LinkReference> {}

/** A link found in content: its status, its target and where it appears. */
export const Link = /*@__PURE__*/ z.looseObject({
  status: z.optional(LinkStatus),
  relation: z.optional(z.string()),
  targetReference: z.optional(LinkReference),
  locationReferences: z.optional(z.array(LinkReference)),
})
export interface Link extends z.infer<typeof Link> {}

/** Link statistics carried by a links listing. */
export const LinkStats = /*@__PURE__*/ z.looseObject({
  total: z.optional(z.number()),
  broken: z.optional(z.looseObject({ total: z.optional(z.number()), changeRequest: z.optional(z.number()) })),
})
export interface LinkStats extends z.infer<typeof LinkStats> {}

/** Links listing envelope: a paginated list of links plus `stats`. */
export const LinksList = /*@__PURE__*/ z.extend(List(Link), { stats: z.optional(LinkStats) })
export interface LinksList extends z.infer<typeof LinksList> {}
