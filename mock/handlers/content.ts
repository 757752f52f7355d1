import type * as contract from '../../src/contract/content.ts'
import { changeRequestContentHandlers } from './content/change-request-content.ts'
import { reviewerHandlers } from './content/reviewers.ts'
import { searchHandlers } from './content/search.ts'
import { spaceContentHandlers } from './content/space-content.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the content area. */
export const contentHandlers: Handlers<OpsOf<typeof contract>> = {
  ...spaceContentHandlers,
  ...changeRequestContentHandlers,
  ...reviewerHandlers,
  ...searchHandlers,
}
