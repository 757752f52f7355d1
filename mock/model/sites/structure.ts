import type { State } from '../state.ts'
import type { SortKey } from '../../tables/table.ts'
import type { Placed } from './order.ts'
import { rootOf, type SiteRecord, type SiteSectionGroupRecord, type SiteSectionRecord, type SiteSpaceRecord } from '../../tables/sites.ts'

/**
 * The shape of a site, read from the maintained indexes: top-level sections and groups in one
 * order, grouped sections inside their group. Lists walk it, so they show what a visitor sees.
 */

export type TopLevelItem = { kind: 'section'; record: SiteSectionRecord } | { kind: 'group'; record: SiteSectionGroupRecord }

/** The top-level items of a site (ungrouped sections and groups), in order. */
export function topLevel(state: State, siteId: string): TopLevelItem[] {
  const items: TopLevelItem[] = [
    ...state.indexes.siteSectionsByParent.get(rootOf(siteId)).map((record) => ({ kind: 'section' as const, record })),
    ...state.indexes.siteSectionGroupsBySite.get(siteId).map((record) => ({ kind: 'group' as const, record })),
  ]
  return items.sort((a, b) => a.record.position - b.record.position || a.record.seq - b.record.seq)
}

/** Gives the top-level items positions 1..n in the given order. */
export function renumberTopLevel(state: State, items: readonly TopLevelItem[]): void {
  items.forEach((item, i) => {
    if (item.kind === 'section') state.tables.siteSections.update(item.record, { position: i + 1 })
    else state.tables.siteSectionGroups.update(item.record, { position: i + 1 })
  })
}

/** `renumberTopLevel` as a `positionNear` callback, which hands back plain placed records. */
export function renumberAs(state: State, items: readonly TopLevelItem[]) {
  const byId = new Map(items.map((i) => [i.record.id, i]))
  return (ordered: readonly Placed[]) =>
    renumberTopLevel(
      state,
      ordered.map((p) => byId.get(p.id)!),
    )
}

/** A record with the sort key it has in a list walked in site structure order. */
export interface Keyed<R> {
  record: R
  key: SortKey
}

/** Every section of a site in structure order; a grouped section sorts inside its group's place. */
export function sectionsInOrder(state: State, siteId: string): Array<Keyed<SiteSectionRecord>> {
  const out: Array<Keyed<SiteSectionRecord>> = []
  for (const item of topLevel(state, siteId)) {
    const key = [item.record.position, item.record.seq]
    if (item.kind === 'section') out.push({ record: item.record, key })
    else for (const s of state.indexes.siteSectionsByParent.get(item.record.id)) out.push({ record: s, key: [...key, s.position, s.seq] })
  }
  return out
}

/** Every site space of a site in structure order (section by section, or the root's). */
export function siteSpacesInOrder(state: State, siteId: string): Array<Keyed<SiteSpaceRecord>> {
  const out: Array<Keyed<SiteSpaceRecord>> = []
  const sections = sectionsInOrder(state, siteId)
  const parents = sections.length ? sections : [{ record: undefined, key: [] as SortKey }]
  for (const parent of parents) {
    for (const ss of state.indexes.siteSpacesByParent.get(parent.record?.id ?? rootOf(siteId))) {
      out.push({ record: ss, key: [...parent.key, ss.position, ss.seq] })
    }
  }
  return out
}

/** The site spaces directly under a section, or (no section) at the root of a site without sections. */
export function siteSpacesOf(state: State, site: string, section: string | undefined): readonly SiteSpaceRecord[] {
  return state.indexes.siteSpacesByParent.get(section ?? rootOf(site))
}

/** The site spaces under the same parent as `siteSpace`, itself included. */
export function siblingsOf(state: State, siteSpace: SiteSpaceRecord): readonly SiteSpaceRecord[] {
  return siteSpacesOf(state, siteSpace.site, siteSpace.section)
}

export function findSection(state: State, site: SiteRecord, id: string): SiteSectionRecord | undefined {
  const section = state.tables.siteSections.get(id)
  return section?.site === site.id ? section : undefined
}

export function findGroup(state: State, site: SiteRecord, id: string): SiteSectionGroupRecord | undefined {
  const group = state.tables.siteSectionGroups.get(id)
  return group?.site === site.id ? group : undefined
}

export function findSiteSpace(state: State, site: SiteRecord, id: string): SiteSpaceRecord | undefined {
  const siteSpace = state.tables.siteSpaces.get(id)
  return siteSpace?.site === site.id ? siteSpace : undefined
}

/** The site a record of the sites area belongs to (always there: children go with their site). */
export function siteOf(state: State, record: { site: string }): SiteRecord {
  return state.tables.sites.get(record.site)!
}
