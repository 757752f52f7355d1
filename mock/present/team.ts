import { teamPermissions, type Caller } from '../model/access.ts'
import type { TeamRecord } from '../model/orgs/tables.ts'
import type { State } from '../model/state.ts'

/** A team with its member count and the number of spaces it was granted. */
export function presentTeam(state: State, caller: Caller, team: TeamRecord) {
  let spaces = 0
  for (const grant of state.db.grantsByPrincipal.get(team.id)) if (grant.targetKind === 'space') spaces++
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: state.db.teamMembersByTeam.get(team.id).length,
    spaces,
    createdAt: team.createdAt,
    permissions: teamPermissions(state, caller.user.id, team),
  }
}
