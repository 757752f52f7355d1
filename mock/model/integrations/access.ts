import { membership, organizationPermissions } from '../access.ts'
import type { State } from '../state.ts'
import { installationKey, type InstallationRecord, type IntegrationRecord } from '../../tables/integrations.ts'

/**
 * Who may do what with an integration, in one place: the loaders enforce these rules and the
 * presenter's `permissions` object reports them, so the two cannot disagree.
 */

/** Whether the user administers the organization. */
export function administers(state: State, userId: string, organization: string): boolean {
  return membership(state, organization, userId)?.role === 'admin'
}

/** Organizations the user administers. */
export function administeredOrganizations(state: State, userId: string): string[] {
  return state.indexes.membersByUser
    .get(userId)
    .filter((m) => m.role === 'admin' && !m.disabled)
    .map((m) => m.organization)
}

/**
 * Whether the user sees the owner organization's own integrations (private and unlisted ones in
 * lists): its `listIntegrations` permission, so guests, who see only what is shared with them, do not.
 */
export function listsOwnerIntegrations(state: State, userId: string, integration: IntegrationRecord): boolean {
  return organizationPermissions(membership(state, integration.organization, userId)).listIntegrations
}

/** Private integrations are seen by members of their owner organization only. */
export function canViewIntegration(state: State, userId: string, integration: IntegrationRecord): boolean {
  return integration.visibility !== 'private' || listsOwnerIntegrations(state, userId, integration)
}

/** Private integrations install in their owner organization only. */
export function installableIn(integration: IntegrationRecord, organization: string): boolean {
  return integration.visibility !== 'private' || organization === integration.organization
}

/**
 * The caller's permissions on an integration: `admin` (publish, unpublish, events, development
 * mode) for admins of the owner organization; `install` when the caller administers an
 * organization the integration may be installed in (whether it already is there is a conflict,
 * not a permission).
 */
export function integrationPermissions(state: State, userId: string, integration: IntegrationRecord) {
  return {
    admin: administers(state, userId, integration.organization),
    install: administeredOrganizations(state, userId).some((org) => installableIn(integration, org)),
  }
}

/** Installations are seen by admins of the owner organization and of the installing one. */
export function canViewInstallation(
  state: State,
  userId: string,
  integration: IntegrationRecord,
  installation: InstallationRecord,
): boolean {
  return administers(state, userId, integration.organization) || administers(state, userId, installation.organization)
}

/**
 * Rendering is for members of the owner organization (authors preview their components) and of
 * organizations where the integration is installed.
 */
export function canRender(state: State, userId: string, integration: IntegrationRecord): boolean {
  if (membership(state, integration.organization, userId)) return true
  return state.indexes.membersByUser
    .get(userId)
    .some((m) => !m.disabled && state.indexes.installationsByKey.get(installationKey(integration.id, m.organization)).length > 0)
}
