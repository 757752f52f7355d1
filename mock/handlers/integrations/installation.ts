import type * as contract from '../../../src/contract/integrations/installation.ts'
import { forbidden, notFound } from '../../base/http-error.ts'
import { paginate, type PageInput } from '../../base/paginate.ts'
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

  listIntegrationInstallationSpaces: (ctx) => spaces.list(ctx),
  installIntegrationOnSpace: (ctx) => spaces.install(ctx, ctx.input.space),
  getIntegrationSpaceInstallation: (ctx) => spaces.get(ctx, ctx.input.spaceId),
  updateIntegrationSpaceInstallation: (ctx) => spaces.update(ctx, ctx.input.spaceId),
  uninstallIntegrationFromSpace: (ctx) => spaces.uninstall(ctx, ctx.input.spaceId),

  listIntegrationInstallationSites: (ctx) => sites.list(ctx),
  installIntegrationOnSite: (ctx) => sites.install(ctx, ctx.input.siteId),
  getIntegrationSiteInstallation: (ctx) => sites.get(ctx, ctx.input.siteId),
  updateIntegrationSiteInstallation: (ctx) => sites.update(ctx, ctx.input.siteId),
  uninstallIntegrationFromSite: (ctx) => sites.uninstall(ctx, ctx.input.siteId),

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

/** What every operation on an installation's spaces or sites is given. */
interface TargetContext {
  state: State
  caller: Caller
  capabilities: Capabilities
  input: { integrationName: string; installationId: string; extended?: boolean | undefined }
}

/** What differs between an installation's spaces and its sites: how they are found and presented. */
interface Target<R extends { id: string; seq: number }, W> {
  kind: TargetKind
  get(state: State, id: string): R | undefined
  covered(state: State, integration: IntegrationRecord, installation: InstallationRecord): R[]
  present(state: State, caller: Caller, integration: IntegrationRecord, installation: InstallationRecord, target: R, extended: boolean): W
}

/**
 * The operations on an installation's spaces or sites (list, install, get, update, uninstall), one
 * rule for both kinds: they differ only in the records they read and the entries they present.
 */
function targetOperations<R extends { id: string; seq: number }, W>(target: Target<R, W>) {
  const { kind } = target
  /** The installation on one target, presented. */
  const entry = (ctx: TargetContext, integration: IntegrationRecord, installation: InstallationRecord, id: string) =>
    target.present(ctx.state, ctx.caller, integration, installation, target.get(ctx.state, id)!, ctx.input.extended ?? false)
  /** The integration and its installation, for a target it covers that the caller sees (404 otherwise). */
  const loadEntry = ({ state, caller, input }: TargetContext, id: string) => {
    const integration = loadIntegration(state, caller, input.integrationName)
    const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
    loadCovered(state, caller, integration, installation, kind, id, self)
    return { integration, installation }
  }
  return {
    /** The covered targets the caller sees. */
    list(ctx: TargetContext & { input: PageInput }) {
      const { state, caller, input } = ctx
      const integration = loadIntegration(state, caller, input.integrationName)
      const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
      return paginate(
        `installation-${kind}s:${installation.id}`,
        target.covered(state, integration, installation).filter((t) => seesTarget(state, caller, kind, t.id, self)),
        (t) => [t.seq],
        input,
        (t) => target.present(state, caller, integration, installation, t, input.extended ?? false),
      )
    },

    /**
     * Installs on a target the caller sees: 201 with a `*_installation_setup` event when the
     * installation did not cover it, 200 and nothing changed when it did (one covering all of them
     * covers it already).
     */
    install(ctx: TargetContext, id: string) {
      const { state, caller, capabilities, input } = ctx
      const integration = loadIntegration(state, caller, input.integrationName)
      const { installation, manages, self } = loadInstallation(state, caller, integration, input.installationId)
      requireManager(manages, installation, `install an integration on its ${kind}s`)
      loadTarget(state, caller, installation, kind, id, self)
      if (covers(state, integration, installation, kind, id)) return new Reply(200, entry(ctx, integration, installation, id))
      const { events } = setTarget(state, integration, installation, kind, id, {})
      return afterDeliveries(state, capabilities, events, entry(ctx, integration, installation, id))
    },

    get(ctx: TargetContext, id: string) {
      const { integration, installation } = loadEntry(ctx, id)
      return entry(ctx, integration, installation, id)
    },

    /** Changes the installation's configuration or external IDs on one target. */
    update(
      ctx: TargetContext & { input: { configuration?: Record<string, unknown> | undefined; externalIds?: string[] | undefined } },
      id: string,
    ) {
      const { state, capabilities, input } = ctx
      const { integration, installation } = loadEntry(ctx, id)
      const { events } = setTarget(state, integration, installation, kind, id, {
        configuration: input.configuration,
        externalIds: input.externalIds,
      })
      return afterDeliveries(state, capabilities, events, entry(ctx, integration, installation, id))
    },

    /** Uninstalls from a target: 205 with a `*_installation_deleted` event, 204 when it was not installed there. */
    uninstall(ctx: TargetContext, id: string) {
      const { state, caller, capabilities, input } = ctx
      const integration = loadIntegration(state, caller, input.integrationName)
      const { installation, self } = loadInstallation(state, caller, integration, input.installationId)
      loadTarget(state, caller, installation, kind, id, self)
      const change = removeTarget(state, integration, installation, kind, id)
      if (!change) return new Reply(204, undefined)
      return afterDeliveries(state, capabilities, change.events, undefined)
    },
  }
}

const spaces = targetOperations({
  kind: 'space',
  get: (state, id) => state.tables.spaces.get(id),
  covered: coveredSpaces,
  present: presentSpaceInstallation,
})

const sites = targetOperations({
  kind: 'site',
  get: (state, id) => state.tables.sites.get(id),
  covered: coveredSites,
  present: presentSiteInstallation,
})
