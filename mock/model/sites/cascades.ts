import type { MemberRecord } from '../../tables/orgs.ts'
import type { State } from '../state.ts'
import { deleteSection } from './sections.ts'
import { removeSiteSpace } from './site-spaces.ts'
import { siblingsOf, siteOf } from './structure.ts'

/**
 * A space left for good (purged, or transferred to another organization, whose content a site
 * cannot publish): its site spaces go, defaults move to the next site space, and a section left
 * without site spaces goes too (with its redirects), as deleting it through the API would.
 */
export function unpublishSpace(state: State, spaceId: string): void {
  for (const siteSpace of [...state.indexes.siteSpacesBySpace.get(spaceId)]) {
    const site = siteOf(state, siteSpace)
    const section = siteSpace.section ? state.tables.siteSections.get(siteSpace.section) : undefined
    if (section && siblingsOf(state, siteSpace).length === 1) deleteSection(state, site, section)
    else removeSiteSpace(state, site, siteSpace)
  }
}

/** A member who leaves an organization no longer administers its sites. */
export function removeSiteAdmin(state: State, member: MemberRecord): void {
  for (const site of [...state.indexes.sitesByOrg.get(member.organization)]) {
    if (site.admins.includes(member.user)) state.tables.sites.update(site, { admins: site.admins.filter((u) => u !== member.user) })
  }
}
