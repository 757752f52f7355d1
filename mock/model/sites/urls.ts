import type { State } from '../state.ts'
import { defaultSiteSpaceOf } from './site-spaces.ts'
import type { ShareLinkRecord, SiteRecord, SiteSectionRecord, SiteSpaceRecord } from '../../tables/sites.ts'

/**
 * Published URLs. A site lives at `https://{hostname}/{basename}` and opens on its default
 * section; every section lives at `{site}/{section path}`. Within a section (or the root of a
 * site without sections) the default site space is served at the section's own URL and the
 * others at `{section}/{site space path}`. Section paths are unique in the site and site space
 * paths in their section, so no URL names two things. A resolved share link adds its key.
 */

function base(site: SiteRecord): string {
  return `https://${site.hostname}${site.basename ? `/${encodeURIComponent(site.basename)}` : ''}`
}

/** Adds a share link's key to a published URL. */
export function withKey(url: string, link: ShareLinkRecord | undefined): string {
  return link ? `${url}?share=${encodeURIComponent(link.key)}` : url
}

/** The site's own URL: its default section and site space. */
export function siteUrl(site: SiteRecord, link?: ShareLinkRecord): string {
  return withKey(site.basename ? base(site) : `${base(site)}/`, link)
}

export function sectionUrl(site: SiteRecord, section: SiteSectionRecord, link?: ShareLinkRecord): string {
  return withKey(`${base(site)}/${encodeURIComponent(section.path)}`, link)
}

export function siteSpaceUrl(state: State, site: SiteRecord, siteSpace: SiteSpaceRecord, link?: ShareLinkRecord): string {
  const section = siteSpace.section ? state.tables.siteSections.get(siteSpace.section) : undefined
  const parent = section ? sectionUrl(site, section) : siteUrl(site)
  if (defaultSiteSpaceOf(state, site, siteSpace.section) === siteSpace.id) return withKey(parent, link)
  return withKey(`${parent.replace(/\/$/, '')}/${encodeURIComponent(siteSpace.path)}`, link)
}
