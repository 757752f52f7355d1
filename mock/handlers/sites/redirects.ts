import type * as contract from '../../../src/contract/sites/redirects.ts'
import { paginate } from '../../base/paginate.ts'
import { createRedirect, deleteRedirect, resolveRedirect, updateRedirect } from '../../model/sites/redirects.ts'
import { resolveShareKey } from '../../model/sites/share-links.ts'
import { sectionUrl } from '../../model/sites/urls.ts'
import { presentRedirect } from '../../present/site-redirect.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { loadRedirect, loadSite } from './load.ts'

export const redirectHandlers: Handlers<OpsOf<typeof contract>> = {
  listSiteRedirects: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId)
    return paginate(
      `redirects:${site.id}`,
      state.indexes.siteRedirectsBySite.get(site.id),
      (r) => [r.seq],
      input,
      (r) => presentRedirect(r, site),
    )
  },

  createSiteRedirect: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return presentRedirect(createRedirect(state, site, input), site)
  },

  deleteSiteRedirectById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    deleteRedirect(state, loadRedirect(state, site, input.siteRedirectId))
  },

  updateSiteRedirectById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return presentRedirect(updateRedirect(state, site, loadRedirect(state, site, input.siteRedirectId), input), site)
  },

  getSiteRedirectBySource: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId)
    const { redirect, section } = resolveRedirect(state, site, input.source)
    return { redirect: presentRedirect(redirect, site), target: sectionUrl(site, section, resolveShareKey(state, site, input.shareKey)) }
  },
}
