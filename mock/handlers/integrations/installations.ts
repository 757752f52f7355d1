import type * as contract from '../../../src/contract/integrations/installations.ts'
import { paginate, paginateArray } from '../../base/paginate.ts'
import { spaceRole } from '../../model/access.ts'
import { coveredSites, coveredSpaces, settingFor } from '../../model/integrations/coverage.ts'
import { install } from '../../model/integrations/installations.ts'
import { sitePermissions } from '../../model/sites/sites.ts'
import { presentInstallation, presentSiteInstallation, presentSpaceInstallation } from '../../present/installation.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { afterDeliveries } from './deliveries.ts'
import { loadAdministeredOrganization, loadIntegration, visibleInstallations } from './load.ts'

/**
 * Installations are listed to admins of the owner organization (all of them) and of installing
 * organizations (theirs); space and site entries only for the spaces and sites the caller can see.
 */
export const installationHandlers: Handlers<OpsOf<typeof contract>> = {
  listIntegrationInstallations: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const items = visibleInstallations(state, caller, integration, input.externalId)
    return paginate(
      `installations:${integration.id}`,
      items,
      (i) => [i.seq],
      input,
      (i) => presentInstallation(state, integration, i),
    )
  },

  installIntegration: ({ state, caller, capabilities, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const org = loadAdministeredOrganization(state, caller, input.organization)
    const { installation, events } = install(state, integration, org.id, caller.user.id)
    return afterDeliveries(state, capabilities, events, presentInstallation(state, integration, installation))
  },

  listIntegrationSpaceInstallations: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const entries = visibleInstallations(state, caller, integration).flatMap((installation) =>
      coveredSpaces(state, integration, installation)
        .filter((space) => spaceRole(state, caller.user.id, space) !== undefined)
        .filter(
          (space) =>
            input.externalId === undefined ||
            settingFor(integration, installation, 'space', space.id).externalIds.includes(input.externalId),
        )
        .map((space) => ({ installation, space })),
    )
    return paginateArray(
      `space-installations:${integration.id}`,
      entries,
      (e) => [e.installation.seq, e.space.seq],
      input,
      (e) => presentSpaceInstallation(state, caller, integration, e.installation, e.space, input.extended ?? false),
    )
  },

  listIntegrationSiteInstallations: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const entries = visibleInstallations(state, caller, integration).flatMap((installation) =>
      coveredSites(state, integration, installation)
        .filter((site) => sitePermissions(state, caller.user.id, site).view)
        .filter(
          (site) =>
            input.externalId === undefined || settingFor(integration, installation, 'site', site.id).externalIds.includes(input.externalId),
        )
        .map((site) => ({ installation, site })),
    )
    return paginateArray(
      `site-installations:${integration.id}`,
      entries,
      (e) => [e.installation.seq, e.site.seq],
      input,
      (e) => presentSiteInstallation(state, caller, integration, e.installation, e.site, input.extended ?? false),
    )
  },
}
