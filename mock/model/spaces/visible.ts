import type { Role } from '../../../src/schemas/shared.ts'
import { membership, spaceRole, teamsOf } from '../access.ts'
import type { MemberRecord } from '../../tables/orgs.ts'
import type { State } from '../state.ts'
import type { SpaceRecord } from '../../tables/spaces.ts'

/**
 * The live spaces of an organization a user can see, without running the permission rules on
 * every space of the organization. Two cases, both read from indexes kept in step with the tables:
 *
 * - An active member with an organization role inherits at least that role on every live space
 *   (`access.ts`: a default level is always a role), so they see all of them: the
 *   organization's live spaces, already in order (`liveSpacesByOrg`), paged as a range.
 * - Anyone else (a guest, a disabled member, someone outside) sees only what a grant or the
 *   space's visibility opens: spaces granted to them or their teams, spaces under a collection
 *   granted to them or their teams (which covers `in-collection` spaces of a viewable
 *   collection), and public or unlisted spaces (`openSpacesByOrg`). Those candidates are few next
 *   to the organization, and each is still checked with `spaceRole`, so the answer is the rule's.
 */
export interface VisibleSpaces {
  /** Whether these are all the organization's live spaces (the caller is a member with a role). */
  every: boolean
  /** The spaces, oldest first. */
  spaces: readonly SpaceRecord[]
}

/** Whether an active membership (see `membership`) sees every live space of its organization: one with a role. */
function seesEveryLiveSpace(member: MemberRecord | undefined): boolean {
  return member !== undefined && member.role !== null
}

/**
 * The live spaces of `organization` the user can see, oldest first (see {@link VisibleSpaces}).
 * `member` is the user's active membership (`undefined`: none), looked up unless the caller holds
 * it already (a page of members passes each one's own record).
 */
export function visibleSpaces(
  state: State,
  organization: string,
  userId: string,
  member = membership(state, organization, userId),
): VisibleSpaces {
  if (seesEveryLiveSpace(member)) return { every: true, spaces: state.indexes.liveSpacesByOrg.get(organization) }
  const candidates = new Map<string, SpaceRecord>()
  for (const space of state.indexes.openSpacesByOrg.get(organization)) candidates.set(space.id, space)
  const principals = [userId, ...teamsOf(state, organization, userId).map((t) => t.id)]
  for (const principal of principals) {
    for (const grant of state.indexes.grantsByPrincipal.get(principal)) {
      if (grant.targetKind === 'space') {
        const space = state.tables.spaces.get(grant.target)
        if (space && space.organization === organization && !space.deletedAt) candidates.set(space.id, space)
      } else {
        const collection = state.tables.collections.get(grant.target)
        if (collection && collection.organization === organization) spacesUnder(state, collection.id, candidates)
      }
    }
  }
  const spaces = [...candidates.values()].filter(
    (space) => space.organization === organization && spaceRole(state, userId, space) !== undefined,
  )
  spaces.sort((a, b) => a.seq - b.seq)
  return { every: false, spaces }
}

/** Adds the live spaces anywhere under a collection (`spacesByParent` holds live spaces only). */
function spacesUnder(state: State, collection: string, into: Map<string, SpaceRecord>): void {
  const seen = new Set<string>()
  const stack = [collection]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    for (const space of state.indexes.spacesByParent.get(id)) into.set(space.id, space)
    for (const child of state.indexes.collectionsByParent.get(id)) stack.push(child.id)
  }
}

/** The user's role on a space they can see (the rule of `access.ts`). */
export function roleOnVisible(state: State, userId: string, space: SpaceRecord): Role {
  const role = spaceRole(state, userId, space)
  // A full member inherits a role on every live space; reaching here without one would mean
  // the rules changed and `seesEveryLiveSpace` no longer holds.
  if (role === undefined) throw new Error(`Space ${space.id} is listed as visible to ${userId} but the access rules give no role`)
  return role
}
