import type { Role } from '../../../src/schemas/shared.ts'
import { badRequest, conflict } from '../../base/http-error.ts'
import { active } from '../access.ts'
import { visibleSpaces } from '../spaces/visible.ts'
import { insert, newSecret, type State } from '../state.ts'
import type { SortKey } from '../../tables/table.ts'
import type { MemberRecord, OrganizationRecord, TeamMemberRecord, TeamRecord, UserRecord } from '../../tables/orgs.ts'

export function createUser(state: State, values: { displayName: string; email: string; photoURL?: string | undefined }): UserRecord {
  return insert(state, state.tables.users, {
    displayName: values.displayName,
    email: values.email,
    ...(values.photoURL ? { photoURL: values.photoURL } : {}),
  })
}

/** Issues an API token for a user. The token is the record's ID. */
export function issueToken(state: State, user: string, label = 'default', token?: string) {
  return insert(state, state.tables.tokens, { id: token ?? `dpt_${newSecret(state, 32)}`, user, label })
}

/** Adds a user to an organization (a guest when `role` is null). */
export function addMember(
  state: State,
  organization: string,
  user: string,
  role: Role | null,
  options: { sso?: boolean | undefined; joinedAt?: string | undefined } = {},
): MemberRecord {
  if (state.tables.members.get(`${organization}:${user}`)) throw conflict(`User ${user} is already a member`)
  return insert(state, state.tables.members, {
    id: `${organization}:${user}`,
    organization,
    user,
    role,
    disabled: false,
    sso: options.sso ?? false,
    joinedAt: options.joinedAt ?? state.clock.stamp(),
  })
}

function adminCount(state: State, organization: string): number {
  return state.indexes.membersByOrg.get(organization).filter((m) => m.role === 'admin' && !m.disabled).length
}

/** Changes a member's role; the last admin cannot step down (the organization would be unmanageable). */
export function updateMemberRole(state: State, member: MemberRecord, role: Role | null): MemberRecord {
  if (member.role === 'admin' && role !== 'admin' && adminCount(state, member.organization) === 1) {
    throw conflict('Cannot change the role of the last admin of the organization')
  }
  return state.tables.members.update(member, { role })
}

/** Refuses to remove the last admin of an organization. */
export function checkRemovable(state: State, member: MemberRecord): void {
  if (member.role === 'admin' && adminCount(state, member.organization) === 1) {
    throw conflict('Cannot remove the last admin of the organization')
  }
}

/**
 * Removes a member record with their team memberships and explicit grants in the organization
 * (what other areas drop is `removeMember`'s, in `model/cascades.ts`).
 */
export function removeMemberRecord(state: State, member: MemberRecord): void {
  for (const tm of [...state.indexes.teamMembersByUser.get(member.user)]) {
    if (state.tables.teams.get(tm.team)?.organization === member.organization) state.tables.teamMembers.delete(tm)
  }
  for (const grant of [...state.indexes.grantsByPrincipal.get(member.user)]) {
    if (grant.organization === member.organization) state.tables.grants.delete(grant)
  }
  state.tables.members.delete(member)
}

/** Records activity and returns a JWT of visitor claims signed with the organization's secret. */
export function ping(state: State, org: OrganizationRecord, member: MemberRecord, user: UserRecord): Promise<string> {
  const now = state.clock.stamp()
  state.tables.members.update(member, { lastSeenAt: now })
  const iat = Math.floor(Date.parse(now) / 1000)
  // Claims in the order the tokens have always had (jose's: the custom ones, then sub, iss, iat, exp).
  return state.libraries.jwt.signHS256(
    {
      organization: org.id,
      role: member.role,
      email: user.email,
      name: user.displayName,
      sub: user.id,
      iss: `${state.urls.api}/v1/orgs/${org.id}`,
      iat,
      exp: iat + 3600,
    },
    org.visitorSecret,
  )
}

export function setSSOMember(state: State, member: MemberRecord): MemberRecord {
  return member.sso ? member : state.tables.members.update(member, { sso: true })
}

export interface MemberFilters {
  role?: Role | undefined
  search?: string | undefined
  sort?: 'joinedAt' | 'lastSeenAt' | 'name' | undefined
  order?: 'asc' | 'desc' | undefined
}

/**
 * The members of an organization matching the filters, with the sort key to page them by.
 * The default (newest joined first, no filter) is the maintained index itself.
 */
export function listMembers(
  state: State,
  org: OrganizationRecord,
  filters: MemberFilters,
): { items: readonly MemberRecord[]; key: (m: MemberRecord) => SortKey; sorted: boolean } {
  const sort = filters.sort ?? 'joinedAt'
  const all = state.indexes.membersByOrg.get(org.id)
  if (sort === 'joinedAt' && !filters.role && !filters.search) {
    return { items: all, key: (m) => [Date.parse(m.joinedAt), m.seq], sorted: true }
  }
  const needle = filters.search?.toLowerCase()
  const items = all.filter((m) => {
    if (filters.role && m.role !== filters.role) return false
    // Sorting by last activity lists only members who have been active.
    if (sort === 'lastSeenAt' && !m.lastSeenAt) return false
    if (needle) {
      const user = state.tables.users.get(m.user)
      if (!user || !(user.displayName.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle))) return false
    }
    return true
  })
  const key =
    sort === 'name'
      ? (m: MemberRecord) => [(state.tables.users.get(m.user)?.displayName ?? '').toLowerCase(), m.seq]
      : sort === 'lastSeenAt'
        ? (m: MemberRecord) => [Date.parse(m.lastSeenAt!), m.seq]
        : (m: MemberRecord) => [Date.parse(m.joinedAt), m.seq]
  return { items, key, sorted: false }
}

/**
 * How many spaces of its organization a member can access, without running the permission rules on every space for
 * the common case: an active full member sees every live space, counted by the live-space index.
 */
export function memberSpaceCount(state: State, member: MemberRecord): number {
  // The member's own record is the membership `visibleSpaces` would look up (a page of 100 members made 100 lookups).
  return visibleSpaces(state, member.organization, member.user, active(member)).spaces.length
}

/** How many teams of the organization a member belongs to (`memberTeams` without a title, counted). */
export function memberTeamCount(state: State, member: MemberRecord): number {
  let n = 0
  eachTeamOf(state, member, () => n++)
  return n
}

/** The teams of the organization a member belongs to, with their role in each. */
export function memberTeams(state: State, member: MemberRecord, title?: string): Array<{ team: TeamRecord; membership: TeamMemberRecord }> {
  const needle = title?.toLowerCase()
  const out: Array<{ team: TeamRecord; membership: TeamMemberRecord }> = []
  eachTeamOf(state, member, (team, membership) => {
    if (!needle || team.title.toLowerCase().includes(needle)) out.push({ team, membership })
  })
  return out
}

/** Calls `each` with the member's teams in its organization (a user's team memberships span organizations). */
function eachTeamOf(state: State, member: MemberRecord, each: (team: TeamRecord, membership: TeamMemberRecord) => void): void {
  for (const membership of state.indexes.teamMembersByUser.get(member.user)) {
    const team = state.tables.teams.get(membership.team)
    if (team?.organization === member.organization) each(team, membership)
  }
}

/** Checks that an ID names a member of the organization (400 naming the field otherwise). */
export function requireMember(state: State, organization: string, userId: string, field: string): void {
  if (!state.tables.members.get(`${organization}:${userId}`))
    throw badRequest(`Invalid ${field}: ${userId} is not a member of the organization`)
}

/** Checks that every ID names a member of the organization (400 naming the first that does not). */
export function requireMembers(state: State, organization: string, userIds: readonly string[], field: string): void {
  userIds.forEach((id, i) => requireMember(state, organization, id, `${field}.${i}`))
}
