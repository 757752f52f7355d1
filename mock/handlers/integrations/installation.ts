import type * as contract from '../../../src/contract/integrations/installation.ts'
import { forbidden, notFound } from '../../base/http-error.ts'
import { paginate } from '../../base/paginate.ts'
import { spaceRole, type Caller } from '../../model/access.ts'
import { uninstallIntegration } from '../../model/cascades.ts'
import { coveredSites, coveredSpaces, type TargetKind } from '../../model/integrations/coverage.ts'
import { recordTaskEvent } from '../../model/integrations/events.ts'
import { issueInstallationToken } from '../../model/integrations/installation-tokens.ts'
import { changeInstallation, installationIn } from '../../model/integrations/installations.ts'
import type { InstallationRecord, IntegrationRecord } from '../../tables/integrations.ts'
import { checkTarget, covers, removeTarget, setTarget } from '../../model/integrations/targets.ts'
import { sitePermissions } from '../../model/sites/sites.ts'
import type { State } from '../../model/state.ts'
import { presentInstallation, presentSiteInstallation, presentSpaceInstallation } from '../../present/installation.ts'
import { presentIntegration } from '../../present/integration.ts'
import { Reply, type Handlers, type OpsOf } from '../types.ts'
import { afterDeliveries } from './deliveries.ts'
import { actingFor, loadAdministeredOrganization, loadInstallation, loadIntegration } from './load.ts'

/**
 * The operations integration code calls about its installations (docs/decisions/integrations.md,
 * "Operations integration code calls"). Whoever sees an installation reads it and changes its
 * configuration; only its organization's admins widen what it reaches (selections, new spaces and
 * sites); only the integration (its owner's admins, or the installation's own token) acts as it.
 */

/** Whether the caller sees the space or site: an installation's own token sees every one it covers. */
function seesTarget(state: State, caller: Caller, kind: TargetKind, id: string, self: boolean): boolean {
  if (self) return true
  if (kind === 'space') {
    const space = state.tables.spaces.get(id)
    return !!space && spaceRole(state, caller.user.id, space) !== undefined
  }
  const site = state.tables.sites.get(id)
  return !!site && sitePermissions(state, caller.user.id, site).view
}

/** A space or site of the installation's organization that the caller sees (404 otherwise). */
function loadTarget(state: State, caller: Caller, installation: InstallationRecord, kind: TargetKind, id: string, self: boolean): void {
  checkTarget(state, installation, kind, id)
  if (!seesTarget(state, caller, kind, id, self)) throw notFound(`No ${kind} ${id} in organization ${installation.organization}`)
}

/** One that the installation covers too (404 "not installed"). */
function loadCovered(
  state: State,
  caller: Caller,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  kind: TargetKind,
  id: string,
  self: boolean,
): void {
  loadTarget(state, caller, installation, kind, id, self)
  if (!covers(state, integration, installation, kind, id))
    throw notFound(`Integration "${integration.name}" is not installed on ${kind} ${id} (installation ${installation.id})`)
}

function requireManager(manages: boolean, installation: InstallationRecord, what: string): void {
  if (!manages)
    throw forbidden(
      `Missing permission "admin" on organization ${installation.organization}: only its admins ${what} (installation ${installation.id})`,
    )
}

/** The covered spaces the caller sees. */
function seenSpaces(state: State, caller: Caller, integration: IntegrationRecord, installation: InstallationRecord, self: boolean) {
  return coveredSpaces(state, integration, installation).filter((space) => seesTarget(state, caller, 'space', space.id, self))
}

/** The covered sites the caller sees. */
function seenSites(state: State, caller: Caller, integration: IntegrationRecord, installation: InstallationRecord, self: boolean) {
  return coveredSites(state, integration, installation).filter((site) => seesTarget(state, caller, 'site', site.id, self))
}

/** Presents the installation on one space or site. */
type EntryOf<W> = (integration: IntegrationRecord, installation: InstallationRecord) => W

export const installationScopedHandlers: Handlers<OpsOf<typeof contract>> = {
  getIntegrationInstallationById: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation } = loadInstallation(state, caller, integration, input.installationId)
    return presentInstallation(state, integration, installation)
  },

  updateIntegrationInstallation: ({ state, caller, capabilities, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation, manages } = loadInstallation(state, caller, integration, input.installationId)
    if (input.space_selection !== undefined || input.site_selection !== undefined)
      requireManager(manages, installation, 'choose which spaces and sites an installation covers')
    const { events } = changeInstallation(state, integration, installation, {
      configuration: input.configuration,
      externalIds: input.externalIds,
      spaceSelection: input.space_selection,
      siteSelection: input.site_selection,
    })
    return afterDeliveries(state, capabilities, events, presentInstallation(state, integration, installation))
  },

  uninstallIntegration: ({ state, caller, capabilities, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation } = loadInstallation(state, caller, integration, input.installationId)
    return afterDeliveries(state, capabilities, [uninstallIntegration(state, integration, installation)], undefined)
  },

  createIntegrationInstallationToken: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation, asIntegration } = loadInstallation(state, caller, integration, input.installationId)
    if (!asIntegration)
      throw forbidden(
        `Missing permission "admin" on integration "${integration.name}": only the integration (admins of its owner organization) or the installation itself creates tokens acting as it`,
      )
    return { token: issueInstallationToken(state, integration, installation).id }
  },

  listIntegrationInstallationSpaces: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
    return paginate(
      `installation-spaces:${installation.id}`,
      seenSpaces(state, caller, integration, installation, self),
      (s) => [s.seq],
      input,
      (s) => presentSpaceInstallation(state, caller, integration, installation, s, input.extended ?? false),
    )
  },

  installIntegrationOnSpace: ({ state, caller, capabilities, input }) =>
    installOn(state, caller, capabilities, input, 'space', input.space, (integration, installation) =>
      presentSpaceInstallation(state, caller, integration, installation, state.tables.spaces.get(input.space)!, input.extended ?? false),
    ),

  getIntegrationSpaceInstallation: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
    loadCovered(state, caller, integration, installation, 'space', input.spaceId, self)
    const space = state.tables.spaces.get(input.spaceId)!
    return presentSpaceInstallation(state, caller, integration, installation, space, input.extended ?? false)
  },

  updateIntegrationSpaceInstallation: ({ state, caller, capabilities, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
    loadCovered(state, caller, integration, installation, 'space', input.spaceId, self)
    const { events } = setTarget(state, integration, installation, 'space', input.spaceId, {
      configuration: input.configuration,
      externalIds: input.externalIds,
    })
    const space = state.tables.spaces.get(input.spaceId)!
    return afterDeliveries(
      state,
      capabilities,
      events,
      presentSpaceInstallation(state, caller, integration, installation, space, input.extended ?? false),
    )
  },

  uninstallIntegrationFromSpace: ({ state, caller, capabilities, input }) =>
    uninstallFrom(state, caller, capabilities, input, 'space', input.spaceId),

  listIntegrationInstallationSites: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
    return paginate(
      `installation-sites:${installation.id}`,
      seenSites(state, caller, integration, installation, self),
      (s) => [s.seq],
      input,
      (s) => presentSiteInstallation(state, caller, integration, installation, s, input.extended ?? false),
    )
  },

  installIntegrationOnSite: ({ state, caller, capabilities, input }) =>
    installOn(state, caller, capabilities, input, 'site', input.siteId, (integration, installation) =>
      presentSiteInstallation(state, caller, integration, installation, state.tables.sites.get(input.siteId)!, input.extended ?? false),
    ),

  getIntegrationSiteInstallation: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
    loadCovered(state, caller, integration, installation, 'site', input.siteId, self)
    return presentSiteInstallation(state, caller, integration, installation, state.tables.sites.get(input.siteId)!, input.extended ?? false)
  },

  updateIntegrationSiteInstallation: ({ state, caller, capabilities, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
    loadCovered(state, caller, integration, installation, 'site', input.siteId, self)
    const { events } = setTarget(state, integration, installation, 'site', input.siteId, {
      configuration: input.configuration,
      externalIds: input.externalIds,
    })
    const site = state.tables.sites.get(input.siteId)!
    return afterDeliveries(
      state,
      capabilities,
      events,
      presentSiteInstallation(state, caller, integration, installation, site, input.extended ?? false),
    )
  },

  uninstallIntegrationFromSite: ({ state, caller, capabilities, input }) =>
    uninstallFrom(state, caller, capabilities, input, 'site', input.siteId),

  listOrganizationInstallations: ({ state, caller, input }) => {
    const org = loadAdministeredOrganization(state, caller, input.organizationId)
    const search = input.search?.toLowerCase()
    const items = state.indexes.installationsByOrg
      .get(org.id)
      .map((installation) => ({ installation, integration: state.tables.integrations.get(installation.integration)! }))
      .filter(({ integration }) => search === undefined || integration.name.toLowerCase().includes(search))
    return paginate(
      `organization-installations:${org.id}`,
      items,
      (i) => [i.installation.seq],
      input,
      ({ installation, integration }) => ({
        installation: presentInstallation(state, integration, installation),
        integration: presentIntegration(state, caller, integration),
      }),
    )
  },

  queueIntegrationTask: ({ state, caller, capabilities, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const acting = actingFor(state, caller, integration)
    // Tasks are the integration's own: its owner's admins, or one of its installations, queue them.
    if (!acting) loadIntegration(state, caller, input.integrationName, 'admin')
    const installation = acting ?? installationIn(state, integration, integration.organization)
    return afterDeliveries(state, capabilities, [recordTaskEvent(state, integration, installation, input.task)], undefined)
  },
}

type Capabilities = Parameters<typeof afterDeliveries>[1]
interface TargetInput {
  integrationName: string
  installationId: string
  extended?: boolean | undefined
}

/**
 * Installs on a space or site the caller sees: 201 with a `*_installation_setup` event when the
 * installation did not cover it, 200 and nothing changed when it did (one covering all of them
 * covers it already).
 */
function installOn<W>(
  state: State,
  caller: Caller,
  capabilities: Capabilities,
  input: TargetInput,
  kind: TargetKind,
  id: string,
  entry: EntryOf<W>,
) {
  const integration = loadIntegration(state, caller, input.integrationName)
  const { installation, manages, self } = loadInstallation(state, caller, integration, input.installationId)
  requireManager(manages, installation, `install an integration on its ${kind}s`)
  loadTarget(state, caller, installation, kind, id, self)
  if (covers(state, integration, installation, kind, id)) return new Reply(200, entry(integration, installation))
  const { events } = setTarget(state, integration, installation, kind, id, {})
  return afterDeliveries(state, capabilities, events, entry(integration, installation))
}

/** Uninstalls from a space or site: 205 with a `*_installation_deleted` event, 204 when it was not installed there. */
function uninstallFrom(state: State, caller: Caller, capabilities: Capabilities, input: TargetInput, kind: TargetKind, id: string) {
  const integration = loadIntegration(state, caller, input.integrationName)
  const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
  loadTarget(state, caller, installation, kind, id, self)
  const change = removeTarget(state, integration, installation, kind, id)
  if (!change) return new Reply(204, undefined)
  return afterDeliveries(state, capabilities, change.events, undefined)
}
