import { teamPermissions, type Caller } from '../model/access.ts'
import { teamSpaceCount } from '../model/orgs/teams.ts'
import type { TeamRecord } from '../tables/orgs.ts'
import type { State } from '../model/state.ts'

/** A team with its member count and the number of spaces its grants reach. */
export function presentTeam(state: State, caller: Caller, team: TeamRecord) {
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: state.indexes.teamMembersByTeam.get(team.id).length,
    spaces: teamSpaceCount(state, team),
    createdAt: team.createdAt,
    permissions: teamPermissions(state, caller.user.id, team),
  }
}
