import * as z from 'zod/mini'
import { User } from './shared.ts'

/** A reviewer requested on a change request. */
export const RequestedReviewer = /*@__PURE__*/ z.looseObject({
  object: z.literal('change-request-requested-reviewer'),
  revision: z.optional(z.string()),
  requestedBy: z.optional(User),
  createdAt: z.optional(z.string()),
  kind: z.optional(z.string()),
  user: z.optional(User),
})
export interface RequestedReviewer extends z.infer<typeof RequestedReviewer> {}

/** Response of requesting reviewers: `{ users }`. */
export const RequestedReviewers = /*@__PURE__*/ z.looseObject({ users: z.array(RequestedReviewer) })
export interface RequestedReviewers extends z.infer<typeof RequestedReviewers> {}
