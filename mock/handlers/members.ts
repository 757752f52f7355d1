import type * as contract from '../../src/contract/members.ts'
import { paginate, paginateArray } from '../base/paginate.ts'
import { removeMember } from '../model/cascades.ts'
import { listMembers, memberTeams, ping, setSSOMember, updateMemberRole } from '../model/orgs/members.ts'
import { roleOnVisible, visibleSpaces } from '../model/spaces/visible.ts'
import { presentMember } from '../present/member.ts'
import { presentSpace } from '../present/space.ts'
import { presentTeam } from '../present/team.ts'
import { audienceFor, presentUser } from '../present/user.ts'
import { loadMember, loadOrganization } from './load.ts'
import type { Handlers, OpsOf } from './types.ts'

export const memberHandlers: Handlers<OpsOf<typeof contract>> = {
  // A user's own email shows to them, whatever their memberships.
  getAuthenticatedUser: ({ state, caller }) => presentUser(state, caller.user, { callerId: caller.user.id, seesMembers: false }),

  listMembersInOrganizationById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'listMembers')
    const people = audienceFor(state, caller, org.id)
    const list = `members:${org.id}:${input.sort ?? 'joinedAt'}:${input.role ?? ''}:${input.search ?? ''}`
    // Presented once until the next write (a page of 100 members is most of this request's work):
    // the key names the list, the page asked for and what this audience may see.
    // JSON, not a joined string: a search or a cursor holding the separator cannot name another page.
    const key = JSON.stringify([
      org.id,
      input.sort,
      input.role,
      input.search,
      input.order,
      input.limit,
      input.page,
      people.seesMembers ? null : people.callerId,
    ])
    return state.pages.page(key, () => {
      const { items, key: keyOf, sorted } = listMembers(state, org, input)
      const descending = (input.order ?? 'desc') === 'desc'
      const present = (m: (typeof items)[number]) => presentMember(state, m, people)
      return sorted
        ? paginate(list, items, keyOf, input, present, descending)
        : paginateArray(list, [...items], keyOf, input, present, descending)
    })
  },

  getMemberInOrganizationById: ({ state, caller, input }) => {
    // Guests cannot list members, but their own membership is theirs to read.
    const self = input.userId === caller.user.id
    const { org } = loadOrganization(state, caller, input.organizationId, self ? undefined : 'listMembers')
    return presentMember(state, loadMember(state, org, input.userId), audienceFor(state, caller, org.id))
  },

  removeMemberFromOrganizationById: ({ state, caller, input }) => {
    const self = input.userId === caller.user.id
    const { org } = loadOrganization(state, caller, input.organizationId, self ? undefined : 'admin')
    removeMember(state, loadMember(state, org, input.userId))
  },

  updateMemberInOrganizationById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'admin')
    return presentMember(
      state,
      updateMemberRole(state, loadMember(state, org, input.userId), input.role),
      audienceFor(state, caller, org.id),
    )
  },

  updateOrganizationMemberLastSeenAt: async ({ state, caller, input }) => {
    const { org, member } = loadOrganization(state, caller, input.organizationId)
    return { serviceVisitorClaims: await ping(state, org, member, caller.user) }
  },

  setUserAsSSOMemberForOrganization: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'admin')
    return presentMember(state, setSSOMember(state, loadMember(state, org, input.userId)), audienceFor(state, caller, org.id))
  },

  listSpacesForOrganizationMember: ({ state, caller, input }) => {
    const self = input.userId === caller.user.id
    const { org } = loadOrganization(state, caller, input.organizationId, self ? undefined : 'admin')
    const member = loadMember(state, org, input.userId)
    // Oldest first from an index (every live space for a full member, the few a grant or the
    // visibility opens for anyone else): a page is a range, not a walk of the organization.
    return paginate(
      `member-spaces:${org.id}:${member.user}`,
      visibleSpaces(state, org.id, member.user).spaces,
      (space) => [space.seq],
      input,
      (space) => ({ permission: roleOnVisible(state, member.user, space), space: presentSpace(state, caller, space) }),
      (input.order ?? 'desc') === 'desc',
    )
  },

  listTeamsForOrganizationMember: ({ state, caller, input }) => {
    const self = input.userId === caller.user.id
    const { org } = loadOrganization(state, caller, input.organizationId, self ? undefined : 'listTeams')
    const member = loadMember(state, org, input.userId)
    return paginateArray(
      `member-teams:${org.id}:${member.user}:${input.title ?? ''}`,
      memberTeams(state, member, input.title),
      (e) => [e.team.seq],
      input,
      (e) => ({ team: presentTeam(state, caller, e.team), member: { role: e.membership.role } }),
    )
  },
}
