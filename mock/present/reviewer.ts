import type { RequestedReviewerRecord } from '../model/content/tables.ts'
import type { State } from '../model/state.ts'
import { presentUserById } from './user.ts'

/** A reviewer requested on a change request. */
export function presentRequestedReviewer(state: State, request: RequestedReviewerRecord) {
  return {
    object: 'change-request-requested-reviewer' as const,
    revision: request.revision,
    requestedBy: presentUserById(state, request.requestedBy),
    createdAt: request.createdAt,
    kind: 'user',
    user: presentUserById(state, request.user),
  }
}
