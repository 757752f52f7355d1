import { PublishBody } from '../../../src/schemas/integration-input.ts'
import { IntegrationName } from '../../../src/schemas/integration.ts'
import type { State } from '../state.ts'
import { integrationByName } from './catalog.ts'
import { changeInstallation, install, installationIn, type InstallationChanges } from './installations.ts'
import { publishIntegration, type Manifest } from './publish.ts'
import type { InstallationRecord, IntegrationEventRecord, IntegrationRecord } from '../../tables/integrations.ts'
import { setTarget, type TargetChanges } from './targets.ts'

/**
 * The control API of the integrations area: the same rules as the API, without a caller's
 * permissions. Each builder writes (synchronously, inside its transaction) and returns the events
 * it recorded; the caller delivers them once the write is kept, outside the state lock
 * (mock/scenarios/builders.ts), as the API delivers them.
 */

/** What a builder made, and the events it recorded, to deliver once its transaction is kept. */
export interface Built<T> {
  value: T
  events: IntegrationEventRecord[]
}

/** An integration to publish: the body of a publish, with the owner's ID and the name. */
export type NewIntegration = Partial<Manifest> & {
  name: string
  /** ID of the owner organization. */
  organization: string
  /** Marks the integration as verified by the platform. */
  verified?: boolean | undefined
  /** User recorded as the publisher (default `control-api`). */
  publishedBy?: string | undefined
}

function fail(what: string, issue: { path: PropertyKey[]; message: string }): never {
  throw new Error(`Invalid ${what}.${issue.path.map(String).join('.')}: ${issue.message}`)
}

/** Publishes an integration (or a new version of it) through the model's rules; the title defaults to the name. */
export function buildIntegration(state: State, values: NewIntegration): Built<IntegrationRecord> {
  const { name, organization, verified, publishedBy, ...rest } = values
  if (!IntegrationName.safeParse(name).success) throw new Error(`Invalid integration name "${name}": must match ^[a-zA-Z0-9-_.]+$`)
  const parsed = PublishBody.safeParse({ ...rest, title: rest.title ?? name.slice(0, 40) })
  if (!parsed.success) fail('integration', parsed.error.issues[0]!)
  const { organization: _, ...manifest } = parsed.data
  const existing = integrationByName(state, name)
  if (existing && existing.organization !== organization)
    throw new Error(`Integration "${name}" belongs to organization ${existing.organization}`)
  const { integration, events } = publishIntegration(state, name, organization, manifest, publishedBy ?? 'control-api', existing)
  const value = verified === undefined ? integration : state.tables.integrations.update(integration, { verified })
  return { value, events }
}

function find(state: State, values: { integration: string; organization: string }) {
  const integration = integrationByName(state, values.integration)
  if (!integration) throw new Error(`No integration "${values.integration}"`)
  const installation = installationIn(state, integration, values.organization)
  return { integration, installation }
}

/** Which installation: the integration's name and the installing organization's ID. */
export interface InstallationRef {
  integration: string
  organization: string
}

/** Installs an integration (recording its `installation_setup` event), then applies `changes` (recording theirs). */
export function buildInstallation(
  state: State,
  values: InstallationRef & InstallationChanges & { createdBy?: string | undefined },
): Built<InstallationRecord> {
  const { integration } = find(state, values)
  if (!state.tables.organizations.get(values.organization)) throw new Error(`No organization ${values.organization}`)
  const installed = install(state, integration, values.organization, values.createdBy ?? 'control-api')
  const { integration: _, organization: __, createdBy: ___, ...changes } = values
  if (Object.values(changes).every((v) => v === undefined)) return { value: installed.installation, events: installed.events }
  const changed = changeInstallation(state, integration, installed.installation, changes)
  return { value: changed.installation, events: [...installed.events, ...changed.events] }
}

/** Changes an installation's status, configuration, external IDs or selections. */
export function updateInstallation(state: State, values: InstallationRef & InstallationChanges): Built<InstallationRecord> {
  const { integration, installation } = find(state, values)
  if (!installation) throw new Error(`Integration "${values.integration}" is not installed in organization ${values.organization}`)
  const changed = changeInstallation(state, integration, installation, values)
  return { value: changed.installation, events: changed.events }
}

/** Installs on one space or one site of the organization, or changes the settings there. */
export function buildInstallationTarget(
  state: State,
  values: InstallationRef & TargetChanges & ({ space: string; site?: undefined } | { site: string; space?: undefined }),
): Built<InstallationRecord> {
  const { integration, installation } = find(state, values)
  if (!installation) throw new Error(`Integration "${values.integration}" is not installed in organization ${values.organization}`)
  const [kind, id] = values.space !== undefined ? (['space', values.space] as const) : (['site', values.site!] as const)
  const set = setTarget(state, integration, installation, kind, id, values)
  return { value: set.installation, events: set.events }
}
