import type { PublishBody } from '../../../src/schemas/integration-input.ts'
import { badRequest, notFound } from '../../base/http-error.ts'
import { insert, type State } from '../state.ts'
import { checkSchema } from './configuration.ts'
import { revokeInstallationTokens } from './installation-tokens.ts'
import { revokeDevelopmentToken } from './development.ts'
import { checkImage } from './images.ts'
import { reconcileInstallations } from './installations.ts'
import type { IntegrationEventRecord, IntegrationRecord } from '../../tables/integrations.ts'

/** What a publish stores: the body without the organization (resolved by the caller's rights). */
export type Manifest = Omit<PublishBody, 'organization'>

function checkUniqueIds(items: ReadonlyArray<{ id: string }>, field: string): void {
  const seen = new Map<string, number>()
  items.forEach((item, i) => {
    const first = seen.get(item.id)
    if (first !== undefined) throw badRequest(`Invalid ${field}.${i}.id: "${item.id}" is already the ID of ${field}.${first}`)
    seen.set(item.id, i)
  })
}

/** Checks what the schema cannot: images are images, IDs are unique, configuration forms hold together. */
function checkManifest(manifest: Manifest): void {
  if (manifest.icon !== undefined) checkImage(manifest.icon, 'body.icon')
  manifest.previewImages?.forEach((image, i) => checkImage(image, `body.previewImages.${i}`))
  checkUniqueIds(manifest.blocks ?? [], 'body.blocks')
  checkUniqueIds(manifest.contentSources ?? [], 'body.contentSources')
  for (const level of ['account', 'space', 'site'] as const) {
    const form = manifest.configurations?.[level]
    if (form) checkSchema(form, `body.configurations.${level}`)
  }
}

/** A version's content: every field of the manifest, omitted ones at their defaults. */
function versionOf(manifest: Manifest) {
  return {
    runtime: manifest.runtime ?? ('v1' as const),
    title: manifest.title,
    description: manifest.description ?? '',
    summary: manifest.summary,
    icon: manifest.icon,
    previewImages: manifest.previewImages ?? [],
    target: manifest.target ?? ('all' as const),
    scopes: [...new Set(manifest.scopes ?? [])],
    categories: [...new Set(manifest.categories ?? [])],
    blocks: manifest.blocks ?? [],
    contentSources: manifest.contentSources ?? [],
    externalLinks: manifest.externalLinks ?? [],
    configurations: manifest.configurations ?? {},
    script: manifest.script ?? '',
    secrets: manifest.secrets ?? {},
    contentSecurityPolicy: manifest.contentSecurityPolicy,
  }
}

/** The result of a publish: the integration and the events its installations recorded. */
export interface Published {
  integration: IntegrationRecord
  events: IntegrationEventRecord[]
}

/**
 * Publishes an integration owned by `organization`, or a new version of `existing` (the caller
 * checked that the organization administers it). Each publish describes the whole version:
 * omitted fields take their defaults, except visibility, which stays what the owner chose
 * (private for a new integration). Installations whose status the new account form changes
 * record an event.
 */
export function publishIntegration(
  state: State,
  name: string,
  organization: string,
  manifest: Manifest,
  publisher: string,
  existing: IntegrationRecord | undefined,
): Published {
  checkManifest(manifest)
  if (!state.tables.organizations.get(organization)) throw notFound(`Organization ${organization} not found`)
  const now = state.clock.stamp()
  const version = versionOf(manifest)
  if (existing) {
    const integration = state.tables.integrations.update(existing, {
      ...version,
      visibility: manifest.visibility ?? existing.visibility,
      version: existing.version + 1,
      updatedAt: now,
      publishedBy: publisher,
    })
    return { integration, events: reconcileInstallations(state, integration) }
  }
  const integration = insert(state, state.tables.integrations, {
    ...version,
    name,
    organization,
    version: 1,
    visibility: manifest.visibility ?? 'private',
    verified: false,
    createdAt: now,
    updatedAt: now,
    publishedBy: publisher,
  })
  return { integration, events: [] }
}

/** Removes an integration with its installations (their tokens revoked) and events. */
export function unpublishIntegration(state: State, integration: IntegrationRecord): void {
  revokeDevelopmentToken(state, integration)
  for (const event of [...state.indexes.integrationEventsByIntegration.get(integration.id)]) state.tables.integrationEvents.delete(event)
  for (const installation of [...state.indexes.installationsByIntegration.get(integration.id)]) {
    revokeInstallationTokens(state, installation)
    state.tables.integrationInstallations.delete(installation)
  }
  state.tables.integrations.delete(integration)
}
