import type { Caller } from '../model/access.ts'
import { coveredSpaces, settingFor, targetAllows, type TargetKind } from '../model/integrations/coverage.ts'
import type { InstallationRecord, IntegrationRecord } from '../tables/integrations.ts'
import type { SiteRecord } from '../tables/sites.ts'
import type { SpaceRecord } from '../tables/spaces.ts'
import type { State } from '../model/state.ts'
import { integrationUrl } from './integration.ts'
import { presentSite } from './site.ts'
import { presentSpace } from './space.ts'

function installationUrl(state: State, integration: IntegrationRecord, installation: InstallationRecord): string {
  return `${integrationUrl(state, integration)}/installations/${installation.id}`
}

/**
 * An installation. A selection is shown only for the kinds of content the integration's target
 * lets it cover; `spaces` counts the live spaces it covers.
 */
export function presentInstallation(state: State, integration: IntegrationRecord, installation: InstallationRecord) {
  const location = installationUrl(state, integration, installation)
  return {
    object: 'integration-installation' as const,
    id: installation.id,
    integration: integration.name,
    status: installation.status,
    ...(targetAllows(integration, 'space') ? { space_selection: installation.spaceSelection } : {}),
    ...(targetAllows(integration, 'site') ? { site_selection: installation.siteSelection } : {}),
    spaces: coveredSpaces(state, integration, installation).length,
    configuration: installation.configuration,
    externalIds: installation.externalIds,
    createdAt: installation.createdAt,
    updatedAt: installation.updatedAt,
    urls: {
      location,
      app: `${state.urls.app}/o/${installation.organization}/integrations/${integration.name}`,
      publicEndpoint: `${integrationUrl(state, integration)}/integration/installations/${installation.id}`,
      // No separate origin serves rendered content here: the platform then gives the public endpoint.
      publicContentEndpoint: `${integrationUrl(state, integration)}/integration/installations/${installation.id}`,
    },
    target: { organization: installation.organization },
  }
}

function entry(state: State, integration: IntegrationRecord, installation: InstallationRecord, kind: TargetKind, id: string) {
  const setting = settingFor(integration, installation, kind, id)
  const path = `${kind}s/${id}`
  return {
    integration: integration.name,
    installation: installation.id,
    status: installation.status,
    configuration: setting.configuration,
    externalIds: setting.externalIds,
    urls: {
      location: `${installationUrl(state, integration, installation)}/${path}`,
      publicEndpoint: `${integrationUrl(state, integration)}/integration/installations/${installation.id}/${path}`,
      publicContentEndpoint: `${integrationUrl(state, integration)}/integration/installations/${installation.id}/${path}`,
    },
  }
}

/** An installation on one space: its settings there, and the space as an ID or (extended) a Space. */
export function presentSpaceInstallation(
  state: State,
  caller: Caller,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  space: SpaceRecord,
  extended: boolean,
) {
  return { ...entry(state, integration, installation, 'space', space.id), space: extended ? presentSpace(state, caller, space) : space.id }
}

/** An installation on one site: its settings there, and the site as an ID or (extended) a Site. */
export function presentSiteInstallation(
  state: State,
  caller: Caller,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  site: SiteRecord,
  extended: boolean,
) {
  return { ...entry(state, integration, installation, 'site', site.id), site: extended ? presentSite(state, caller, site) : site.id }
}
