import type * as contract from '../../../src/contract/sites/site.ts'
import { paginate } from '../../base/paginate.ts'
import { presentSite } from '../../present/site.ts'
import { loadOrganization } from '../load.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { loadSite } from './load.ts'

export const siteHandlers: Handlers<OpsOf<typeof contract>> = {
  listSites: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId)
    return paginate(
      `sites:${org.id}`,
      state.indexes.sitesByOrg.get(org.id),
      (s) => [s.seq],
      input,
      (s) => presentSite(state, caller, s),
    )
  },

  getSiteById: ({ state, caller, input }) => presentSite(state, caller, loadSite(state, caller, input.organizationId, input.siteId)),
}
