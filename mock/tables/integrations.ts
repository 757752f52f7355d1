import * as z from 'zod/mini'
import { BlockInput, ConfigurationInput, ContentSourceInput } from '../../src/schemas/integration-input.ts'
import { InstallationStatus } from '../../src/schemas/installation.ts'
import { IntegrationRuntime, IntegrationTarget, IntegrationVisibility } from '../../src/schemas/integration.ts'
import { Table, type Stored } from './table.ts'

const base = { id: z.string(), seq: z.number() }
const Values = z.record(z.string(), z.unknown())

/**
 * Where development mode sends events and renders, and the API token its dispatches carry (a
 * token of the admin who turned it on, removed when the mode goes off).
 */
export const DevelopmentMode = z.object({
  tunnelUrl: z.string(),
  all: z.boolean(),
  enabledAt: z.string(),
  enabledBy: z.string(),
  token: z.optional(z.string()),
})
export type DevelopmentMode = Stored<z.infer<typeof DevelopmentMode>>

/**
 * A published integration: its latest version as published (images as base64, secrets kept but
 * never presented), the organization that owns its name, and development mode when on.
 */
export const IntegrationRecord = z.object({
  ...base,
  name: z.string(),
  organization: z.string(),
  version: z.number(),
  runtime: IntegrationRuntime,
  title: z.string(),
  description: z.string(),
  summary: z.optional(z.string()),
  icon: z.optional(z.string()),
  previewImages: z.array(z.string()),
  visibility: IntegrationVisibility,
  target: IntegrationTarget,
  verified: z.boolean(),
  scopes: z.array(z.string()),
  categories: z.array(z.string()),
  blocks: z.array(BlockInput),
  contentSources: z.array(ContentSourceInput),
  externalLinks: z.array(z.object({ url: z.string(), label: z.string() })),
  configurations: z.object({
    account: z.optional(ConfigurationInput),
    space: z.optional(ConfigurationInput),
    site: z.optional(ConfigurationInput),
  }),
  script: z.string(),
  secrets: z.record(z.string(), z.string()),
  /** Signs every dispatch to the integration (`x-gitbook-integration-signature`); made when development mode is first turned on. */
  signingSecret: z.optional(z.string()),
  contentSecurityPolicy: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedBy: z.string(),
  dev: z.optional(DevelopmentMode),
})
export type IntegrationRecord = Stored<z.infer<typeof IntegrationRecord>>

/** Settings of an installation on one space or site (its own configuration and external IDs). */
export const TargetSetting = z.object({ id: z.string(), configuration: Values, externalIds: z.array(z.string()) })
export type TargetSetting = Stored<z.infer<typeof TargetSetting>>

/** Which spaces or sites of its organization an installation covers. */
export const Selection = z.enum(['all', 'selected'])
export type Selection = z.infer<typeof Selection>

/**
 * An integration installed in an organization. With selection `all` it covers every space (site)
 * of the organization and `spaces` (`sites`) only holds per-target settings; with `selected` it
 * covers exactly the listed ones.
 */
export const InstallationRecord = z.object({
  ...base,
  integration: z.string(),
  organization: z.string(),
  status: InstallationStatus,
  spaceSelection: Selection,
  siteSelection: Selection,
  spaces: z.array(TargetSetting),
  sites: z.array(TargetSetting),
  configuration: Values,
  externalIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
})
export type InstallationRecord = Stored<z.infer<typeof InstallationRecord>>

/**
 * What an event tells the integration (the JSON dispatched to it). A `task` event carries its
 * `task` and may belong to no installation; `*_deleted` events carry no status, and their
 * `previous` only the configuration.
 */
export const EventPayload = z.object({
  eventId: z.string(),
  type: z.string(),
  installationId: z.optional(z.string()),
  spaceId: z.optional(z.string()),
  siteId: z.optional(z.string()),
  status: z.optional(InstallationStatus),
  previous: z.optional(z.object({ status: z.optional(InstallationStatus), configuration: Values })),
  task: z.optional(Values),
})
export type EventPayload = Stored<z.infer<typeof EventPayload>>

export const EventStatus = z.enum(['pending', 'success', 'failed'])
export type EventStatus = z.infer<typeof EventStatus>

export const LogEntry = z.object({ message: z.string(), timestamp: z.string(), level: z.enum(['debug', 'info', 'warn', 'error']) })
export type LogEntry = Stored<z.infer<typeof LogEntry>>

/**
 * An event dispatched to an integration: to its runtime, or to the development tunnel
 * (`tunnelUrl`) while development mode is on. `logs` is the trace of the dispatch.
 */
export const IntegrationEventRecord = z.object({
  ...base,
  integration: z.string(),
  /** Absent for a task queued outside any installation. */
  installation: z.optional(z.string()),
  createdAt: z.string(),
  payload: EventPayload,
  status: EventStatus,
  tunnelUrl: z.optional(z.string()),
  logs: z.array(LogEntry),
})
export type IntegrationEventRecord = Stored<z.infer<typeof IntegrationEventRecord>>

/** Group key of an installation's uniqueness: one per integration and organization. */
export const installationKey = (integration: string, organization: string) => `${integration}:${organization}`

/** Tables of the integrations area. */
export function createIntegrationsTables() {
  const integrations = new Table<IntegrationRecord>(IntegrationRecord)
  const integrationInstallations = new Table<InstallationRecord>(InstallationRecord)
  const integrationEvents = new Table<IntegrationEventRecord>(IntegrationEventRecord)
  return {
    integrations,
    integrationInstallations,
    integrationEvents,
    /** At most one integration per name: lookups and the uniqueness check. */
    integrationsByName: integrations.index(
      (i) => i.name,
      (i) => [i.seq],
    ),
    /** Every integration by name: the catalog's order. */
    integrationsSorted: integrations.index(
      () => 'all',
      (i) => [i.name],
    ),
    installationsByIntegration: integrationInstallations.index(
      (i) => i.integration,
      (i) => [i.seq],
    ),
    installationsByOrg: integrationInstallations.index(
      (i) => i.organization,
      (i) => [i.seq],
    ),
    installationsByKey: integrationInstallations.index(
      (i) => installationKey(i.integration, i.organization),
      (i) => [i.seq],
    ),
    /** Events of an integration in creation order (listed newest first). */
    integrationEventsByIntegration: integrationEvents.index(
      (e) => e.integration,
      (e) => [e.seq],
    ),
  }
}
