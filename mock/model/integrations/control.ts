import { badRequest, notFound } from '../../base/http-error.ts'
import type { State } from '../state.ts'
import { integrationByName } from './catalog.ts'
import { checkConfiguration } from './configuration.ts'
import { coveredSites, coveredSpaces, targetAllows, type TargetKind } from './coverage.ts'
import { recordEvent } from './events.ts'
import { changeInstallation, type InstallationChanges } from './installations.ts'
import type { InstallationRecord, IntegrationEventRecord, IntegrationRecord } from '../../tables/integrations.ts'
import { checkTarget, setTarget, type TargetChanges } from './targets.ts'

/**
 * The control plane's rules for integrations: what the API has no operation for, by
 * installation ID, as `platform.integrations` and `/_docplat/installations/...` expose them. Each
 * throws an `HttpError` (a clear 4xx) before its first write, and returns the events it recorded
 * for the caller to deliver.
 */

/** Settings on one space or site of an installation. */
export interface TargetUpdate extends TargetChanges {
  /** The space's or site's ID. */
  id: string
}

/** A change of an installation: its own fields, and settings on spaces and sites (each added to a `selected` installation). */
export interface InstallationUpdate extends InstallationChanges {
  spaces?: readonly TargetUpdate[] | undefined
  sites?: readonly TargetUpdate[] | undefined
}

/** The event types the mock records for an installation, which the control plane can emit. */
export type InstallationEventType = 'installation_setup' | 'space_installation_setup' | 'site_installation_setup'
export const INSTALLATION_EVENT_TYPES: readonly InstallationEventType[] = [
  'installation_setup',
  'space_installation_setup',
  'site_installation_setup',
]

/** An event to emit: `spaceId` (`siteId`) names the space (site) of a space (site) event, one the installation covers. */
export interface EmittedEvent {
  type: InstallationEventType
  spaceId?: string | undefined
  siteId?: string | undefined
}

/** What a rule did: the installation as it is now, and the events to deliver. */
export interface ControlResult {
  integration: IntegrationRecord
  installation: InstallationRecord
  events: IntegrationEventRecord[]
}

/** The installation with this ID and its integration (404 otherwise). */
export function findInstallation(
  state: State,
  installationId: string,
): { integration: IntegrationRecord; installation: InstallationRecord } {
  const installation = state.tables.integrationInstallations.get(installationId)
  const integration = installation && state.tables.integrations.get(installation.integration)
  if (!installation || !integration) throw notFound(`Installation ${installationId} not found`)
  return { integration, installation }
}

function checkTargets(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  kind: TargetKind,
  targets: readonly TargetUpdate[],
) {
  const field = kind === 'space' ? 'spaces' : 'sites'
  if (targets.length > 0 && !targetAllows(integration, kind))
    throw badRequest(
      `Invalid ${field}: integration "${integration.name}" targets ${integration.target}, so it cannot be installed on a ${kind}`,
    )
  const seen = new Set<string>()
  targets.forEach((target, i) => {
    if (seen.has(target.id)) throw badRequest(`Invalid ${field}.${i}.id: ${target.id} is listed twice`)
    seen.add(target.id)
    checkTarget(state, installation, kind, target.id)
    if (target.configuration !== undefined)
      checkConfiguration(integration.configurations[kind], target.configuration, `${field}.${i}.configuration`)
  })
}

/**
 * Changes an installation: status, account configuration, external IDs, selections, then the
 * settings of each listed space and site. Everything is checked before the first write, so a
 * refused change changes nothing. Events as the builders record them: `installation_setup` when
 * the status or configuration changes, `space_installation_setup` (`site_...`) for each target
 * added to a `selected` installation or whose configuration changes.
 */
export async function updateInstallationById(state: State, installationId: string, update: InstallationUpdate): Promise<ControlResult> {
  const { integration, installation } = findInstallation(state, installationId)
  const { spaces = [], sites = [], ...changes } = update
  if (changes.configuration !== undefined) checkConfiguration(integration.configurations.account, changes.configuration, 'configuration')
  checkTargets(state, integration, installation, 'space', spaces)
  checkTargets(state, integration, installation, 'site', sites)
  const events: IntegrationEventRecord[] = []
  let current = installation
  if (Object.values(changes).some((v) => v !== undefined)) {
    const changed = await changeInstallation(state, integration, current, changes)
    events.push(...changed.events)
    current = state.tables.integrationInstallations.get(installationId)!
  }
  for (const [kind, targets] of [
    ['space', spaces],
    ['site', sites],
  ] as const) {
    for (const { id, ...settings } of targets) {
      const set = await setTarget(state, integration, current, kind, id, settings)
      events.push(...set.events)
      current = state.tables.integrationInstallations.get(installationId)!
    }
  }
  return { integration, installation: current, events }
}

/**
 * Records an event of a known type for an installation, with its current status and no
 * `previous` (nothing changed): what a test needs to make the integration's handler run again.
 * A space (site) event names a space (site) the installation covers.
 */
export async function emitInstallationEvent(state: State, installationId: string, event: EmittedEvent): Promise<ControlResult> {
  const { integration, installation } = findInstallation(state, installationId)
  if (!(INSTALLATION_EVENT_TYPES as readonly string[]).includes(event.type))
    throw badRequest(`Invalid type: must be one of: ${INSTALLATION_EVENT_TYPES.map((t) => JSON.stringify(t)).join(', ')}`)
  const kind = event.type === 'space_installation_setup' ? 'space' : event.type === 'site_installation_setup' ? 'site' : undefined
  const field = kind === 'space' ? 'spaceId' : kind === 'site' ? 'siteId' : undefined
  for (const key of ['spaceId', 'siteId'] as const) {
    if (key !== field && event[key] !== undefined)
      throw badRequest(`Invalid ${key}: an event of type ${event.type} names no ${key.slice(0, -2)}`)
  }
  if (kind !== undefined && field !== undefined) {
    const id = event[field]
    if (id === undefined) throw badRequest(`Invalid ${field}: is required for an event of type ${event.type}`)
    const covered = kind === 'space' ? coveredSpaces(state, integration, installation) : coveredSites(state, integration, installation)
    if (!covered.some((target) => target.id === id)) throw notFound(`The installation ${installationId} does not cover ${kind} ${id}`)
  }
  const recorded = await recordEvent(state, integration, installation, {
    type: event.type,
    ...(kind === 'space' ? { spaceId: event.spaceId } : kind === 'site' ? { siteId: event.siteId } : {}),
    status: installation.status,
  })
  return { integration, installation, events: [recorded] }
}

/** An integration's development mode as the control plane shows it. */
export type DevelopmentState =
  | { integration: string; enabled: false }
  | { integration: string; enabled: true; tunnelUrl: string; all: boolean; enabledAt: string; enabledBy: string }

/** Whether development mode is on for an integration, and to which tunnel (404 for an unknown name). */
export function developmentState(state: State, name: string): DevelopmentState {
  const integration = integrationByName(state, name)
  if (!integration) throw notFound(`Integration "${name}" not found`)
  const dev = integration.dev
  if (!dev) return { integration: integration.name, enabled: false }
  return {
    integration: integration.name,
    enabled: true,
    tunnelUrl: dev.tunnelUrl,
    all: dev.all,
    enabledAt: dev.enabledAt,
    enabledBy: dev.enabledBy,
  }
}
