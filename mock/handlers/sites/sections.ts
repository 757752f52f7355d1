import type * as contract from '../../../src/contract/sites/sections.ts'
import { paginate } from '../../base/paginate.ts'
import { createSection, deleteSection, moveSection, updateSection } from '../../model/sites/sections.ts'
import { resolveShareKey } from '../../model/sites/share-links.ts'
import { sectionsInOrder } from '../../model/sites/structure.ts'
import { presentSection } from '../../present/site-section.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { loadSection, loadSite } from './load.ts'

export const sectionHandlers: Handlers<OpsOf<typeof contract>> = {
  listSiteSections: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId)
    const link = resolveShareKey(state, site, input.shareKey)
    return paginate(
      `sections:${site.id}`,
      sectionsInOrder(state, site.id),
      (k) => k.key,
      input,
      (k) => presentSection(state, caller, site, k.record, link),
    )
  },

  addSectionToSite: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    const section = createSection(state, site, { space: input.spaceId, title: input.title, icon: input.icon }, caller.user.id)
    return presentSection(state, caller, site, section)
  },

  deleteSiteSectionById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    deleteSection(state, site, loadSection(state, site, input.siteSectionId))
  },

  updateSiteSectionById: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return presentSection(state, caller, site, updateSection(state, site, loadSection(state, site, input.siteSectionId), input))
  },

  moveSiteSection: ({ state, caller, input }) => {
    const site = loadSite(state, caller, input.organizationId, input.siteId, 'admin')
    return presentSection(state, caller, site, moveSection(state, site, loadSection(state, site, input.siteSectionId), input.position))
  },
}
