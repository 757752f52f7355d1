import type { State } from '../state.ts'
import { createSectionGroup, type NewSectionGroup } from './groups.ts'
import { createRedirect } from './redirects.ts'
import { createSection, type NewSection } from './sections.ts'
import { createShareLink } from './share-links.ts'
import { addSiteSpace, type NewSiteSpace } from './site-spaces.ts'
import type { SiteRecord } from '../../tables/sites.ts'

/**
 * What the control API's site builders call: the model's rules, by IDs, without a caller
 * (so without the caller's permissions). A rule broken here throws the same error the API
 * would answer with.
 */

function siteById(state: State, id: string): SiteRecord {
  const site = state.tables.sites.get(id)
  if (!site) throw new Error(`No site ${id}`)
  return site
}

export const buildSection = (state: State, values: NewSection & { site: string }) =>
  createSection(state, siteById(state, values.site), values)

export const buildSectionGroup = (state: State, values: NewSectionGroup & { site: string }) =>
  createSectionGroup(state, siteById(state, values.site), values)

export const buildSiteSpace = (state: State, values: NewSiteSpace & { site: string }) =>
  addSiteSpace(state, siteById(state, values.site), values)

/** A redirect from `source` to the section `section` of the site. */
export const buildRedirect = (state: State, values: { site: string; source: string; section: string }) =>
  createRedirect(state, siteById(state, values.site), {
    source: values.source,
    destination: { kind: 'site-section', siteSectionId: values.section },
  })

export const buildShareLink = (state: State, values: { site: string; name: string; active?: boolean | undefined }) =>
  createShareLink(state, siteById(state, values.site), values)
