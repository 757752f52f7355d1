import { type Site, SiteVisibility } from '../../../src/schemas/site.ts'
import type { CaptureContext } from './context.ts'
import type { Copy } from './copy.ts'
import { oneOf, timeOr } from './fields.ts'

/** Hostname and base path of a site from its published URL (`https://{hostname}/{basename}`). */
function location(site: Site): { hostname: string; basename: string } {
  try {
    const url = new URL(site.urls?.published ?? `https://${site.hostname}/`)
    return { hostname: site.hostname ?? url.hostname, basename: decodeURIComponent(url.pathname.replace(/^\/|\/$/g, '')) }
  } catch {
    return { hostname: site.hostname ?? '', basename: '' }
  }
}

/**
 * Sites of an organization with their structure: sections (top-level and grouped, in order),
 * section groups, site spaces, redirects and share links (admins only; the key comes from the
 * link's published URL).
 */
export async function captureSites(ctx: CaptureContext, copy: Copy, organizationId: string, createdAt: string): Promise<void> {
  const sites = (await ctx.list(`organization ${organizationId}: sites`, () => ctx.client.sites.list({ organizationId }).pages())) ?? []
  for (const site of sites) {
    const siteId = site.id
    const label = `site ${siteId}`
    const params = { organizationId, siteId }
    const [sections, groups, siteSpaces, redirects, links] = await Promise.all([
      ctx.list(`${label}: sections`, () => ctx.client.sites.sections.list(params).pages()),
      ctx.list(`${label}: section groups`, () => ctx.client.sites.sectionGroups.list(params).pages()),
      ctx.list(`${label}: site spaces`, () => ctx.client.sites.siteSpaces.list(params).pages()),
      ctx.list(`${label}: redirects`, () => ctx.client.sites.redirects.list(params).pages()),
      ctx.list(`${label}: share links`, () => ctx.client.sites.shareLinks.list(params).pages()),
    ])
    const where = location(site)
    // Sites and redirects show when they were made; a service that does not gets the organization's time.
    const siteCreatedAt = site.createdAt ?? createdAt
    const sectionList = sections ?? []
    const spaceList = siteSpaces ?? []
    copy.add('sites', {
      id: siteId,
      organization: organizationId,
      title: site.title ?? '',
      hostname: where.hostname,
      basename: where.basename,
      visibility: oneOf(SiteVisibility.options, site.visibility, 'public'),
      admins: [],
      defaultSection: sectionList.find((s) => s.default)?.id,
      defaultSiteSpace: spaceList.find((s) => !s.section && s.default)?.id,
      createdAt: siteCreatedAt,
    })
    ctx.placeholder(
      'sites.admins',
      'empty: the API shows whether the caller administers a site, not who does (organization admins still do)',
    )
    if (site.createdAt === undefined) ctx.placeholder('sites.createdAt', "the organization's creation time: the service showed no date")

    // Top-level sections and groups share one order; the section list walks it with grouped
    // sections where their group stands.
    let top = 0
    const groupPlaced = new Map<string, number>()
    const inGroup = new Map<string, number>()
    for (const group of groups ?? []) inGroup.set(group.id, 0)
    for (const section of sectionList) {
      let position: number
      if (section.sectionGroup) {
        if (!groupPlaced.has(section.sectionGroup)) groupPlaced.set(section.sectionGroup, ++top)
        position = (inGroup.get(section.sectionGroup) ?? 0) + 1
        inGroup.set(section.sectionGroup, position)
      } else position = ++top
      copy.add('siteSections', {
        id: section.id,
        site: siteId,
        group: section.sectionGroup,
        position,
        title: section.title,
        path: section.path,
        description: section.description,
        condition: section.condition,
        icon: section.icon,
        defaultSiteSpace: (section.siteSpaces ?? []).find((s) => s.default)?.id,
      })
    }
    for (const group of groups ?? []) {
      copy.add('siteSectionGroups', {
        id: group.id,
        site: siteId,
        position: groupPlaced.get(group.id) ?? ++top,
        title: group.title,
        icon: group.icon,
      })
    }
    const inParent = new Map<string, number>()
    for (const siteSpace of spaceList) {
      const spaceId = siteSpace.space?.id
      if (!spaceId || !copy.has('spaces', spaceId)) {
        ctx.skipped.push({
          what: `${label}: site space ${siteSpace.id}`,
          reason: 'it publishes a space the token cannot read (or that was not captured)',
        })
        continue
      }
      const parent = siteSpace.section ?? 'root'
      const position = (inParent.get(parent) ?? 0) + 1
      inParent.set(parent, position)
      copy.add('siteSpaces', {
        id: siteSpace.id,
        site: siteId,
        section: siteSpace.section,
        space: spaceId,
        position,
        path: siteSpace.path ?? '',
        condition: siteSpace.condition,
        hasAdvancedCustomizationFeature: siteSpace.hasAdvancedCustomizationFeature ?? false,
      })
    }
    for (const redirect of redirects ?? []) {
      const siteSectionId = redirect.destination.siteSectionId
      if (siteSectionId === undefined) {
        ctx.skipped.push({ what: `${label}: redirect ${redirect.id}`, reason: 'its destination names no site section' })
        continue
      }
      copy.add('siteRedirects', {
        id: redirect.id,
        site: siteId,
        source: redirect.source,
        destination: { kind: 'site-section', siteSectionId },
        createdAt: timeOr(ctx, 'siteRedirects.createdAt', redirect.createdAt, siteCreatedAt),
      })
    }
    for (const link of links ?? []) {
      let key: string | null = null
      try {
        key = new URL(link.urls?.published ?? '').searchParams.get('share')
      } catch {
        key = null
      }
      if (!key) {
        ctx.skipped.push({ what: `${label}: share link ${link.id}`, reason: 'its published URL carries no key' })
        continue
      }
      copy.add('shareLinks', {
        id: link.id,
        site: siteId,
        name: link.name,
        key,
        active: link.active,
        createdAt: timeOr(ctx, 'shareLinks.createdAt', link.createdAt, createdAt),
      })
    }
  }
}
