import type { Caller } from '../model/access.ts'
import { siteSpacesOf } from '../model/sites/structure.ts'
import type { ShareLinkRecord, SiteRecord, SiteSectionRecord } from '../tables/sites.ts'
import { sectionUrl } from '../model/sites/urls.ts'
import type { State } from '../model/state.ts'
import { presentSiteSpace } from './site-space.ts'

/** A section with its site spaces in order; `link` (a resolved share key) goes into the URLs. */
export function presentSection(state: State, caller: Caller, site: SiteRecord, section: SiteSectionRecord, link?: ShareLinkRecord) {
  return {
    object: 'site-section' as const,
    id: section.id,
    title: section.title,
    description: section.description,
    default: site.defaultSection === section.id,
    path: section.path,
    // Every change to a site's structure is live when answered: nothing stays a draft.
    draft: false,
    condition: section.condition,
    ...(section.group ? { sectionGroup: section.group } : {}),
    icon: section.icon,
    siteSpaces: siteSpacesOf(state, site.id, section.id).map((ss) => presentSiteSpace(state, caller, site, ss, link)),
    urls: { published: sectionUrl(site, section, link) },
  }
}
