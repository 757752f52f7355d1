import { badRequest, conflict } from '../../base/http-error.ts'
import { insert, type State } from '../state.ts'
import type { TeamRecord } from '../../tables/orgs.ts'
import { requireMember, requireMembers } from './members.ts'

/** The schema bounds the length; a title of spaces only would still name nothing. */
function requireTitle(title: string): void {
  if (title.trim() === '') throw badRequest('Invalid body.title: must not be blank')
}

/** Creates a team; its creator (when given) owns it, the other members join as members. */
export function createTeam(state: State, organization: string, title: string, members: readonly string[], owner?: string): TeamRecord {
  requireTitle(title)
  requireMembers(state, organization, members, 'body.members')
  if (owner) requireMember(state, organization, owner, 'owner')
  const team = insert(state, state.tables.teams, { organization, title, createdAt: state.clock.stamp() })
  const users = [...new Set([...(owner ? [owner] : []), ...members])]
  for (const user of users) {
    insert(state, state.tables.teamMembers, { id: `${team.id}:${user}`, team: team.id, user, role: user === owner ? 'owner' : 'member' })
  }
  return team
}

export function addTeamMember(state: State, team: TeamRecord, user: string, role: 'owner' | 'member' = 'member') {
  requireMember(state, team.organization, user, 'user')
  if (state.tables.teamMembers.get(`${team.id}:${user}`)) throw conflict(`User ${user} is already in team ${team.id}`)
  return insert(state, state.tables.teamMembers, { id: `${team.id}:${user}`, team: team.id, user, role })
}

export function renameTeam(state: State, team: TeamRecord, title: string): TeamRecord {
  requireTitle(title)
  return state.tables.teams.update(team, { title })
}

/**
 * Deletes a team record: its memberships and the grants given to it go too (what other areas
 * drop is `deleteTeam`'s, in `model/cascades.ts`).
 */
export function deleteTeamRecord(state: State, team: TeamRecord): void {
  for (const tm of [...state.indexes.teamMembersByTeam.get(team.id)]) state.tables.teamMembers.delete(tm)
  for (const grant of [...state.indexes.grantsByPrincipal.get(team.id)]) state.tables.grants.delete(grant)
  state.tables.teams.delete(team)
}

/**
 * Teams of an organization filtered by manager (`owner`: teams that member can manage) and title.
 * An owner who is not a member is refused rather than matching nothing, so a mistyped ID shows.
 */
export function listTeams(
  state: State,
  organization: string,
  filters: { owner?: string | undefined; title?: string | undefined },
): TeamRecord[] {
  if (filters.owner !== undefined) requireMember(state, organization, filters.owner, 'query.owner')
  const needle = filters.title?.toLowerCase()
  const ownerIsAdmin = filters.owner !== undefined && state.tables.members.get(`${organization}:${filters.owner}`)?.role === 'admin'
  return state.indexes.teamsByOrg.get(organization).filter((team) => {
    if (needle && !team.title.toLowerCase().includes(needle)) return false
    if (filters.owner !== undefined && !ownerIsAdmin && state.tables.teamMembers.get(`${team.id}:${filters.owner}`)?.role !== 'owner')
      return false
    return true
  })
}

/**
 * The number of live spaces a team reaches through its grants: granted directly, or inside a
 * granted collection at any depth. A space reached both ways counts once.
 */
export function teamSpaceCount(state: State, team: TeamRecord): number {
  const spaces = new Set<string>()
  const collections = new Set<string>()
  const visit = (collection: string) => {
    if (collections.has(collection)) return
    collections.add(collection)
    for (const space of state.indexes.spacesByParent.get(collection)) spaces.add(space.id)
    for (const child of state.indexes.collectionsByParent.get(collection)) visit(child.id)
  }
  for (const grant of state.indexes.grantsByPrincipal.get(team.id)) {
    if (grant.targetKind === 'space') {
      const space = state.tables.spaces.get(grant.target)
      if (space && !space.deletedAt && space.organization === team.organization) spaces.add(space.id)
    } else {
      const collection = state.tables.collections.get(grant.target)
      if (collection?.organization === team.organization) visit(collection.id)
    }
  }
  return spaces.size
}
