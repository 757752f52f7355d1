import type { Caller } from '../model/access.ts'
import type { DispatchScope } from '../model/integrations/delivery.ts'
import type { IntegrationRecord } from '../tables/integrations.ts'
import type { State } from '../model/state.ts'
import { presentInstallation, presentSiteInstallation, presentSpaceInstallation } from './installation.ts'
import { presentIntegration } from './integration.ts'

/**
 * The `environment` field of a dispatch to a development tunnel, in the shape `@gitbook/runtime`
 * reads (`IntegrationEnvironment` of the platform's published API description): the integration
 * and the installation as the API presents them to the developer who turned development mode on,
 * the space or site installation the event is about, the integration's secrets and signing
 * secret, the API endpoint and the development-mode token for calling back. `undefined` when
 * development mode is off (nothing is dispatched then).
 */
export function presentEnvironment(state: State, integration: IntegrationRecord, scope: DispatchScope) {
  const dev = integration.dev
  const developer = dev && state.tables.users.get(dev.enabledBy)
  if (!dev?.token || !developer || !integration.signingSecret) return undefined
  const caller: Caller = { user: developer, token: dev.token }
  const { installation, spaceId, siteId } = scope
  const space = spaceId !== undefined ? state.tables.spaces.get(spaceId) : undefined
  const site = siteId !== undefined ? state.tables.sites.get(siteId) : undefined
  return {
    integration: presentIntegration(state, caller, integration),
    ...(installation ? { installation: presentInstallation(state, integration, installation) } : {}),
    ...(installation && space
      ? { spaceInstallation: presentSpaceInstallation(state, caller, integration, installation, space, false) }
      : {}),
    ...(installation && site ? { siteInstallation: presentSiteInstallation(state, caller, integration, installation, site, false) } : {}),
    secrets: integration.secrets,
    signingSecrets: { integration: integration.signingSecret },
    apiEndpoint: state.urls.api,
    apiTokens: { integration: dev.token, ...(installation ? { installation: dev.token } : {}) },
  }
}
