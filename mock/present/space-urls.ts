import type { SpaceAccessContext } from '../model/access.ts'
import { activeLinksWithKey } from '../model/sites/share-links.ts'
import { siteOf } from '../model/sites/structure.ts'
import { siteSpaceUrl } from '../model/sites/urls.ts'
import type { SpaceRecord } from '../tables/spaces.ts'
import type { State } from '../model/state.ts'

/**
 * A space's published URL, when a site publishes it. With a working key of a share-link site
 * that publishes the space, its URL there (key included); else its first site space's.
 */
export function publishedUrls(state: State, space: SpaceRecord, context: SpaceAccessContext): { published: string } | undefined {
  const published = state.indexes.siteSpacesBySpace.get(space.id)
  if (space.deletedAt || published.length === 0) return undefined
  for (const link of activeLinksWithKey(state, context.shareKey)) {
    const site = state.tables.sites.get(link.site)!
    const siteSpace = published.find((ss) => ss.site === link.site)
    if (siteSpace && site.visibility === 'share-link') return { published: siteSpaceUrl(state, site, siteSpace, link) }
  }
  const first = published[0]!
  return { published: siteSpaceUrl(state, siteOf(state, first), first) }
}
