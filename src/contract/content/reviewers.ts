import * as z from 'zod/mini'
import { RequestedReviewer, RequestedReviewers } from '../../schemas/reviewer.ts'
import { List } from '../../schemas/shared.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { changeRequest, CR } from './common.ts'

/** Change request subject bound: 1 to 200 characters. */
export const ChangeRequestSubject = z.string().check(z.minLength(1), z.maxLength(200))

export const getRequestedReviewersByChangeRequestId = defineOperation({
  id: 'getRequestedReviewersByChangeRequestId',
  method: 'GET',
  idempotent: true,
  path: `${CR}/requested-reviewers`,
  sdk: 'changeRequests.reviewers.list',
  status: 200,
  summary: 'List the reviewers requested on a change request',
  params: z.object(changeRequest),
  query: z.object({ ...pagination }),
  response: List(RequestedReviewer),
  paginated: true,
})

export const requestReviewersForChangeRequest = defineOperation({
  id: 'requestReviewersForChangeRequest',
  method: 'POST',
  idempotent: true,
  path: `${CR}/requested-reviewers`,
  sdk: 'changeRequests.reviewers.request',
  status: 200,
  summary: 'Request reviews from organization members (and optionally update the subject)',
  params: z.object(changeRequest),
  body: z.object({ users: z.array(Id).check(z.minLength(1), z.maxLength(100)), subject: z.optional(ChangeRequestSubject) }),
  response: RequestedReviewers,
})

export const removeRequestedReviewerFromChangeRequest = defineOperation({
  id: 'removeRequestedReviewerFromChangeRequest',
  method: 'DELETE',
  idempotent: true,
  path: `${CR}/requested-reviewers/{userId}`,
  sdk: 'changeRequests.reviewers.remove',
  status: 205,
  summary: 'Withdraw a review request from a change request',
  params: z.object({ ...changeRequest, userId: Id }),
})
