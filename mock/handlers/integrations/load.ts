import { forbidden, notFound } from '../../base/http-error.ts'
import { membership, spaceRole, type Caller } from '../../model/access.ts'
import { administers, canRender, canViewInstallation, canViewIntegration, integrationPermissions } from '../../model/integrations/access.ts'
import { actingInstallation } from '../../model/integrations/installation-tokens.ts'
import { integrationByName } from '../../model/integrations/catalog.ts'
import { coversSpace } from '../../model/integrations/coverage.ts'
import type { InstallationRecord, IntegrationRecord } from '../../tables/integrations.ts'
import type { OrganizationRecord } from '../../tables/orgs.ts'
import type { State } from '../../model/state.ts'

/**
 * Loaders of the integrations area: an integration the caller can see (404 otherwise), with one
 * permission of its `permissions` object checked (403), and the other checks its handlers share.
 */
export function loadIntegration(state: State, caller: Caller, name: string, need?: 'admin' | 'install'): IntegrationRecord {
  const integration = integrationByName(state, name)
  const visible = integration && (canViewIntegration(state, caller.user.id, integration) || actingFor(state, caller, integration))
  if (!integration || !visible) throw notFound(`Integration "${name}" not found`)
  if (need && !integrationPermissions(state, caller.user.id, integration)[need])
    throw forbidden(`Missing permission "${need}" on integration "${name}"`)
  return integration
}

/**
 * An organization named by ID or hostname (subdomain) that the caller administers: 404 when
 * unknown or the caller is not a member, 403 when a member without admin.
 */
export function loadAdministeredOrganization(state: State, caller: Caller, ref: string): OrganizationRecord {
  let org = state.tables.organizations.get(ref)
  if (!org) {
    const hostname = ref.toLowerCase()
    for (const o of state.tables.organizations.all()) if (o.hostname === hostname) org = o
  }
  const member = org && membership(state, org.id, caller.user.id)
  if (!org || !member) throw notFound(`Organization "${ref}" not found`)
  if (member.role !== 'admin') throw forbidden(`Missing permission "admin" on organization ${org.id}`)
  return org
}

/** The installation of this integration the caller's token acts as, if it is one. */
export function actingFor(state: State, caller: Caller, integration: IntegrationRecord): InstallationRecord | undefined {
  const installation = actingInstallation(state, caller.user.id)
  return installation?.integration === integration.id ? installation : undefined
}

/**
 * An installation of the integration and what the caller may do with it: 404 unless the caller
 * sees it (its own token, admins of the owner organization, admins of its organization).
 * `manages`: administers the installation's organization; `asIntegration`: acts for the
 * integration (its owner's admins, or the installation itself).
 */
export function loadInstallation(state: State, caller: Caller, integration: IntegrationRecord, installationId: string) {
  const installation = state.tables.integrationInstallations.get(installationId)
  const self = installation !== undefined && actingFor(state, caller, integration)?.id === installation.id
  if (
    !installation ||
    installation.integration !== integration.id ||
    !(self || canViewInstallation(state, caller.user.id, integration, installation))
  )
    throw notFound(`Installation ${installationId} of integration "${integration.name}" not found`)
  return {
    installation,
    self,
    manages: administers(state, caller.user.id, installation.organization),
    asIntegration: self || administers(state, caller.user.id, integration.organization),
  }
}

/** The installations of an integration the caller can see (an installation's token: its own), oldest first. */
export function visibleInstallations(
  state: State,
  caller: Caller,
  integration: IntegrationRecord,
  externalId?: string,
): InstallationRecord[] {
  return state.indexes.installationsByIntegration
    .get(integration.id)
    .filter(
      (i) =>
        (canViewInstallation(state, caller.user.id, integration, i) || actingFor(state, caller, integration)?.id === i.id) &&
        (externalId === undefined || i.externalIds.includes(externalId)),
    )
}

/**
 * Renders are for members of the owner organization and of organizations where it is installed
 * (403); a render in a space (`context.spaceId`) needs the space visible (404) and covered by an
 * installation (404).
 */
export function requireRender(state: State, caller: Caller, integration: IntegrationRecord, spaceId: string | undefined): void {
  if (!canRender(state, caller.user.id, integration)) {
    throw forbidden(
      `Integration "${integration.name}" renders only for members of its owner organization or of an organization where it is installed`,
    )
  }
  if (spaceId === undefined) return
  const space = state.tables.spaces.get(spaceId)
  if (!space || !spaceRole(state, caller.user.id, space)) throw notFound(`Space ${spaceId} not found`)
  const installed = state.indexes.installationsByIntegration.get(integration.id).some((i) => coversSpace(state, integration, i, space.id))
  if (!installed) throw notFound(`Integration "${integration.name}" is not installed on space ${spaceId}`)
}
