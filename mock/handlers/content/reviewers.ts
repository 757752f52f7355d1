import type * as contract from '../../../src/contract/content/reviewers.ts'
import { paginate } from '../../base/paginate.ts'
import { removeRequestedReviewer, requestedReviewers, requestReviewers } from '../../model/content/reviewers.ts'
import { presentRequestedReviewer } from '../../present/reviewer.ts'
import { audienceFor } from '../../present/user.ts'
import { loadChangeRequest } from '../load.ts'
import type { Handlers, OpsOf } from '../types.ts'

/** Handlers of requested reviewers: listing needs view, requesting and withdrawing review. */
export const reviewerHandlers: Handlers<OpsOf<typeof contract>> = {
  getRequestedReviewersByChangeRequestId: ({ state, caller, input }) => {
    const { space, changeRequest } = loadChangeRequest(state, caller, input.spaceId, input.changeRequestId)
    const people = audienceFor(state, caller, space.organization)
    return paginate(
      'requestedReviewers',
      requestedReviewers(state, changeRequest),
      (r) => [r.seq],
      input,
      (r) => presentRequestedReviewer(state, r, people),
    )
  },

  requestReviewersForChangeRequest: ({ state, caller, input }) => {
    const { space, changeRequest } = loadChangeRequest(state, caller, input.spaceId, input.changeRequestId, 'review')
    const requests = requestReviewers(state, space, changeRequest, caller.user.id, input.users, input.subject)
    const people = audienceFor(state, caller, space.organization)
    return { users: requests.map((r) => presentRequestedReviewer(state, r, people)) }
  },

  removeRequestedReviewerFromChangeRequest: ({ state, caller, input }) => {
    const { changeRequest } = loadChangeRequest(state, caller, input.spaceId, input.changeRequestId, 'review')
    removeRequestedReviewer(state, changeRequest, input.userId)
  },
}
