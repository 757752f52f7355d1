import * as z from 'zod/mini'
import { User } from './shared.ts'
import type { RequestedReviewerShape, RequestedReviewersShape } from '../generated/shapes.ts'

/** A reviewer requested on a change request. */
export const RequestedReviewer = z.looseObject({
  object: z.literal('change-request-requested-reviewer'),
  revision: z.optional(z.string()),
  requestedBy: z.optional(User),
  createdAt: z.optional(z.string()),
  kind: z.optional(z.string()),
  user: z.optional(User),
})
export interface RequestedReviewer extends RequestedReviewerShape {}

/** Response of requesting reviewers: `{ users }`. */
export const RequestedReviewers = z.looseObject({ users: z.array(RequestedReviewer) })
export interface RequestedReviewers extends RequestedReviewersShape {}
