import type { Area } from '../hooks.ts'
import { removeSiteAdmin, unpublishSpace } from './cascades.ts'
import { demoSites } from '../../scenarios/demo/sites.ts'
import { activeLinksWithKey } from './share-links.ts'
import { siteOf } from './structure.ts'
import { siteSpaceUrl } from './urls.ts'

/**
 * What the sites area plugs into the shared model: share links open the `share-link` spaces
 * their site publishes, published spaces get their site URL, and spaces or members that go
 * away leave the sites consistent.
 */
export const sitesArea: Area = {
  name: 'sites',

  spaceAccess(state, space, context) {
    if (space.visibility !== 'share-link') return undefined
    const published = state.db.siteSpacesBySpace.get(space.id)
    return activeLinksWithKey(state, context.shareKey).some((link) => published.some((ss) => ss.site === link.site)) ? 'read' : undefined
  },

  spaceUrls(state, space, context) {
    const published = state.db.siteSpacesBySpace.get(space.id)
    if (space.deletedAt || published.length === 0) return undefined
    // With a working key of a share-link site that publishes the space, its URL there (key included).
    for (const link of activeLinksWithKey(state, context.shareKey)) {
      const site = state.db.sites.get(link.site)!
      const siteSpace = published.find((ss) => ss.site === link.site)
      if (siteSpace && site.visibility === 'share-link') return { published: siteSpaceUrl(state, site, siteSpace, link) }
    }
    const first = published[0]!
    return { published: siteSpaceUrl(state, siteOf(state, first), first) }
  },

  spacePurged: (state, space) => unpublishSpace(state, space.id),
  spaceTransferred: (state, space) => unpublishSpace(state, space.id),
  memberRemoved: removeSiteAdmin,
  demo: demoSites,
}
