import type * as contract from '../../src/contract/integrations.ts'
import { catalogHandlers } from './integrations/catalog.ts'
import { developmentHandlers } from './integrations/development.ts'
import { eventHandlers } from './integrations/events.ts'
import { installationScopedHandlers } from './integrations/installation.ts'
import { installationHandlers } from './integrations/installations.ts'
import type { Handlers, OpsOf } from './types.ts'

/** Handlers of the integrations area, one file per part under `integrations/`. */
export const integrationsHandlers: Handlers<OpsOf<typeof contract>> = {
  ...catalogHandlers,
  ...installationHandlers,
  ...installationScopedHandlers,
  ...eventHandlers,
  ...developmentHandlers,
}
