import type * as contract from '../../src/contract/services.ts'
import { askHandlers } from './services/ask.ts'
import { openAPIHandlers } from './services/openapi.ts'
import { samlHandlers } from './services/saml.ts'
import { translationHandlers } from './services/translations.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the services area, one file per resource under `services/`. */
export const servicesHandlers: Handlers<OpsOf<typeof contract>> = {
  ...translationHandlers,
  ...openAPIHandlers,
  ...samlHandlers,
  ...askHandlers,
}
