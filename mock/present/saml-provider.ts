import type { Caller } from '../model/access.ts'
import { certificateExpired } from '../model/services/saml-providers.ts'
import type { SAMLProviderRecord } from '../tables/services.ts'
import type { State } from '../model/state.ts'
import { presentTeam } from './team.ts'

/**
 * The platform's side of a provider, to configure in the identity provider: the service
 * provider's entity ID, where assertions are posted (ACS) and where sign-in starts. They live
 * under the API's base URL, outside `/v1`, per organization and provider.
 */
export function samlService(state: State, provider: SAMLProviderRecord) {
  const base = `${state.urls.api}/sso/saml/${provider.organization}/${provider.id}`
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` }
}

/**
 * A SAML provider. `status` is `active`, or `expired` once its certificate's validity has ended
 * on the platform clock (the identity provider's signatures can no longer be trusted).
 */
export function presentSAMLProvider(state: State, caller: Caller, provider: SAMLProviderRecord) {
  const team = provider.defaultTeam !== undefined ? state.tables.teams.get(provider.defaultTeam) : undefined
  return {
    object: 'saml-provider' as const,
    id: provider.id,
    label: provider.label,
    ssoURL: provider.ssoURL,
    entityID: provider.entityID,
    certificate: provider.certificate,
    ...(team ? { defaultTeam: presentTeam(state, caller, team) } : {}),
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt,
    status: certificateExpired(state, provider) ? 'expired' : 'active',
    service: samlService(state, provider),
    urls: { location: `${state.urls.api}/v1/orgs/${provider.organization}/saml/${provider.id}` },
  }
}

/** One way to sign in to an organization: what a login page shows and where its button goes. */
export function presentSSOLogin(state: State, provider: SAMLProviderRecord) {
  return { id: provider.id, label: provider.label, startURL: samlService(state, provider).startURL }
}
