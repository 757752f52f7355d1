import type { Operations } from '../../src/contract/index.ts'
import { collectionHandlers } from './collections.ts'
import { memberHandlers } from './members.ts'
import { organizationHandlers } from './organizations.ts'
import { spaceHandlers } from './spaces.ts'
import { teamHandlers } from './teams.ts'
import { contentHandlers } from './content.ts'
import { commentsHandlers } from './comments.ts'
import { sitesHandlers } from './sites.ts'
import { servicesHandlers } from './services.ts'
import { integrationsHandlers } from './integrations.ts'
import type { Handlers } from './types.ts'

/** Every operation's handler; the compiler checks that none is missing. */
export const handlers = {
  ...organizationHandlers,
  ...memberHandlers,
  ...teamHandlers,
  ...collectionHandlers,
  ...spaceHandlers,
  ...contentHandlers,
  ...commentsHandlers,
  ...sitesHandlers,
  ...servicesHandlers,
  ...integrationsHandlers,
} satisfies Handlers<Operations>
