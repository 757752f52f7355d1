import type { SiteRedirectRecord } from '../tables/sites.ts'

export function presentRedirect(redirect: SiteRedirectRecord) {
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
  }
}
