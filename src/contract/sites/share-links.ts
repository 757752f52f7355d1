import * as z from 'zod/mini'
import { ShareLink, ShareLinkName } from '../../schemas/share-link.ts'
import { List } from '../../schemas/shared.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { SITE, site } from './site.ts'

const shareLink = { ...site, shareLinkId: Id }
const L = `${SITE}/share-links/{shareLinkId}`

export const listSiteShareLinks = defineOperation({
  id: 'listSiteShareLinks',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/share-links`,
  sdk: 'sites.shareLinks.list',
  status: 200,
  summary: 'List the share links of a site, oldest first',
  params: z.object(site),
  query: z.object({ ...pagination }),
  response: List(ShareLink),
  paginated: true,
})

export const createSiteShareLink = defineOperation({
  id: 'createSiteShareLink',
  method: 'POST',
  idempotent: false,
  path: `${SITE}/share-links`,
  sdk: 'sites.shareLinks.create',
  status: 201,
  summary: 'Create an active share link with a new secret key',
  params: z.object(site),
  body: z.object({ name: ShareLinkName }),
  response: ShareLink,
})

export const deleteSiteShareLinkById = defineOperation({
  id: 'deleteSiteShareLinkById',
  method: 'DELETE',
  idempotent: true,
  path: L,
  sdk: 'sites.shareLinks.delete',
  status: 205,
  summary: 'Delete a share link (its key stops working)',
  params: z.object(shareLink),
})

export const updateSiteShareLinkById = defineOperation({
  id: 'updateSiteShareLinkById',
  method: 'PATCH',
  idempotent: true,
  path: L,
  sdk: 'sites.shareLinks.update',
  status: 200,
  summary: 'Rename a share link or turn it on and off',
  params: z.object(shareLink),
  body: z.object({ name: z.optional(ShareLinkName), active: z.optional(z.boolean()) }),
  response: ShareLink,
})
