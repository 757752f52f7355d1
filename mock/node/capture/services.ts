import { InstallationStatus, type SiteInstallation, type SpaceInstallation } from '../../../src/schemas/installation.ts'
import { type Integration, IntegrationTarget, IntegrationVisibility } from '../../../src/schemas/integration.ts'
import { parseCertificate } from '../../model/services/certificate.ts'
import { ProcessingState } from '../../tables/services.ts'
import type { CaptureContext } from './context.ts'
import type { Copy, RecordValues } from './copy.ts'
import { oneOf, timeOr, UNKNOWN_TIME } from './fields.ts'

/** Translation settings, OpenAPI specifications and SAML providers of an organization. */
export async function captureServices(ctx: CaptureContext, copy: Copy, organizationId: string): Promise<void> {
  const params = { organizationId }
  const [translations, specs, providers] = await Promise.all([
    ctx.list(`organization ${organizationId}: translation settings`, () => ctx.client.orgs.translations.list(params).pages()),
    ctx.list(`organization ${organizationId}: OpenAPI specifications`, () => ctx.client.orgs.openapi.list(params).pages()),
    ctx.list(`organization ${organizationId}: SAML providers`, () => ctx.client.orgs.saml.list(params).pages()),
  ])
  for (const t of translations ?? []) {
    copy.add('translations', {
      id: t.id,
      organization: organizationId,
      title: t.title,
      languages: t.languages ?? [],
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    })
  }
  for (const s of specs ?? []) {
    const processingState = oneOf(ProcessingState.options, s.processingState, 'complete')
    const running = processingState === 'pending' || processingState === 'progress'
    const createdAt = timeOr(ctx, 'openapiSpecs.createdAt', s.createdAt, UNKNOWN_TIME)
    const updatedAt = timeOr(ctx, 'openapiSpecs.updatedAt', s.updatedAt, createdAt)
    copy.add('openapiSpecs', {
      id: s.id,
      organization: organizationId,
      slug: s.slug,
      sourceURL: s.sourceURL,
      createdAt,
      updatedAt,
      processingState,
      startedAt: updatedAt,
      // A run in flight ends in the copy as the last one did: its real outcome is not known yet.
      outcome: running
        ? s.lastProcessErrorCode !== undefined && s.lastVersion === undefined
          ? { kind: 'failed', errorCode: s.lastProcessErrorCode }
          : { kind: 'complete', version: s.lastVersion ?? `captured-${s.id}`, digest: `captured-${s.id}` }
        : undefined,
      lastVersion: s.lastVersion,
      lastDigest: s.lastVersion !== undefined ? `captured-${s.id}` : undefined,
      lastProcessedAt: s.lastProcessedAt,
      lastProcessErrorCode: s.lastProcessErrorCode,
    })
    if (running) ctx.placeholder('openapiSpecs.outcome', 'a run in progress while captured ends in the copy as the previous run did')
  }
  for (const p of providers ?? []) {
    let certificateExpiresAt: string | undefined
    try {
      certificateExpiresAt = parseCertificate(p.certificate ?? '').notAfter?.toISOString()
    } catch {
      certificateExpiresAt = undefined
    }
    copy.add('samlProviders', {
      id: p.id,
      organization: organizationId,
      label: p.label ?? '',
      entityID: p.entityID ?? '',
      certificate: p.certificate ?? '',
      certificateExpiresAt,
      ssoURL: p.ssoURL ?? '',
      defaultTeam: p.defaultTeam?.id,
      defaultRole: p.defaultRole ?? null,
      createdAt: timeOr(ctx, 'samlProviders.createdAt', p.createdAt, UNKNOWN_TIME),
    })
  }
}

function base64Of(url: string | undefined): string | undefined {
  if (url === undefined) return undefined
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(url)
  return match?.[1]
}

type IntegrationValues = RecordValues<'integrations'>
type ConfigurationValues = NonNullable<IntegrationValues['configurations']['account']>
type PropertyValues = ConfigurationValues['properties'][string]
type TargetValues = RecordValues<'integrationInstallations'>['spaces'][number]

/** An integration record from the catalog's entry; what the API never shows is marked (see `captureIntegrations`). */
function integrationValues(integration: Integration, self: string | undefined): IntegrationValues {
  const name = integration.name
  const configurations = integration.configurations
  return {
    id: `captured-integration:${name}`,
    name,
    organization: integration.owner?.id ?? '',
    version: integration.version,
    runtime: 'v1',
    title: integration.title ?? name,
    description: integration.description ?? '',
    summary: integration.summary,
    icon: base64Of(integration.urls?.icon),
    previewImages: (integration.previewImages ?? []).map(base64Of).filter((s) => s !== undefined),
    visibility: oneOf(IntegrationVisibility.options, integration.visibility, 'public'),
    target: oneOf(IntegrationTarget.options, integration.target, 'all'),
    verified: integration.verified ?? false,
    scopes: integration.scopes ?? [],
    categories: integration.categories ?? [],
    // A block or content source without a title shows its ID, as the catalog would have to.
    blocks: (integration.blocks ?? []).map((block) => ({
      id: block.id,
      title: block.title ?? block.id,
      description: block.description,
      icon: block.icon,
      urlUnfurl: block.urlUnfurl,
      markdown:
        block.markdown?.codeblock === undefined || block.markdown.body === undefined
          ? undefined
          : { codeblock: block.markdown.codeblock, body: block.markdown.body },
    })),
    contentSources: (integration.contentSources ?? []).map((source) => ({
      id: source.id,
      title: source.title ?? source.id,
      description: source.description,
      icon: source.icon,
      configuration: source.configuration?.componentId === undefined ? undefined : { componentId: source.configuration.componentId },
    })),
    externalLinks: (integration.externalLinks ?? []).flatMap((link) =>
      link.url === undefined ? [] : [{ url: link.url, label: link.label ?? link.url }],
    ),
    configurations: {
      account: configurationOf(configurations?.account),
      space: configurationOf(configurations?.space),
      site: configurationOf(configurations?.site),
    },
    script: '',
    secrets: {},
    contentSecurityPolicy: integration.contentSecurityPolicy,
    createdAt: UNKNOWN_TIME,
    updatedAt: UNKNOWN_TIME,
    publishedBy: self ?? '',
  }
}

/** A configuration schema as the table keeps it; a property of a type the table does not know is a string. */
function configurationOf(schema: NonNullable<Integration['configurations']>['account']): ConfigurationValues | undefined {
  if (schema === undefined) return undefined
  const properties: Record<string, PropertyValues> = {}
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    properties[key] = {
      type: oneOf<PropertyValues['type']>(['string', 'number', 'boolean', 'button'], property.type, 'string'),
      title: property.title,
      description: property.description,
      default: property.default,
      completion_url: property.completion_url,
      enum: property.enum,
    }
  }
  return { properties, required: schema.required }
}

/** The settings of installation `installationId` on each target (space or site) it has settings for. */
function targetSettings<E extends SpaceInstallation | SiteInstallation>(
  entries: readonly E[] | undefined,
  installationId: string,
  targetOf: (entry: E) => string | { id: string },
): TargetValues[] {
  return (entries ?? [])
    .filter((entry) => entry.installation === installationId)
    .map((entry) => {
      const target = targetOf(entry)
      return {
        id: typeof target === 'string' ? target : target.id,
        configuration: entry.configuration ?? {},
        externalIds: entry.externalIds ?? [],
      }
    })
}

/**
 * Integrations installed in, or owned by, the captured organizations, with those organizations'
 * installations and their per-space and per-site settings. Scripts and secrets never leave the
 * service: the copy holds an empty script and no secrets.
 */
export async function captureIntegrations(
  ctx: CaptureContext,
  copy: Copy,
  organizations: ReadonlySet<string>,
  self: string | undefined,
): Promise<void> {
  const catalog = (await ctx.list('integrations', () => ctx.client.integrations.list().pages())) ?? []
  await ctx.each(catalog, async (integration) => {
    const name = integration.name
    const installations = (
      (await ctx.list(`integration ${name}: installations`, () =>
        ctx.client.integrations.installations.list({ integrationName: name }).pages(),
      )) ?? []
    ).flatMap((installation) => {
      const organization = installation.target?.organization
      return organization !== undefined && organizations.has(organization) ? [{ installation, organization }] : []
    })
    const owner = integration.owner?.id
    if (installations.length === 0 && !(owner && organizations.has(owner))) return
    const [spaces, sites] = installations.length
      ? await Promise.all([
          ctx.list(`integration ${name}: space installations`, () =>
            ctx.client.integrations.listSpaceInstallations({ integrationName: name }).pages(),
          ),
          ctx.list(`integration ${name}: site installations`, () =>
            ctx.client.integrations.listSiteInstallations({ integrationName: name }).pages(),
          ),
        ])
      : [[], []]
    const { id } = copy.add('integrations', integrationValues(integration, self))
    ctx.placeholder('integrations.script', "empty: the API never shows an integration's script")
    ctx.placeholder('integrations.secrets', "none: the API never shows an integration's secrets")
    ctx.placeholder('integrations.id', '`captured-integration:<name>`: integrations are addressed by name, their internal ID is not shown')
    for (const { installation: inst, organization } of installations) {
      const spaceSelection = inst.space_selection === 'selected' ? 'selected' : 'all'
      const siteSelection = inst.site_selection === 'selected' ? 'selected' : 'all'
      // With selection `all`, only targets with settings of their own are kept (the rest are covered anyway).
      const keep = (selection: string) => (s: TargetValues) =>
        selection === 'selected' || Object.keys(s.configuration).length > 0 || s.externalIds.length > 0
      const createdAt = timeOr(ctx, 'integrationInstallations.createdAt', inst.createdAt, UNKNOWN_TIME)
      copy.add('integrationInstallations', {
        id: inst.id,
        integration: id,
        organization,
        status: oneOf(InstallationStatus.options, inst.status, 'active'),
        spaceSelection,
        siteSelection,
        spaces: targetSettings(spaces, inst.id, (entry) => entry.space).filter(keep(spaceSelection)),
        sites: targetSettings(sites, inst.id, (entry) => entry.site).filter(keep(siteSelection)),
        configuration: inst.configuration ?? {},
        externalIds: inst.externalIds ?? [],
        createdAt,
        updatedAt: inst.updatedAt ?? createdAt,
        createdBy: self ?? '',
      })
    }
  })
}
