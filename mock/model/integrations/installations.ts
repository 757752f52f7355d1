import type { InstallationStatus } from '../../../src/schemas/installation.ts'
import { badRequest, conflict, forbidden } from '../../base/http-error.ts'
import { insert, type State } from '../state.ts'
import { installableIn } from './access.ts'
import { checkConfiguration, defaultsOf, missingRequired, sameValue, statusFor } from './configuration.ts'
import { recordEvent } from './events.ts'
import {
  installationKey,
  type InstallationRecord,
  type IntegrationEventRecord,
  type IntegrationRecord,
  type Selection,
} from '../../tables/integrations.ts'

/** An installation and the events its change recorded (to deliver once the request commits). */
export interface InstallationChange {
  installation: InstallationRecord
  events: IntegrationEventRecord[]
}

/** The installation of an integration in an organization, if any. */
export function installationIn(state: State, integration: IntegrationRecord, organization: string): InstallationRecord | undefined {
  return state.indexes.installationsByKey.get(installationKey(integration.id, organization))[0]
}

/**
 * Installs an integration in an organization, covering all its spaces and sites, configured with
 * the defaults of the account form (`pending` while a required property has none), and records
 * the `installation_setup` event.
 */
export function install(state: State, integration: IntegrationRecord, organization: string, userId: string): InstallationChange {
  if (!installableIn(integration, organization)) {
    throw forbidden(
      `Integration "${integration.name}" is private to its owner organization and cannot be installed in organization ${organization}`,
    )
  }
  if (installationIn(state, integration, organization))
    throw conflict(`Integration "${integration.name}" is already installed in organization ${organization}`)
  const configuration = defaultsOf(integration.configurations.account)
  const now = state.clock.stamp()
  const installation = insert(state, state.tables.integrationInstallations, {
    integration: integration.id,
    organization,
    status: statusFor('active', integration.configurations.account, configuration),
    spaceSelection: 'all',
    siteSelection: 'all',
    spaces: [],
    sites: [],
    configuration,
    externalIds: [],
    createdAt: now,
    updatedAt: now,
    createdBy: userId,
  })
  const event = recordEvent(state, integration, installation, { type: 'installation_setup', status: installation.status })
  return { installation, events: [event] }
}

/** What the control API may change on an installation (the API itself has no operation for it). */
export interface InstallationChanges {
  status?: InstallationStatus | undefined
  /** Replaces the whole account configuration; checked against the integration's account form. */
  configuration?: Record<string, unknown> | undefined
  externalIds?: string[] | undefined
  spaceSelection?: Selection | undefined
  siteSelection?: Selection | undefined
}

/**
 * Changes an installation. Without an explicit status, a paused one stays paused and the others
 * follow their configuration (`pending` while a required property is missing); `active` with a
 * required property missing is refused. A change of status or configuration records an
 * `installation_setup` event carrying what it was before.
 */
export function changeInstallation(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  changes: InstallationChanges,
): InstallationChange {
  const form = integration.configurations.account
  if (changes.configuration !== undefined) checkConfiguration(form, changes.configuration, 'configuration')
  const configuration = changes.configuration ?? installation.configuration
  const missing = missingRequired(form, configuration)
  if (changes.status === 'active' && missing.length > 0) {
    throw badRequest(`Invalid status: the installation cannot be active without configuration ${missing.join(', ')}`)
  }
  const status = changes.status ?? statusFor(installation.status, form, configuration)
  const previous = { status: installation.status, configuration: installation.configuration }
  const setupChanged = status !== previous.status || !sameValue(configuration, previous.configuration)
  state.tables.integrationInstallations.update(installation, {
    status,
    configuration,
    ...(changes.externalIds !== undefined ? { externalIds: [...new Set(changes.externalIds)] } : {}),
    ...(changes.spaceSelection !== undefined ? { spaceSelection: changes.spaceSelection } : {}),
    ...(changes.siteSelection !== undefined ? { siteSelection: changes.siteSelection } : {}),
    updatedAt: state.clock.stamp(),
  })
  if (!setupChanged) return { installation, events: [] }
  const event = recordEvent(state, integration, installation, { type: 'installation_setup', status, previous })
  return { installation, events: [event] }
}

/**
 * Brings every installation's status in line with a newly published account form: a new
 * required property without a default makes active installations `pending`, and dropping it
 * makes them active again. Each change records an `installation_setup` event.
 */
export function reconcileInstallations(state: State, integration: IntegrationRecord): IntegrationEventRecord[] {
  const events: IntegrationEventRecord[] = []
  for (const installation of [...state.indexes.installationsByIntegration.get(integration.id)]) {
    const status = statusFor(installation.status, integration.configurations.account, installation.configuration)
    if (status === installation.status) continue
    const previous = { status: installation.status, configuration: installation.configuration }
    state.tables.integrationInstallations.update(installation, { status, updatedAt: state.clock.stamp() })
    events.push(recordEvent(state, integration, installation, { type: 'installation_setup', status, previous }))
  }
  return events
}

/**
 * Removes an installation (its space and site installations are part of it) after recording the
 * `installation_deleted` event with its last configuration. Its tokens are revoked by the cascade
 * that calls this (mock/model/cascades.ts).
 */
export function deleteInstallationRecord(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord,
): IntegrationEventRecord {
  const event = recordEvent(state, integration, installation, {
    type: 'installation_deleted',
    previous: { configuration: installation.configuration },
  })
  state.tables.integrationInstallations.delete(installation)
  return event
}
