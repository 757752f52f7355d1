import { forbidden, notFound } from '../base/http-error.ts'
import {
  collectionPermissions,
  collectionRole,
  membership,
  organizationPermissions,
  spacePermissions,
  spaceRole,
  teamPermissions,
  type Caller,
  type SpaceAccessContext,
} from '../model/access.ts'
import type { MemberRecord, OrganizationRecord, TeamRecord } from '../tables/orgs.ts'
import type { ChangeRequestRecord, CollectionRecord, SpaceRecord } from '../tables/spaces.ts'
import { findChangeRequest } from '../model/spaces/change-requests.ts'
import type { State } from '../model/state.ts'

/**
 * Loaders: find a resource the caller can see (404 otherwise, so hidden things stay hidden) and
 * check one permission of the same `permissions` object the presenters report (403 otherwise).
 */

type OrgPermission = keyof ReturnType<typeof organizationPermissions>
type SpacePermission = keyof ReturnType<typeof spacePermissions>
type CollectionPermission = keyof ReturnType<typeof collectionPermissions>

export function loadOrganization(
  state: State,
  caller: Caller,
  id: string,
  need?: OrgPermission,
): { org: OrganizationRecord; member: MemberRecord } {
  const org = state.tables.organizations.get(id)
  const member = org && membership(state, org.id, caller.user.id)
  if (!org || !member) throw notFound(`Organization ${id} not found`)
  if (need && !organizationPermissions(member)[need]) throw forbidden(`Missing permission "${need}" on organization ${id}`)
  return { org, member }
}

export function loadSpace(state: State, caller: Caller, id: string, need?: SpacePermission, context: SpaceAccessContext = {}): SpaceRecord {
  const space = state.tables.spaces.get(id)
  const role = space && spaceRole(state, caller.user.id, space, context)
  if (!space || !role) throw notFound(`Space ${id} not found`)
  if (need && !spacePermissions(role, space)[need]) {
    const why = space.deletedAt ? ' (the space is deleted)' : need === 'edit' && space.editMode === 'locked' ? ' (the space is locked)' : ''
    throw forbidden(`Missing permission "${need}" on space ${id}${why}`)
  }
  return space
}

export function loadCollection(state: State, caller: Caller, id: string, need?: CollectionPermission): CollectionRecord {
  const collection = state.tables.collections.get(id)
  const role = collection && collectionRole(state, caller.user.id, collection)
  if (!collection || !role) throw notFound(`Collection ${id} not found`)
  if (need && !collectionPermissions(role)[need]) throw forbidden(`Missing permission "${need}" on collection ${id}`)
  return collection
}

export function loadTeam(state: State, caller: Caller, org: OrganizationRecord, id: string, need?: 'admin'): TeamRecord {
  const team = state.tables.teams.get(id)
  if (!team || team.organization !== org.id) throw notFound(`Team ${id} not found`)
  const permissions = teamPermissions(state, caller.user.id, team)
  if (!permissions.view) throw notFound(`Team ${id} not found`)
  if (need && !permissions[need]) throw forbidden(`Missing permission "${need}" on team ${id}`)
  return team
}

/** The member `userId` of an organization (404 when not a member). */
export function loadMember(state: State, org: OrganizationRecord, userId: string): MemberRecord {
  const member = state.tables.members.get(`${org.id}:${userId}`)
  if (!member) throw notFound(`Member ${userId} not found in organization ${org.id}`)
  return member
}

/** Where new content may go: the caller needs `create` on the collection, or on the organization at its root. */
export function requireCreateIn(state: State, caller: Caller, organization: string, parent: string | undefined): void {
  if (parent) {
    loadCollection(state, caller, parent, 'create')
    return
  }
  loadOrganization(state, caller, organization, 'createContent')
}

/** Transfers need the caller to administer both organizations. */
export function requireAdminOfBoth(state: State, caller: Caller, from: string, to: string): OrganizationRecord {
  loadOrganization(state, caller, from, 'admin')
  const target = state.tables.organizations.get(to)
  if (!target) throw notFound(`Organization ${to} not found`)
  if (membership(state, to, caller.user.id)?.role !== 'admin') throw forbidden(`Transfers need admin of the target organization ${to}`)
  return target
}

/**
 * A change request of a space the caller can see, by ID or number; `need` is checked on the
 * space (a change request has no permissions of its own).
 */
export function loadChangeRequest(
  state: State,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  need?: SpacePermission,
): { space: SpaceRecord; changeRequest: ChangeRequestRecord } {
  const space = loadSpace(state, caller, spaceId, need)
  return { space, changeRequest: findChangeRequest(state, space, changeRequestId) }
}
