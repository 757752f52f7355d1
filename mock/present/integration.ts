import type { Caller } from '../model/access.ts'
import { integrationPermissions } from '../model/integrations/access.ts'
import { imageUrl } from '../model/integrations/images.ts'
import type { IntegrationRecord } from '../tables/integrations.ts'
import type { State } from '../model/state.ts'
import { presentOrganization } from './organization.ts'

/** Where an integration lives on the API (its installations and public endpoint hang below). */
export function integrationUrl(state: State, integration: IntegrationRecord): string {
  return `${state.urls.api}/v1/integrations/${integration.name}`
}

/** An integration's latest version with its owner, URLs and the caller's permissions; secrets and script stay inside. */
export function presentIntegration(state: State, caller: Caller, integration: IntegrationRecord) {
  const owner = state.tables.organizations.get(integration.organization)
  const location = integrationUrl(state, integration)
  return {
    object: 'integration' as const,
    name: integration.name,
    version: integration.version,
    title: integration.title,
    description: integration.description,
    summary: integration.summary,
    previewImages: integration.previewImages.map(imageUrl),
    target: integration.target,
    verified: integration.verified,
    visibility: integration.visibility,
    scopes: integration.scopes,
    categories: integration.categories,
    blocks: integration.blocks,
    contentSources: integration.contentSources,
    configurations: integration.configurations,
    externalLinks: integration.externalLinks,
    ...(owner ? { owner: presentOrganization(state, caller, owner) } : {}),
    urls: {
      location,
      ...(integration.icon !== undefined ? { icon: imageUrl(integration.icon) } : {}),
      app: `${state.urls.app}/integrations/${integration.name}`,
      assets: `${location}/versions/${integration.version}/assets`,
      publicEndpoint: `${location}/integration`,
      // No separate origin serves rendered content here: the platform then gives the public endpoint.
      publicContentEndpoint: `${location}/integration`,
    },
    permissions: integrationPermissions(state, caller.user.id, integration),
    contentSecurityPolicy: integration.contentSecurityPolicy,
  }
}
