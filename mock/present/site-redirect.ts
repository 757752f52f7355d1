import type { SiteRedirectRecord } from '../model/sites/tables.ts'

export function presentRedirect(redirect: SiteRedirectRecord) {
  return {
    object: 'site-redirect' as const,
    id: redirect.id,
    source: redirect.source,
    destination: { kind: redirect.destination.kind, siteSectionId: redirect.destination.siteSectionId },
  }
}
