import { forbidden, notFound } from '../../base/http-error.ts'
import type { Caller } from '../../model/access.ts'
import { sitePermissions } from '../../model/sites/sites.ts'
import { findGroup, findSection, findSiteSpace } from '../../model/sites/structure.ts'
import type {
  ShareLinkRecord,
  SiteRecord,
  SiteRedirectRecord,
  SiteSectionGroupRecord,
  SiteSectionRecord,
  SiteSpaceRecord,
} from '../../tables/sites.ts'
import type { State } from '../../model/state.ts'
import { loadOrganization } from '../load.ts'

/**
 * Loaders of the sites area: a site of an organization the caller belongs to (404 otherwise),
 * `admin` checked against the site's `permissions` object (403), and its children by ID (404).
 */
export function loadSite(state: State, caller: Caller, organizationId: string, siteId: string, need?: 'admin'): SiteRecord {
  const { org } = loadOrganization(state, caller, organizationId)
  const site = state.tables.sites.get(siteId)
  if (!site || site.organization !== org.id) throw notFound(`Site ${siteId} not found in organization ${org.id}`)
  if (need && !sitePermissions(state, caller.user.id, site)[need]) throw forbidden(`Missing permission "${need}" on site ${siteId}`)
  return site
}

export function loadSection(state: State, site: SiteRecord, id: string): SiteSectionRecord {
  const section = findSection(state, site, id)
  if (!section) throw notFound(`Section ${id} not found in site ${site.id}`)
  return section
}

export function loadSectionGroup(state: State, site: SiteRecord, id: string): SiteSectionGroupRecord {
  const group = findGroup(state, site, id)
  if (!group) throw notFound(`Section group ${id} not found in site ${site.id}`)
  return group
}

export function loadSiteSpace(state: State, site: SiteRecord, id: string): SiteSpaceRecord {
  const siteSpace = findSiteSpace(state, site, id)
  if (!siteSpace) throw notFound(`Site space ${id} not found in site ${site.id}`)
  return siteSpace
}

export function loadRedirect(state: State, site: SiteRecord, id: string): SiteRedirectRecord {
  const redirect = state.tables.siteRedirects.get(id)
  if (redirect?.site !== site.id) throw notFound(`Redirect ${id} not found in site ${site.id}`)
  return redirect
}

export function loadShareLink(state: State, site: SiteRecord, id: string): ShareLinkRecord {
  const link = state.tables.shareLinks.get(id)
  if (link?.site !== site.id) throw notFound(`Share link ${id} not found in site ${site.id}`)
  return link
}
