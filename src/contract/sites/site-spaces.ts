import * as z from 'zod/mini'
import { Condition, List } from '../../schemas/shared.ts'
import { SiteSpace, SiteSpacePath } from '../../schemas/site-space.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { ShareKey, SITE, site } from './site.ts'

const siteSpace = { ...site, siteSpaceId: Id }
const SS = `${SITE}/site-spaces/{siteSpaceId}`

const SiteSpaceSibling = z.object({ type: z.literal('site-space'), siteSpace: Id })

export const listSiteSpaces = defineOperation({
  id: 'listSiteSpaces',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/site-spaces`,
  sdk: 'sites.siteSpaces.list',
  status: 200,
  summary: 'List the site spaces of a site in site structure order',
  params: z.object(site),
  query: z.object({
    ...pagination,
    shareKey: z.optional(ShareKey),
    /** true: only default site spaces; false: only the others; absent: all. */
    default: z.optional(z.boolean()),
  }),
  response: List(SiteSpace),
  paginated: true,
})

export const addSpaceToSite = defineOperation({
  id: 'addSpaceToSite',
  method: 'POST',
  idempotent: false,
  path: `${SITE}/site-spaces`,
  sdk: 'sites.siteSpaces.create',
  status: 201,
  summary: 'Publish a space in a section of a site (the default section, or the root of a site without sections)',
  params: z.object(site),
  body: z.object({ spaceId: Id, sectionId: z.optional(Id) }),
  response: SiteSpace,
})

export const deleteSiteSpaceById = defineOperation({
  id: 'deleteSiteSpaceById',
  method: 'DELETE',
  idempotent: true,
  path: SS,
  sdk: 'sites.siteSpaces.delete',
  status: 205,
  summary: 'Remove a site space from its site',
  params: z.object(siteSpace),
})

export const updateSiteSpaceById = defineOperation({
  id: 'updateSiteSpaceById',
  method: 'PATCH',
  idempotent: true,
  path: SS,
  sdk: 'sites.siteSpaces.update',
  status: 200,
  summary: 'Update a site space',
  params: z.object(siteSpace),
  body: z.object({
    path: z.optional(SiteSpacePath),
    /** Omitted: unchanged; null: removed. */
    condition: z.optional(z.nullable(Condition)),
    /** The space the site space publishes; omitted: unchanged. */
    spaceId: z.optional(Id),
  }),
  response: SiteSpace,
})

export const moveSiteSpace = defineOperation({
  id: 'moveSiteSpace',
  method: 'POST',
  idempotent: true,
  path: `${SS}/move`,
  sdk: 'sites.siteSpaces.move',
  status: 200,
  summary: 'Move a site space before or after a sibling of the same section',
  params: z.object(siteSpace),
  body: z.object({ position: z.object({ before: z.optional(SiteSpaceSibling), after: z.optional(SiteSpaceSibling) }) }),
  response: SiteSpace,
})
