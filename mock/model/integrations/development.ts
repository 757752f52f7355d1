import { membership } from '../access.ts'
import { issueToken } from '../orgs/members.ts'
import { newSecret, type State } from '../state.ts'
import type { IntegrationRecord } from '../../tables/integrations.ts'

/**
 * Turns development mode on (or points it elsewhere): from now on events and renders go to the
 * tunnel, for every organization with `all`, else only for the owner organization. The first time,
 * the integration gets its signing secret; each time, the dispatches get an API token of the admin
 * who turned the mode on (the one of an earlier session is revoked), so the code at the tunnel can
 * call the platform back as its developer.
 */
export function enableDevelopmentMode(
  state: State,
  integration: IntegrationRecord,
  tunnelUrl: string,
  all: boolean,
  userId: string,
): IntegrationRecord {
  revokeDevelopmentToken(state, integration)
  const token = issueToken(state, userId, `integration ${integration.name} (development mode)`)
  return state.tables.integrations.update(integration, {
    signingSecret: integration.signingSecret ?? `dps_${newSecret(state, 32)}`,
    dev: { tunnelUrl, all, enabledAt: state.clock.stamp(), enabledBy: userId, token: token.id },
  })
}

/** Turns development mode off: events and renders go back to the runtime, and its token stops working. Off already is fine. */
export function disableDevelopmentMode(state: State, integration: IntegrationRecord): IntegrationRecord {
  if (!integration.dev) return integration
  revokeDevelopmentToken(state, integration)
  return state.tables.integrations.update(integration, { dev: undefined })
}

/** Revokes the API token development mode handed to the tunnel, if any (on disable, repointing, unpublishing). */
export function revokeDevelopmentToken(state: State, integration: IntegrationRecord): void {
  const token = integration.dev?.token && state.tables.tokens.get(integration.dev.token)
  if (token) state.tables.tokens.delete(token)
}

/** The tunnel a render by this user goes to, or undefined when the runtime renders it. */
export function renderTunnelFor(state: State, integration: IntegrationRecord, userId: string): string | undefined {
  const dev = integration.dev
  return dev && (dev.all || membership(state, integration.organization, userId)) ? dev.tunnelUrl : undefined
}
