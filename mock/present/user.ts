import { membership, organizationPermissions, type Caller } from '../model/access.ts'
import type { UserRecord } from '../tables/orgs.ts'
import type { State } from '../model/state.ts'

/**
 * Who is looking at people, for what they may see of them: the caller, and whether they may list
 * the members of the organization the users appear in. Emails (and a member's role, status and
 * counts) are what the member list holds, so only callers it answers see them, besides their own.
 */
export interface Audience {
  callerId: string
  seesMembers: boolean
}

/** The audience of users shown in an organization's content (comments, reviewers, commenters). */
export function audienceFor(state: State, caller: Caller, organizationId: string): Audience {
  return { callerId: caller.user.id, seesMembers: organizationPermissions(membership(state, organizationId, caller.user.id)).listMembers }
}

/** Whether the audience may see what the member list says of this user. */
export function seesMemberDetails(audience: Audience, userId: string): boolean {
  return audience.seesMembers || audience.callerId === userId
}

/** An embedded user; the email only for an audience that may list the members (or the user themselves). */
export function presentUser(state: State, user: UserRecord, audience: Audience): PresentedUser {
  // Fields added in wire order, without spreading temporary objects: pages embed a user per item.
  const out: PresentedUser = { object: 'user', id: user.id, displayName: user.displayName }
  if (seesMemberDetails(audience, user.id)) out.email = user.email
  if (user.photoURL) out.photoURL = user.photoURL
  out.urls = { location: `${state.urls.app}/u/${user.id}` }
  return out
}

/** A user as embedded in answers (a deleted one has only its ID and a placeholder name). */
interface PresentedUser {
  object: 'user'
  id: string
  displayName: string
  email?: string
  photoURL?: string
  urls?: { location: string }
}

/** An embedded user by ID (a placeholder of the same shape when the user is gone). */
export function presentUserById(state: State, userId: string, audience: Audience) {
  const user = state.tables.users.get(userId)
  return user ? presentUser(state, user, audience) : { object: 'user' as const, id: userId, displayName: 'Deleted user' }
}
