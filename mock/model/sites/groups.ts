import { badRequest, conflict, notFound } from '../../base/http-error.ts'
import { insert, type State } from '../state.ts'
import { endPosition, positionNear, whichSide } from './order.ts'
import { findGroup, findSection, renumberAs, renumberTopLevel, topLevel, type TopLevelItem } from './structure.ts'
import type { SiteRecord, SiteSectionGroupRecord, SiteSectionRecord } from '../../tables/sites.ts'
import type { Patch } from '../../tables/table.ts'

export interface NewSectionGroup {
  title: string
  icon?: string | null | undefined
  /** Ungrouped sections of the site to put in the group, in this order. */
  sections?: readonly string[] | undefined
}

/** The sections a group may take in: sections of the site, each named once, in no group yet. */
function requireGroupable(state: State, site: SiteRecord, ids: readonly string[]): SiteSectionRecord[] {
  return ids.map((id, i) => {
    if (ids.indexOf(id) !== i) throw badRequest(`Invalid body.sections.${i}: section ${id} is listed twice`)
    const section = findSection(state, site, id)
    if (!section) throw badRequest(`Invalid body.sections.${i}: no section ${id} in site ${site.id}`)
    if (section.group) throw conflict(`Section ${id} is already in section group ${section.group}; a section is in at most one group`)
    return section
  })
}

/**
 * Adds a section group. Grouping sections puts the group where the topmost of them was (they
 * then follow the order given); an empty group goes to the end of the site.
 */
export function createSectionGroup(state: State, site: SiteRecord, values: NewSectionGroup): SiteSectionGroupRecord {
  const sections = requireGroupable(state, site, values.sections ?? [])
  const position = sections.length
    ? Math.min(...sections.map((s) => s.position))
    : endPosition(topLevel(state, site.id).map((i) => i.record))
  const group = insert(state, state.tables.siteSectionGroups, {
    site: site.id,
    position,
    title: values.title,
    ...(values.icon != null ? { icon: values.icon } : {}),
  })
  sections.forEach((section, i) => state.tables.siteSections.update(section, { group: group.id, position: i + 1 }))
  return group
}

/** Renames a group or changes its icon (null removes it). */
export function updateSectionGroup(
  state: State,
  group: SiteSectionGroupRecord,
  changes: { title?: string | undefined; icon?: string | null | undefined },
): SiteSectionGroupRecord {
  const patch: Patch<SiteSectionGroupRecord> = {}
  if (changes.title !== undefined) patch.title = changes.title
  if (changes.icon !== undefined) patch.icon = changes.icon ?? undefined
  return state.tables.siteSectionGroups.update(group, patch)
}

/** Takes sections out of their group and puts them at the site's top level, right where the group is. */
function ungroup(state: State, site: SiteRecord, group: SiteSectionGroupRecord, sections: readonly SiteSectionRecord[]): TopLevelItem[] {
  const items = topLevel(state, site.id).flatMap((item): TopLevelItem[] =>
    item.record.id === group.id ? [item, ...sections.map((record) => ({ kind: 'section' as const, record }))] : [item],
  )
  for (const section of sections) state.tables.siteSections.update(section, { group: undefined })
  return items
}

/** Deletes a group; its sections stay in the site, in the group's place and order. */
export function deleteSectionGroup(state: State, site: SiteRecord, group: SiteSectionGroupRecord): void {
  const items = ungroup(state, site, group, [...state.indexes.siteSectionsByParent.get(group.id)])
  state.tables.siteSectionGroups.delete(group)
  renumberTopLevel(
    state,
    items.filter((i) => i.record.id !== group.id),
  )
}

/** Adds an ungrouped section of the site at the end of the group. */
export function addSectionToGroup(
  state: State,
  site: SiteRecord,
  group: SiteSectionGroupRecord,
  sectionId: string,
): SiteSectionGroupRecord {
  const section = findSection(state, site, sectionId)
  if (!section) throw badRequest(`Invalid body.sectionId: no section ${sectionId} in site ${site.id}`)
  if (section.group === group.id) throw conflict(`Section ${sectionId} is already in section group ${group.id}`)
  if (section.group) throw conflict(`Section ${sectionId} is already in section group ${section.group}; a section is in at most one group`)
  state.tables.siteSections.update(section, { group: group.id, position: endPosition(state.indexes.siteSectionsByParent.get(group.id)) })
  return group
}

/** Takes a section out of a group: it stays in the site, right after the group. */
export function removeSectionFromGroup(state: State, site: SiteRecord, group: SiteSectionGroupRecord, sectionId: string): void {
  const section = findSection(state, site, sectionId)
  if (section?.group !== group.id) throw notFound(`Section ${sectionId} is not in section group ${group.id}`)
  renumberTopLevel(state, ungroup(state, site, group, [section]))
}

export type GroupSibling = { type: 'site-section' | 'site-section-group'; id: string }

/** Moves a group next to another top-level item of the site (an ungrouped section or a group). */
export function moveSectionGroup(
  state: State,
  site: SiteRecord,
  group: SiteSectionGroupRecord,
  position: { before?: GroupSibling | undefined; after?: GroupSibling | undefined },
): SiteSectionGroupRecord {
  const { field, ref } = whichSide(position)
  const kind = ref.type === 'site-section' ? 'section' : 'group'
  const items = topLevel(state, site.id)
  const sibling = items.find((i) => i.kind === kind && i.record.id === ref.id)?.record
  const named = kind === 'section' ? findSection(state, site, ref.id) : findGroup(state, site, ref.id)
  const label = `${ref.type} ${ref.id}${named && !sibling ? ' (it is inside a group)' : ''}`
  const at = positionNear(
    items.map((i) => i.record),
    group.id,
    { field, sibling, label },
    renumberAs(state, items),
  )
  return state.tables.siteSectionGroups.update(group, { position: at })
}
