import type * as contract from '../../src/contract/organizations.ts'
import { paginateArray } from '../base/paginate.ts'
import { membership } from '../model/access.ts'
import { deleteInvite, organizationsForEmailDomain, updateOrganization } from '../model/orgs/organizations.ts'
import { presentOrganization, presentOrganizationCard } from '../present/organization.ts'
import { loadOrganization } from './load.ts'
import type { Handlers, OpsOf } from './types.ts'

export const organizationHandlers: Handlers<OpsOf<typeof contract>> = {
  listOrganizationsForAuthenticatedUser: ({ state, caller, input }) => {
    const orgs = state.indexes.membersByUser
      .get(caller.user.id)
      .filter((m) => !m.disabled)
      .map((m) => state.tables.organizations.get(m.organization)!)
    return paginateArray(
      'orgs',
      orgs,
      (o) => [o.seq],
      input,
      (o) => presentOrganization(state, caller, o),
    )
  },

  getOrganizationById: ({ state, caller, input }) =>
    presentOrganization(state, caller, loadOrganization(state, caller, input.organizationId).org),

  updateOrganizationById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'admin')
    return presentOrganization(state, caller, updateOrganization(state, org, input))
  },

  deleteOrganizationInviteById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'admin')
    deleteInvite(state, org, input.inviteId)
  },

  getOrganizationsForEmailDomain: ({ state, caller, input }) => ({
    organizations: organizationsForEmailDomain(state, input.emailDomain).map((o) =>
      // Joinable organizations are listed; their details follow the caller's own view, and a
      // non-member's card says, through its all-false permissions, that they are not in it yet.
      membership(state, o.id, caller.user.id) ? presentOrganization(state, caller, o) : presentOrganizationCard(state, o),
    ),
  }),
}
