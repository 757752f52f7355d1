import type * as contract from '../../../src/contract/sites/share-links.ts'
import { paginate } from '../../base/paginate.ts'
import { createShareLink, deleteShareLink, updateShareLink } from '../../model/sites/share-links.ts'
import { presentShareLink } from '../../present/share-link.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { loadShareLink, loadSite } from './load.ts'

// Share links carry secret keys that open the site: only the site's administrators see them.
export const shareLinkHandlers: Handlers<OpsOf<typeof contract>> = {
  listSiteShareLinks: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return paginate(
      `share-links:${site.id}`,
      state.indexes.shareLinksBySite.get(site.id),
      (l) => [l.seq],
      input,
      (l) => presentShareLink(site, l),
    )
  },

  createSiteShareLink: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return presentShareLink(site, createShareLink(state, site, { name: input.name }))
  },

  deleteSiteShareLinkById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    deleteShareLink(state, loadShareLink(state, site, input.shareLinkId))
  },

  updateSiteShareLinkById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return presentShareLink(site, updateShareLink(state, loadShareLink(state, site, input.shareLinkId), input))
  },
}
