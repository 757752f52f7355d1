import type { RequestedReviewerRecord } from '../tables/content.ts'
import type { State } from '../model/state.ts'
import { presentUserById, type Audience } from './user.ts'

/** A reviewer requested on a change request. */
export function presentRequestedReviewer(state: State, request: RequestedReviewerRecord, audience: Audience) {
  return {
    object: 'change-request-requested-reviewer' as const,
    revision: request.revision,
    requestedBy: presentUserById(state, request.requestedBy, audience),
    createdAt: request.createdAt,
    kind: 'user',
    user: presentUserById(state, request.user, audience),
  }
}
