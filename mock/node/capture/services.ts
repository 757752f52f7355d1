import { parseCertificate } from '../../model/services/certificate.ts'
import type { CaptureContext, Wire } from './context.ts'
import type { Copy } from './copy.ts'

/** Translation settings, OpenAPI specifications and SAML providers of an organization. */
export async function captureServices(ctx: CaptureContext, copy: Copy, organizationId: string): Promise<void> {
  const params = { organizationId }
  const [translations, specs, providers] = await Promise.all([
    ctx.list(`organization ${organizationId}: translation settings`, () => ctx.client.orgs.translations.list(params).pages()),
    ctx.list(`organization ${organizationId}: OpenAPI specifications`, () => ctx.client.orgs.openapi.list(params).pages()),
    ctx.list(`organization ${organizationId}: SAML providers`, () => ctx.client.orgs.saml.list(params).pages()),
  ])
  for (const t of (translations ?? []) as Wire[]) {
    copy.add('translations', {
      id: t.id,
      organization: organizationId,
      title: t.title,
      languages: t.languages ?? [],
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    })
  }
  for (const s of (specs ?? []) as Wire[]) {
    const running = s.processingState === 'pending' || s.processingState === 'progress'
    copy.add('openapiSpecs', {
      id: s.id,
      organization: organizationId,
      slug: s.slug,
      sourceURL: s.sourceURL,
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
      processingState: ['pending', 'progress', 'complete', 'failed'].includes(s.processingState) ? s.processingState : 'complete',
      startedAt: s.updatedAt,
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
  for (const p of (providers ?? []) as Wire[]) {
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
      createdAt: p.createdAt,
    })
  }
}

function base64Of(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(url)
  return match?.[1]
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
  const catalog = ((await ctx.list('integrations', () => ctx.client.integrations.list().pages())) ?? []) as Wire[]
  await ctx.each(catalog, async (integration) => {
    const name = integration.name as string
    const installations = (
      ((await ctx.list(`integration ${name}: installations`, () =>
        ctx.client.integrations.installations.list({ integrationName: name }).pages(),
      )) ?? []) as Wire[]
    ).filter((i) => organizations.has(i.target?.organization))
    const owner = integration.owner?.id as string | undefined
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
    const id = `captured-integration:${name}`
    copy.add('integrations', {
      id,
      name,
      organization: owner ?? '',
      version: integration.version ?? 1,
      runtime: 'v1',
      title: integration.title ?? name,
      description: integration.description ?? '',
      summary: integration.summary,
      icon: base64Of(integration.urls?.icon),
      previewImages: ((integration.previewImages ?? []) as unknown[]).map(base64Of).filter((s): s is string => s !== undefined),
      visibility: integration.visibility ?? 'public',
      target: integration.target ?? 'all',
      verified: integration.verified ?? false,
      scopes: integration.scopes ?? [],
      categories: integration.categories ?? [],
      blocks: integration.blocks ?? [],
      contentSources: integration.contentSources ?? [],
      externalLinks: integration.externalLinks ?? [],
      configurations: integration.configurations ?? {},
      script: '',
      secrets: {},
      contentSecurityPolicy: integration.contentSecurityPolicy,
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
      publishedBy: self ?? '',
    })
    ctx.placeholder('integrations.script', "empty: the API never shows an integration's script")
    ctx.placeholder('integrations.secrets', "none: the API never shows an integration's secrets")
    ctx.placeholder('integrations.id', '`captured-integration:<name>`: integrations are addressed by name, their internal ID is not shown')
    for (const inst of installations) {
      const settings = (entries: Wire[] | undefined, key: 'space' | 'site') =>
        ((entries ?? []) as Wire[])
          .filter((e) => e.installation === inst.id)
          .map((e) => ({
            id: typeof e[key] === 'string' ? e[key] : e[key]?.id,
            configuration: e.configuration ?? {},
            externalIds: e.externalIds ?? [],
          }))
          .filter((e) => typeof e.id === 'string')
      const spaceSelection = inst.space_selection === 'selected' ? 'selected' : 'all'
      const siteSelection = inst.site_selection === 'selected' ? 'selected' : 'all'
      const keep = (selection: string) => (s: { configuration: object; externalIds: unknown[] }) =>
        selection === 'selected' || Object.keys(s.configuration).length > 0 || s.externalIds.length > 0
      copy.add('integrationInstallations', {
        id: inst.id,
        integration: id,
        organization: inst.target.organization,
        status: inst.status ?? 'active',
        spaceSelection,
        siteSelection,
        spaces: settings(spaces as Wire[], 'space').filter(keep(spaceSelection)),
        sites: settings(sites as Wire[], 'site').filter(keep(siteSelection)),
        configuration: inst.configuration ?? {},
        externalIds: inst.externalIds ?? [],
        createdAt: inst.createdAt,
        updatedAt: inst.updatedAt ?? inst.createdAt,
        createdBy: self ?? '',
      })
    }
  })
}
