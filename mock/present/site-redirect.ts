import type { SiteRecord, SiteRedirectRecord } from '../tables/sites.ts'

export function presentRedirect(redirect: SiteRedirectRecord, site: SiteRecord) {
  return {
    object: 'site-redirect' as const,
    id: redirect.id,
    source: redirect.source,
    // Live when answered, as every change to a site's structure.
    draft: false,
    // A redirect matches its source path exactly (no wildcard), and answers as a temporary redirect.
    captureWildcard: false,
    permanent: false,
    destination: { kind: redirect.destination.kind, siteSectionId: redirect.destination.siteSectionId },
    // Saved before redirects kept their creation time: no redirect predates its site.
    createdAt: redirect.createdAt ?? site.createdAt,
  }
}
