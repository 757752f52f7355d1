import { spaceRole, type Caller } from '../model/access.ts'
import { defaultSiteSpaceOf } from '../model/sites/site-spaces.ts'
import type { ShareLinkRecord, SiteRecord, SiteSpaceRecord } from '../tables/sites.ts'
import { siteSpaceUrl } from '../model/sites/urls.ts'
import type { State } from '../model/state.ts'
import { presentSpace } from './space.ts'

/**
 * A site space. The space itself is embedded only for callers who can see it (a site's readers
 * are not all readers of every space it publishes); its title is the site's to show.
 */
export function presentSiteSpace(state: State, caller: Caller, site: SiteRecord, siteSpace: SiteSpaceRecord, link?: ShareLinkRecord) {
  const space = state.tables.spaces.get(siteSpace.space)!
  const context = { shareKey: link?.key }
  const visible = spaceRole(state, caller.user.id, space, context) !== undefined
  return {
    object: 'site-space' as const,
    id: siteSpace.id,
    path: siteSpace.path,
    // Live when answered, as every change to a site's structure.
    draft: false,
    ...(siteSpace.section ? { section: siteSpace.section } : {}),
    ...(visible ? { space: presentSpace(state, caller, space, context) } : {}),
    title: space.title,
    default: defaultSiteSpaceOf(state, site, siteSpace.section) === siteSpace.id,
    condition: siteSpace.condition,
    hasAdvancedCustomizationFeature: siteSpace.hasAdvancedCustomizationFeature,
    urls: { published: siteSpaceUrl(state, site, siteSpace, link) },
  }
}
