import { badRequest, conflict, notFound } from '../../base/http-error.ts'
import { insert, type State } from '../state.ts'
import { findSection } from './structure.ts'
import { sourceKey, type SiteRecord, type SiteRedirectRecord, type SiteSectionRecord } from '../../tables/sites.ts'
import type { Patch } from '../../tables/table.ts'

export interface RedirectDestination {
  kind: 'site-section'
  siteSectionId: string
}

/** A redirect leads to a section of its own site. */
function requireDestination(state: State, site: SiteRecord, destination: RedirectDestination): SiteSectionRecord {
  const section = findSection(state, site, destination.siteSectionId)
  if (!section) throw badRequest(`Invalid body.destination.siteSectionId: no section ${destination.siteSectionId} in site ${site.id}`)
  return section
}

/** The redirect of a site whose source is `source` (`%xx` escapes compared case-insensitively). */
export function findRedirectBySource(state: State, site: SiteRecord, source: string): SiteRedirectRecord | undefined {
  return state.indexes.siteRedirectsBySource.get(sourceKey(site.id, source))[0]
}

/** One redirect per source in a site (`except` the redirect being changed). */
function requireSourceFree(state: State, site: SiteRecord, source: string, except?: string): string {
  const taken = findRedirectBySource(state, site, source)
  if (taken && taken.id !== except) throw conflict(`Site ${site.id} already redirects "${source}" (redirect ${taken.id})`)
  return source
}

export function createRedirect(
  state: State,
  site: SiteRecord,
  values: { source: string; destination: RedirectDestination },
): SiteRedirectRecord {
  requireDestination(state, site, values.destination)
  requireSourceFree(state, site, values.source)
  return insert(state, state.tables.siteRedirects, {
    site: site.id,
    source: values.source,
    destination: { kind: 'site-section', siteSectionId: values.destination.siteSectionId },
    createdAt: state.clock.stamp(),
  })
}

export function updateRedirect(
  state: State,
  site: SiteRecord,
  redirect: SiteRedirectRecord,
  changes: { source?: string | undefined; destination?: RedirectDestination | undefined },
): SiteRedirectRecord {
  const patch: Patch<SiteRedirectRecord> = {}
  if (changes.destination !== undefined) {
    requireDestination(state, site, changes.destination)
    patch.destination = { kind: 'site-section', siteSectionId: changes.destination.siteSectionId }
  }
  if (changes.source !== undefined) patch.source = requireSourceFree(state, site, changes.source, redirect.id)
  return state.tables.siteRedirects.update(redirect, patch)
}

export function deleteRedirect(state: State, redirect: SiteRedirectRecord): void {
  state.tables.siteRedirects.delete(redirect)
}

/** The redirect a visitor of `source` follows and the section it leads to; 404 when none. */
export function resolveRedirect(
  state: State,
  site: SiteRecord,
  source: string,
): { redirect: SiteRedirectRecord; section: SiteSectionRecord } {
  const redirect = findRedirectBySource(state, site, source)
  const section = redirect && state.tables.siteSections.get(redirect.destination.siteSectionId)
  if (!redirect || !section) throw notFound(`No redirect from "${source}" in site ${site.id}`)
  return { redirect, section }
}
