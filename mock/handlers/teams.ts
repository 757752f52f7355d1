import type * as contract from '../../src/contract/teams.ts'
import { paginateArray } from '../base/paginate.ts'
import { deleteTeam } from '../model/cascades.ts'
import { createTeam, listTeams, renameTeam } from '../model/orgs/teams.ts'
import { presentTeam } from '../present/team.ts'
import { loadOrganization, loadTeam } from './load.ts'
import type { Handlers, OpsOf } from './types.ts'

export const teamHandlers: Handlers<OpsOf<typeof contract>> = {
  listTeamsInOrganizationById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'listTeams')
    const teams = listTeams(state, org.id, input)
    return paginateArray(
      `teams:${org.id}:${input.owner ?? ''}:${input.title ?? ''}`,
      teams,
      (t) => [t.seq],
      input,
      (t) => presentTeam(state, caller, t),
    )
  },

  createOrganizationTeam: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'ownTeam')
    const team = createTeam(state, org.id, input.title, input.members ?? [], caller.user.id)
    return presentTeam(state, caller, team)
  },

  getTeamInOrganizationById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId)
    return presentTeam(state, caller, loadTeam(state, caller, org, input.teamId))
  },

  removeTeamFromOrganizationById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId)
    deleteTeam(state, loadTeam(state, caller, org, input.teamId, 'admin'))
  },

  updateTeamInOrganizationById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId)
    return presentTeam(state, caller, renameTeam(state, loadTeam(state, caller, org, input.teamId, 'admin'), input.title))
  },
}
