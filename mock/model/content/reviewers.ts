import { badRequest, conflict, notFound } from '../../base/http-error.ts'
import { membership } from '../access.ts'
import type { MemberRecord } from '../../tables/orgs.ts'
import type { ChangeRequestRecord, SpaceRecord } from '../../tables/spaces.ts'
import { insert, type State } from '../state.ts'
import type { RequestedReviewerRecord } from '../../tables/content.ts'

/** Reviews are requested on change requests still under way; merged or archived ones are settled. */
function requireActive(changeRequest: ChangeRequestRecord): void {
  if (changeRequest.status === 'merged' || changeRequest.status === 'archived') {
    throw conflict(`Change request ${changeRequest.id} is ${changeRequest.status}`)
  }
}

/** The reviewers requested on a change request, in the order they were asked. */
export function requestedReviewers(state: State, changeRequest: ChangeRequestRecord): readonly RequestedReviewerRecord[] {
  return state.indexes.reviewersByChangeRequest.get(changeRequest.id)
}

/**
 * Requests reviews from users (members of the space's organization, not the change request's
 * author), and sets the subject when given. Users already requested keep their request. Every
 * user is checked before anything is written.
 */
export function requestReviewers(
  state: State,
  space: SpaceRecord,
  changeRequest: ChangeRequestRecord,
  requestedBy: string,
  users: readonly string[],
  subject: string | undefined,
): RequestedReviewerRecord[] {
  requireActive(changeRequest)
  const unique = [...new Set(users)]
  users.forEach((user, i) => {
    if (!membership(state, space.organization, user))
      throw badRequest(`Invalid body.users.${i}: ${user} is not a member of the organization`)
    if (user === changeRequest.createdBy) throw badRequest(`Invalid body.users.${i}: ${user} is the author of the change request`)
  })
  if (subject !== undefined && !subject.trim()) throw badRequest('Invalid body.subject: must not be blank')
  const now = state.clock.stamp()
  const out: RequestedReviewerRecord[] = []
  for (const user of unique) {
    const existing = state.tables.requestedReviewers.get(`${changeRequest.id}:${user}`)
    out.push(
      existing ??
        insert(state, state.tables.requestedReviewers, {
          id: `${changeRequest.id}:${user}`,
          changeRequest: changeRequest.id,
          user,
          requestedBy,
          revision: changeRequest.revision,
          createdAt: now,
        }),
    )
  }
  state.tables.changeRequests.update(changeRequest, { ...(subject !== undefined ? { subject } : {}), updatedAt: now })
  return out
}

/** Withdraws the review request of a user (404 when none was made). */
export function removeRequestedReviewer(state: State, changeRequest: ChangeRequestRecord, user: string): void {
  const request = state.tables.requestedReviewers.get(`${changeRequest.id}:${user}`)
  if (!request) throw notFound(`No review was requested from ${user} on change request ${changeRequest.id}`)
  requireActive(changeRequest)
  state.tables.requestedReviewers.delete(request)
  state.tables.changeRequests.update(changeRequest, { updatedAt: state.clock.stamp() })
}

/** Drops review requests on change requests of an organization's spaces from a user who left it. */
export function dropReviewsOfMember(state: State, member: MemberRecord): void {
  for (const request of [...state.indexes.reviewersByUser.get(member.user)]) {
    const changeRequest = state.tables.changeRequests.get(request.changeRequest)
    const space = changeRequest && state.tables.spaces.get(changeRequest.space)
    if (!space || space.organization === member.organization) state.tables.requestedReviewers.delete(request)
  }
}

/** Drops review requests of a space's change requests (purge), or only those from non-members of its organization (transfer). */
export function dropReviewsOfSpace(state: State, space: SpaceRecord, onlyNonMembers: boolean): void {
  for (const changeRequest of state.indexes.changeRequestsBySpace.get(space.id)) {
    for (const request of [...state.indexes.reviewersByChangeRequest.get(changeRequest.id)]) {
      if (!onlyNonMembers || !membership(state, space.organization, request.user)) state.tables.requestedReviewers.delete(request)
    }
  }
}
