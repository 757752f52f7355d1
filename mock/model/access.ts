import type { Role } from '../../src/schemas/shared.ts'
import type { MemberRecord, TeamRecord, UserRecord } from '../tables/orgs.ts'
import type { CollectionRecord, SpaceRecord } from '../tables/spaces.ts'
import { shareLinkRole } from './sites/share-links.ts'
import type { State } from './state.ts'

/**
 * The permission rules, in one place: every endpoint enforces them through this module and
 * every presenter's `permissions` object is computed from it, so the two cannot disagree.
 */

const ORDER: readonly Role[] = ['read', 'comment', 'edit', 'review', 'create', 'admin']

/** Position of a role in `read < comment < edit < review < create < admin` (-1 for none). */
export function rank(role: Role | null | undefined): number {
  return role ? ORDER.indexOf(role) : -1
}

/** Whether `role` reaches at least `needed`. */
export function atLeast(role: Role | null | undefined, needed: Role): boolean {
  return rank(role) >= rank(needed)
}

function highest(a: Role | undefined, b: Role | null | undefined): Role | undefined {
  return rank(b) > rank(a) ? (b as Role) : a
}

/** Who is calling: the token's user. */
export interface Caller {
  user: UserRecord
  token: string
}

/** The user's active membership of an organization, if any. */
export function membership(state: State, organizationId: string, userId: string): MemberRecord | undefined {
  return active(state.tables.members.get(`${organizationId}:${userId}`))
}

/** A membership if it is active (a disabled member counts as none). */
export function active(member: MemberRecord | undefined): MemberRecord | undefined {
  return member && !member.disabled ? member : undefined
}

/** The teams of an organization the user belongs to. */
export function teamsOf(state: State, organizationId: string, userId: string): TeamRecord[] {
  const teams: TeamRecord[] = []
  for (const tm of state.indexes.teamMembersByUser.get(userId)) {
    const team = state.tables.teams.get(tm.team)
    if (team?.organization === organizationId) teams.push(team)
  }
  return teams
}

/** The collection chain above a space or collection, nearest first. */
export function ancestors(state: State, parent: string | undefined): CollectionRecord[] {
  const chain: CollectionRecord[] = []
  // A set, not `chain.includes`: a scan per level made a deep chain cost its depth squared.
  const seen = new Set<string>()
  for (let id = parent; id && !seen.has(id); ) {
    const c = state.tables.collections.get(id)
    if (!c) break
    seen.add(id)
    chain.push(c)
    id = c.parent
  }
  return chain
}

/** Highest explicit grant to the user or one of their teams on any of the targets. */
function grantedRole(state: State, targets: readonly string[], principals: ReadonlySet<string>): Role | undefined {
  let best: Role | undefined
  for (const target of targets) {
    for (const grant of state.indexes.grantsByTarget.get(target)) {
      if (principals.has(grant.principal)) best = highest(best, grant.role)
    }
  }
  return best
}

/**
 * A member's role on content (a space or collection): organization admins are admin; others get the
 * highest of explicit grants (to them or their teams, on it or an ancestor collection) and the
 * default level (its own, else the nearest ancestor's that sets one, else their organization role).
 * Guests get explicit grants only.
 */
function memberContentRole(
  state: State,
  member: MemberRecord,
  item: { id: string; parent?: string | undefined; defaultLevel: Role | null },
): Role | undefined {
  if (member.role === 'admin') return 'admin'
  const chain = ancestors(state, item.parent)
  const principals = new Set<string>([member.user, ...teamsOf(state, member.organization, member.user).map((t) => t.id)])
  let role = grantedRole(state, [item.id, ...chain.map((c) => c.id)], principals)
  if (member.role !== null) {
    const inherited = item.defaultLevel ?? chain.find((c) => c.defaultLevel !== null)?.defaultLevel ?? member.role
    role = highest(role, inherited)
  }
  return role
}

/** The user's role on a collection, or undefined when they cannot see it. */
export function collectionRole(state: State, userId: string, collection: CollectionRecord): Role | undefined {
  const member = membership(state, collection.organization, userId)
  return member ? memberContentRole(state, member, collection) : undefined
}

/** Extra ways in for callers outside the organization: a share link's key. */
export interface SpaceAccessContext {
  shareKey?: string | undefined
}

/**
 * The user's role on a space, or undefined when they cannot see it. Deleted spaces are seen by
 * admins only. Outside the organization: public and unlisted spaces are readable; in-collection
 * spaces when the parent collection is viewable; `share-link` spaces with an active share link's key
 * of a site that publishes them.
 */
export function spaceRole(state: State, userId: string, space: SpaceRecord, context: SpaceAccessContext = {}): Role | undefined {
  const member = membership(state, space.organization, userId)
  let role = member ? memberContentRole(state, member, space) : undefined
  if (space.deletedAt) return role === 'admin' ? role : undefined
  if (!role && (space.visibility === 'public' || space.visibility === 'unlisted')) role = 'read'
  if (!role && space.visibility === 'in-collection' && space.parent) {
    const parent = state.tables.collections.get(space.parent)
    if (parent && collectionRole(state, userId, parent)) role = 'read'
  }
  if (!role) role = shareLinkRole(state, space, context.shareKey)
  return role
}

/** The caller's permissions on an organization, as its `permissions` object reports them. */
export function organizationPermissions(member: MemberRecord | undefined) {
  const role = member?.role
  const isMember = member !== undefined
  const full = isMember && role !== null
  return {
    view: isMember,
    admin: role === 'admin',
    ownTeam: atLeast(role, 'create'),
    createContent: atLeast(role, 'create'),
    createOpenAPISpec: atLeast(role, 'create'),
    ingestConversations: role === 'admin',
    viewBilling: role === 'admin',
    listMembers: full,
    listTeams: full,
    listIntegrations: full,
  }
}

/** The caller's permissions on a collection. */
export function collectionPermissions(role: Role | undefined) {
  return {
    view: role !== undefined,
    admin: role === 'admin',
    viewInviteLinks: role === 'admin',
    create: atLeast(role, 'create'),
  }
}

/**
 * The caller's permissions on a space. A locked space (`editMode: locked`) refuses every edit,
 * and a deleted one everything but restore (admin).
 */
export function spacePermissions(role: Role | undefined, space: SpaceRecord) {
  const live = !space.deletedAt
  const editable = live && space.editMode === 'live'
  return {
    view: role !== undefined,
    access: role !== undefined,
    admin: role === 'admin',
    viewInviteLinks: role === 'admin' && live,
    edit: editable && atLeast(role, 'edit'),
    triggerGitSync: editable && atLeast(role, 'edit') && space.gitSync !== undefined,
    comment: live && atLeast(role, 'comment'),
    merge: editable && atLeast(role, 'review'),
    review: live && atLeast(role, 'review'),
  }
}

/** The caller's permissions on a team: organization admins and team owners manage it. */
export function teamPermissions(state: State, userId: string, team: TeamRecord) {
  const member = membership(state, team.organization, userId)
  const inTeam = state.tables.teamMembers.get(`${team.id}:${userId}`)
  return {
    view: (member !== undefined && member.role !== null) || inTeam !== undefined,
    admin: member?.role === 'admin' || (member !== undefined && inTeam?.role === 'owner'),
  }
}
