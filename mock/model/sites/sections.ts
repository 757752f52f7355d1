import { badRequest, conflict } from '../../base/http-error.ts'
import { insert, type State } from '../state.ts'
import { endPosition, positionNear, whichSide, type Placed } from './order.ts'
import { slugify, uniquePath } from './paths.ts'
import { derivedPath, requirePublishableSpace, storeSiteSpace } from './site-spaces.ts'
import { findGroup, findSection, renumberAs, sectionsInOrder, siteSpacesOf, topLevel } from './structure.ts'
import type { SiteRecord, SiteSectionRecord } from '../../tables/sites.ts'
import type { Patch } from '../../tables/table.ts'

export interface NewSection {
  /** The space published as the section's first (default) site space. */
  space: string
  /** Default: the space's title. */
  title?: string | null | undefined
  icon?: string | null | undefined
  /** Default: a slug of the title no other section of the site uses. */
  path?: string | undefined
  description?: string | undefined
  condition?: string | undefined
}

/** Paths are unique among a site's sections (`except` the section being changed). */
function requirePathFree(state: State, site: SiteRecord, path: string, except?: string): string {
  const taken = state.indexes.siteSectionsBySite.get(site.id).find((s) => s.path === path && s.id !== except)
  if (taken) throw conflict(`Path "${path}" is already used by section ${taken.id} of site ${site.id}`)
  return path
}

/**
 * Adds a section at the end of the site, publishing `space` as its first and default site space.
 * The site's first section becomes its default. A site's content is either at its root or in
 * sections, so the first section also takes in the site spaces that were at the root.
 */
export function createSection(state: State, site: SiteRecord, values: NewSection, viewer?: string): SiteSectionRecord {
  const space = requirePublishableSpace(state, site, values.space, 'body.spaceId', viewer)
  const title = values.title ?? (space.title.length >= 2 ? space.title : 'Untitled section')
  const paths = new Set(state.indexes.siteSectionsBySite.get(site.id).map((s) => s.path))
  const path = values.path !== undefined ? requirePathFree(state, site, values.path) : uniquePath(slugify(title, 'section'), paths)

  const section = insert(state, state.tables.siteSections, {
    site: site.id,
    position: endPosition(topLevel(state, site.id).map((i) => i.record)),
    title,
    path,
    ...(values.icon != null ? { icon: values.icon } : {}),
    ...(values.description !== undefined ? { description: values.description } : {}),
    ...(values.condition !== undefined ? { condition: values.condition } : {}),
  })
  const rootSpaces = [...siteSpacesOf(state, site.id, undefined)]
  for (const ss of rootSpaces) state.tables.siteSpaces.update(ss, { section: section.id })
  const firstPosition = (rootSpaces[0]?.position ?? 1) - 1
  // A space already at the root is not published twice: its site space leads the section.
  const existing = rootSpaces.find((ss) => ss.space === space.id)
  const first = existing
    ? state.tables.siteSpaces.update(existing, { position: firstPosition })
    : storeSiteSpace(state, site, section, { space: space.id, path: derivedPath(space, rootSpaces), position: firstPosition })
  state.tables.siteSections.update(section, { defaultSiteSpace: first.id })
  state.tables.sites.update(site, { defaultSection: site.defaultSection ?? section.id, defaultSiteSpace: undefined })
  return section
}

export interface SectionChanges {
  title?: string | undefined
  path?: string | undefined
  defaultSiteSpace?: string | undefined
  default?: true | undefined
  /** null removes it; omitted leaves it unchanged (so do `icon` and `description`). */
  condition?: string | null | undefined
  icon?: string | null | undefined
  description?: string | null | undefined
}

export function updateSection(state: State, site: SiteRecord, section: SiteSectionRecord, changes: SectionChanges): SiteSectionRecord {
  const patch: Patch<SiteSectionRecord> = {}
  if (changes.path !== undefined) patch.path = requirePathFree(state, site, changes.path, section.id)
  if (changes.defaultSiteSpace !== undefined) {
    const siteSpace = state.tables.siteSpaces.get(changes.defaultSiteSpace)
    if (siteSpace?.section !== section.id) {
      throw badRequest(`Invalid body.defaultSiteSpace: ${changes.defaultSiteSpace} is not a site space of section ${section.id}`)
    }
    patch.defaultSiteSpace = siteSpace.id
  }
  if (changes.title !== undefined) patch.title = changes.title
  for (const key of ['condition', 'icon', 'description'] as const) {
    if (changes[key] !== undefined) patch[key] = changes[key] ?? undefined
  }
  if (changes.default) state.tables.sites.update(site, { defaultSection: section.id })
  return state.tables.siteSections.update(section, patch)
}

/**
 * Deletes a section with its site spaces and the redirects leading to it; it leaves its group.
 * When it was the site's default, the first remaining section takes over.
 */
export function deleteSection(state: State, site: SiteRecord, section: SiteSectionRecord): void {
  for (const ss of [...siteSpacesOf(state, site.id, section.id)]) state.tables.siteSpaces.delete(ss)
  for (const redirect of [...state.indexes.siteRedirectsBySection.get(section.id)]) state.tables.siteRedirects.delete(redirect)
  state.tables.siteSections.delete(section)
  if (site.defaultSection === section.id) {
    state.tables.sites.update(site, { defaultSection: sectionsInOrder(state, site.id)[0]?.record.id })
  }
}

export type SectionSibling = { type: 'site-section'; siteSection: string } | { type: 'site-section-group'; siteSectionGroup: string }

/**
 * Moves a section next to a sibling under the same parent: within its group, or among the
 * site's top-level items (ungrouped sections and groups).
 */
export function moveSection(
  state: State,
  site: SiteRecord,
  section: SiteSectionRecord,
  position: { before?: SectionSibling | undefined; after?: SectionSibling | undefined },
): SiteSectionRecord {
  const { field, ref } = whichSide(position)
  const label = ref.type === 'site-section' ? `site section ${ref.siteSection}` : `site section group ${ref.siteSectionGroup}`
  const namedSection = ref.type === 'site-section' ? findSection(state, site, ref.siteSection) : undefined
  const named = ref.type === 'site-section' ? namedSection : findGroup(state, site, ref.siteSectionGroup)
  let at: number
  if (section.group) {
    const sibling = namedSection?.group === section.group ? namedSection : undefined
    const renumber = (ordered: readonly Placed[]) =>
      ordered.forEach((s, i) => state.tables.siteSections.update(state.tables.siteSections.get(s.id)!, { position: i + 1 }))
    at = positionNear([...state.indexes.siteSectionsByParent.get(section.group)], section.id, { field, sibling, label }, renumber)
  } else {
    const items = topLevel(state, site.id)
    const sibling = items.find((i) => i.record.id === named?.id)?.record
    at = positionNear(
      items.map((i) => i.record),
      section.id,
      { field, sibling, label },
      renumberAs(state, items),
    )
  }
  return state.tables.siteSections.update(section, { position: at })
}
