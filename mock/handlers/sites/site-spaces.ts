import type * as contract from '../../../src/contract/sites/site-spaces.ts'
import { paginate } from '../../base/paginate.ts'
import { resolveShareKey } from '../../model/sites/share-links.ts'
import { addSiteSpace, defaultSiteSpaceOf, deleteSiteSpace, moveSiteSpace, updateSiteSpace } from '../../model/sites/site-spaces.ts'
import { siteSpacesInOrder } from '../../model/sites/structure.ts'
import { presentSiteSpace } from '../../present/site-space.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { loadSite, loadSiteSpace } from './load.ts'

export const siteSpaceHandlers: Handlers<OpsOf<typeof contract>> = {
  listSiteSpaces: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId)
    const link = resolveShareKey(state, site, input.shareKey)
    let items = siteSpacesInOrder(state, site.id)
    if (input.default !== undefined) {
      items = items.filter((k) => (defaultSiteSpaceOf(state, site, k.record.section) === k.record.id) === input.default)
    }
    const list = `site-spaces:${site.id}:${input.default ?? 'all'}`
    return paginate(
      list,
      items,
      (k) => k.key,
      input,
      (k) => presentSiteSpace(state, caller, site, k.record, link),
    )
  },

  addSpaceToSite: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    const siteSpace = addSiteSpace(state, site, { space: input.spaceId, section: input.sectionId }, caller.user.id)
    return presentSiteSpace(state, caller, site, siteSpace)
  },

  deleteSiteSpaceById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    deleteSiteSpace(state, site, loadSiteSpace(state, site, input.siteSpaceId))
  },

  updateSiteSpaceById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    const siteSpace = loadSiteSpace(state, site, input.siteSpaceId)
    const changes = { path: input.path, condition: input.condition, space: input.spaceId }
    return presentSiteSpace(state, caller, site, updateSiteSpace(state, site, siteSpace, changes, caller.user.id))
  },

  moveSiteSpace: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return presentSiteSpace(state, caller, site, moveSiteSpace(state, loadSiteSpace(state, site, input.siteSpaceId), input.position))
  },
}
