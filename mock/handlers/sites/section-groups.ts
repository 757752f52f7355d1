import type * as contract from '../../../src/contract/sites/section-groups.ts'
import { paginate } from '../../base/paginate.ts'
import {
  addSectionToGroup,
  createSectionGroup,
  deleteSectionGroup,
  moveSectionGroup,
  removeSectionFromGroup,
  updateSectionGroup,
} from '../../model/sites/groups.ts'
import { presentSectionGroup } from '../../present/site-section-group.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { loadSectionGroup, loadSite } from './load.ts'

export const sectionGroupHandlers: Handlers<OpsOf<typeof contract>> = {
  listSiteSectionGroups: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId)
    const groups = state.indexes.siteSectionGroupsBySite.get(site.id)
    return paginate(
      `section-groups:${site.id}`,
      groups,
      (g) => [g.position, g.seq],
      input,
      (g) => presentSectionGroup(state, caller, site, g),
    )
  },

  addSectionGroupToSite: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return presentSectionGroup(state, caller, site, createSectionGroup(state, site, input))
  },

  deleteSiteSectionGroupById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    deleteSectionGroup(state, site, loadSectionGroup(state, site, input.siteSectionGroupId))
  },

  updateSiteSectionGroupById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return presentSectionGroup(
      state,
      caller,
      site,
      updateSectionGroup(state, loadSectionGroup(state, site, input.siteSectionGroupId), input),
    )
  },

  addSectionToSiteSectionGroup: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    const group = loadSectionGroup(state, site, input.siteSectionGroupId)
    return presentSectionGroup(state, caller, site, addSectionToGroup(state, site, group, input.sectionId))
  },

  removeSectionFromSiteSectionGroup: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    removeSectionFromGroup(state, site, loadSectionGroup(state, site, input.siteSectionGroupId), input.siteSectionId)
  },

  moveSiteSectionGroup: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    const group = loadSectionGroup(state, site, input.siteSectionGroupId)
    return presentSectionGroup(state, caller, site, moveSectionGroup(state, site, group, input.position))
  },
}
