import * as z from 'zod/mini'
import { User } from './shared.ts'
import type { RequestedReviewerShape, RequestedReviewersShape } from '../generated/shapes.ts'

/** A reviewer requested on a change request. */
export const RequestedReviewer = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('change-request-requested-reviewer'),
  revision: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  requestedBy: /*@__PURE__*/ z.optional(User),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  kind: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  user: /*@__PURE__*/ z.optional(User),
})
export interface RequestedReviewer extends RequestedReviewerShape {}

/** Response of requesting reviewers: `{ users }`. */
export const RequestedReviewers = /*@__PURE__*/ z.looseObject({ users: /*@__PURE__*/ z.array(RequestedReviewer) })
export interface RequestedReviewers extends RequestedReviewersShape {}
