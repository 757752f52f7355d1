import type { ShareLinkRecord, SiteRecord } from '../tables/sites.ts'
import { siteUrl } from '../model/sites/urls.ts'

/** A share link; its published URL is the site's, carrying the link's secret key. */
export function presentShareLink(site: SiteRecord, link: ShareLinkRecord) {
  return {
    object: 'share-link' as const,
    id: link.id,
    createdAt: link.createdAt,
    name: link.name,
    active: link.active,
    urls: { published: siteUrl(site, link) },
  }
}
