import * as z from 'zod/mini'
import { List } from '../../schemas/shared.ts'
import { RedirectResolution, RedirectSource, SiteRedirect } from '../../schemas/site-redirect.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { ShareKey, SITE, site } from './site.ts'

const redirect = { ...site, siteRedirectId: Id }
const R = `${SITE}/redirects/{siteRedirectId}`

/** Where a redirect leads: a section of the same site (the only kind the mock knows). */
const Destination = z.object({ kind: z.literal('site-section'), siteSectionId: Id })

export const listSiteRedirects = defineOperation({
  id: 'listSiteRedirects',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/redirects`,
  sdk: 'sites.redirects.list',
  status: 200,
  summary: 'List the redirects of a site, oldest first',
  params: z.object(site),
  query: z.object({ ...pagination }),
  response: List(SiteRedirect),
  paginated: true,
})

export const createSiteRedirect = defineOperation({
  id: 'createSiteRedirect',
  method: 'POST',
  idempotent: false,
  path: `${SITE}/redirects`,
  sdk: 'sites.redirects.create',
  status: 201,
  summary: 'Create a redirect from a path of the site to one of its sections',
  params: z.object(site),
  body: z.object({ source: RedirectSource, destination: Destination }),
  response: SiteRedirect,
})

export const deleteSiteRedirectById = defineOperation({
  id: 'deleteSiteRedirectById',
  method: 'DELETE',
  idempotent: true,
  path: R,
  sdk: 'sites.redirects.delete',
  status: 205,
  summary: 'Delete a redirect',
  params: z.object(redirect),
})

export const updateSiteRedirectById = defineOperation({
  id: 'updateSiteRedirectById',
  method: 'PATCH',
  idempotent: true,
  path: R,
  sdk: 'sites.redirects.update',
  status: 200,
  summary: 'Update a redirect',
  params: z.object(redirect),
  body: z.object({ source: z.optional(RedirectSource), destination: z.optional(Destination) }),
  response: SiteRedirect,
})

export const getSiteRedirectBySource = defineOperation({
  id: 'getSiteRedirectBySource',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/redirect`,
  sdk: 'sites.redirects.resolve',
  status: 200,
  summary: 'Resolve a path of the site: the redirect whose source it is, and its target URL',
  params: z.object(site),
  query: z.object({ source: RedirectSource, shareKey: z.optional(ShareKey) }),
  response: RedirectResolution,
})
