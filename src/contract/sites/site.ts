import * as z from 'zod/mini'
import { List } from '../../schemas/shared.ts'
import { Site } from '../../schemas/site.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { ORG, org } from '../organizations.ts'

/** Path parameters of everything under a site. */
export const site = { ...org, siteId: Id }
export const SITE = `${ORG}/sites/{siteId}`

/** `shareKey`: the key of a share link, resolving published URLs of a site published through share links. */
export const ShareKey = z.string().check(z.minLength(1), z.maxLength(256))

// listSites and getSiteById are additions to the spec (which shows no operations on sites
// themselves): users need to find the sites they manage. See docs/decisions/sites.md.

export const listSites = defineOperation({
  id: 'listSites',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/sites`,
  sdk: 'sites.list',
  status: 200,
  summary: 'List the sites of an organization',
  params: z.object(org),
  query: z.object({ ...pagination }),
  response: List(Site),
  paginated: true,
})

export const getSiteById = defineOperation({
  id: 'getSiteById',
  method: 'GET',
  idempotent: true,
  path: SITE,
  sdk: 'sites.get',
  status: 200,
  summary: 'Get a site',
  params: z.object(site),
  response: Site,
})
