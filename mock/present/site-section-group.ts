import type { Caller } from '../model/access.ts'
import type { SiteRecord, SiteSectionGroupRecord } from '../tables/sites.ts'
import type { State } from '../model/state.ts'
import { presentSection } from './site-section.ts'

/** A section group with its sections in order. */
export function presentSectionGroup(state: State, caller: Caller, site: SiteRecord, group: SiteSectionGroupRecord) {
  const sections = state.indexes.siteSectionsByParent.get(group.id).map((s) => presentSection(state, caller, site, s))
  return {
    object: 'site-section-group' as const,
    id: group.id,
    title: group.title,
    // Live when answered, as every change to a site's structure.
    draft: false,
    icon: group.icon,
    sections,
    // Groups hold sections only (no nested groups nor external links), so its children are its sections.
    children: sections,
  }
}
