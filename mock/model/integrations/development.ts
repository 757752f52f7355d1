import { membership } from '../access.ts'
import type { State } from '../state.ts'
import type { IntegrationRecord } from './tables.ts'

/**
 * Turns development mode on (or points it elsewhere): from now on events and renders go to the
 * tunnel, for every organization with `all`, else only for the owner organization.
 */
export function enableDevelopmentMode(
  state: State,
  integration: IntegrationRecord,
  tunnelUrl: string,
  all: boolean,
  userId: string,
): IntegrationRecord {
  return state.tables.integrations.update(integration, { dev: { tunnelUrl, all, enabledAt: state.clock.stamp(), enabledBy: userId } })
}

/** Turns development mode off: events and renders go back to the runtime. Off already is fine. */
export function disableDevelopmentMode(state: State, integration: IntegrationRecord): IntegrationRecord {
  return integration.dev ? state.tables.integrations.update(integration, { dev: undefined }) : integration
}

/** The tunnel a render by this user goes to, or undefined when the runtime renders it. */
export function renderTunnelFor(state: State, integration: IntegrationRecord, userId: string): string | undefined {
  const dev = integration.dev
  return dev && (dev.all || membership(state, integration.organization, userId)) ? dev.tunnelUrl : undefined
}
