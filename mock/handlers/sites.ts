import type * as contract from '../../src/contract/sites.ts'
import { redirectHandlers } from './sites/redirects.ts'
import { sectionGroupHandlers } from './sites/section-groups.ts'
import { sectionHandlers } from './sites/sections.ts'
import { shareLinkHandlers } from './sites/share-links.ts'
import { siteHandlers } from './sites/site.ts'
import { siteSpaceHandlers } from './sites/site-spaces.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the sites area, one file per sub-area under `sites/`. */
export const sitesHandlers: Handlers<OpsOf<typeof contract>> = {
  ...siteHandlers,
  ...sectionHandlers,
  ...sectionGroupHandlers,
  ...siteSpaceHandlers,
  ...redirectHandlers,
  ...shareLinkHandlers,
}
