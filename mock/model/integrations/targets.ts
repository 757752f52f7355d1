import { badRequest, notFound } from '../../base/http-error.ts'
import type { State } from '../state.ts'
import { checkConfiguration, sameValue } from './configuration.ts'
import { coveredSites, coveredSpaces, settingFor, settingsOf, targetAllows, type TargetKind } from './coverage.ts'
import { recordEvent } from './events.ts'
import type { InstallationChange } from './installations.ts'
import type { InstallationRecord, IntegrationRecord, TargetSetting } from '../../tables/integrations.ts'

/** What the control API may set on an installation's space or site. */
export interface TargetChanges {
  /** Replaces the configuration; checked against the integration's space (site) form. */
  configuration?: Record<string, unknown> | undefined
  externalIds?: string[] | undefined
}

/** 404 unless the space (live) or site belongs to the installation's organization. */
export function checkTarget(state: State, installation: InstallationRecord, kind: TargetKind, id: string): void {
  const target = kind === 'space' ? state.tables.spaces.get(id) : state.tables.sites.get(id)
  if (!target || target.organization !== installation.organization || ('deletedAt' in target && target.deletedAt)) {
    throw notFound(`No ${kind} ${id} in organization ${installation.organization}`)
  }
}

/**
 * Installs on one space or site (added to a `selected` installation's list) or changes its
 * settings there. A new target or a changed configuration records a `space_installation_setup`
 * (`site_installation_setup`) event.
 */
export function setTarget(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  kind: TargetKind,
  id: string,
  changes: TargetChanges,
): InstallationChange {
  if (!targetAllows(integration, kind))
    throw badRequest(`Integration "${integration.name}" targets ${integration.target}: it cannot be installed on a ${kind}`)
  checkTarget(state, installation, kind, id)
  const form = integration.configurations[kind]
  if (changes.configuration !== undefined) checkConfiguration(form, changes.configuration, 'configuration')
  const list = settingsOf(installation, kind)
  const existing = list.find((s) => s.id === id)
  const before = settingFor(integration, installation, kind, id)
  const next: TargetSetting = {
    id,
    configuration: changes.configuration ?? before.configuration,
    externalIds: changes.externalIds !== undefined ? [...new Set(changes.externalIds)] : before.externalIds,
  }
  const updated = existing ? list.map((s) => (s.id === id ? next : s)) : [...list, next]
  state.tables.integrationInstallations.update(installation, {
    [kind === 'space' ? 'spaces' : 'sites']: updated,
    updatedAt: state.clock.stamp(),
  })
  const added = !existing && installation[kind === 'space' ? 'spaceSelection' : 'siteSelection'] === 'selected'
  if (!added && sameValue(next.configuration, before.configuration)) return { installation, events: [] }
  const event = recordEvent(state, integration, installation, {
    type: `${kind}_installation_setup`,
    ...(kind === 'space' ? { spaceId: id } : { siteId: id }),
    status: installation.status,
    ...(added ? {} : { previous: { status: installation.status, configuration: before.configuration } }),
  })
  return { installation, events: [event] }
}

/** Forgets a space or site an installation listed (it left the organization or is gone). */
export function dropTarget(state: State, organization: string, kind: TargetKind, id: string): void {
  for (const installation of [...state.indexes.installationsByOrg.get(organization)]) {
    const list = settingsOf(installation, kind)
    if (!list.some((s) => s.id === id)) continue
    state.tables.integrationInstallations.update(installation, { [kind === 'space' ? 'spaces' : 'sites']: list.filter((s) => s.id !== id) })
  }
}

/** Whether the installation covers this space or site. */
export function covers(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  kind: TargetKind,
  id: string,
): boolean {
  const covered = kind === 'space' ? coveredSpaces(state, integration, installation) : coveredSites(state, integration, installation)
  return covered.some((target) => target.id === id)
}

/**
 * Uninstalls from one space or site it covers, recording `space_installation_deleted`
 * (`site_installation_deleted`) with the configuration it had there. An installation covering
 * all of its organization's spaces (sites) becomes `selected`, keeping every other one it
 * covered, so "uninstall from this space" does what it says. Undefined when it did not cover it.
 */
export function removeTarget(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  kind: TargetKind,
  id: string,
): InstallationChange | undefined {
  checkTarget(state, installation, kind, id)
  if (!covers(state, integration, installation, kind, id)) return undefined
  const before = settingFor(integration, installation, kind, id)
  const covered = kind === 'space' ? coveredSpaces(state, integration, installation) : coveredSites(state, integration, installation)
  const kept = covered.filter((t) => t.id !== id).map((t) => settingFor(integration, installation, kind, t.id))
  state.tables.integrationInstallations.update(installation, {
    ...(kind === 'space' ? { spaces: kept, spaceSelection: 'selected' as const } : { sites: kept, siteSelection: 'selected' as const }),
    updatedAt: state.clock.stamp(),
  })
  const event = recordEvent(state, integration, installation, {
    type: `${kind}_installation_deleted`,
    ...(kind === 'space' ? { spaceId: id } : { siteId: id }),
    previous: { configuration: before.configuration },
  })
  return { installation, events: [event] }
}
