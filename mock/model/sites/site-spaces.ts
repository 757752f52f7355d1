import { badRequest, conflict } from '../../base/http-error.ts'
import { spaceRole } from '../access.ts'
import type { SpaceRecord } from '../../tables/spaces.ts'
import { insert, type State } from '../state.ts'
import { endPosition, positionNear, whichSide, type Placed } from './order.ts'
import { slugify, uniquePath } from './paths.ts'
import { findSection, siblingsOf, siteSpacesOf } from './structure.ts'
import { rootOf, type SiteRecord, type SiteSectionRecord, type SiteSpaceRecord } from '../../tables/sites.ts'
import type { Patch } from '../../tables/table.ts'

/**
 * A space a site may publish: one of the site's organization, not deleted, and (when a caller
 * adds it) one the caller can see, since publishing shows its content. 400 naming `field`.
 */
export function requirePublishableSpace(state: State, site: SiteRecord, spaceId: string, field: string, viewer?: string): SpaceRecord {
  const space = state.tables.spaces.get(spaceId)
  const visible =
    space && space.organization === site.organization && (viewer === undefined || spaceRole(state, viewer, space) !== undefined)
  if (!space || !visible) throw badRequest(`Invalid ${field}: no space ${spaceId} in the organization of site ${site.id}`)
  if (space.deletedAt) throw badRequest(`Invalid ${field}: space ${spaceId} is deleted`)
  return space
}

/** A space is published at most once under a parent (a section, or a site's root). */
function requireSpaceFree(siblings: readonly SiteSpaceRecord[], space: string): void {
  const taken = siblings.find((s) => s.space === space)
  if (taken) throw conflict(`Space ${space} is already published here as site space ${taken.id}`)
}

/** Site space paths are unique under their parent. */
function requirePathFree(siblings: readonly SiteSpaceRecord[], path: string): string {
  const taken = siblings.find((s) => s.path === path)
  if (taken) throw conflict(`Path "${path}" is already used by site space ${taken.id}`)
  return path
}

/** The path a new site space of `space` gets: a slug of the space title no sibling uses. */
export function derivedPath(space: SpaceRecord, siblings: readonly SiteSpaceRecord[]): string {
  return uniquePath(slugify(space.title, 'space'), new Set(siblings.map((s) => s.path)))
}

/** The default site space under a parent: a section's, or the root's of a site without sections. */
export function defaultSiteSpaceOf(state: State, site: SiteRecord, section: string | undefined): string | undefined {
  return section ? state.tables.siteSections.get(section)?.defaultSiteSpace : site.defaultSiteSpace
}

function setDefault(state: State, site: SiteRecord, section: string | undefined, siteSpace: string | undefined): void {
  if (section) state.tables.siteSections.update(state.tables.siteSections.get(section)!, { defaultSiteSpace: siteSpace })
  else state.tables.sites.update(site, { defaultSiteSpace: siteSpace })
}

/** Stores a site space (already validated); the first one under a parent becomes its default. */
export function storeSiteSpace(
  state: State,
  site: SiteRecord,
  section: SiteSectionRecord | undefined,
  values: {
    space: string
    path: string
    position: number
    condition?: string | undefined
    hasAdvancedCustomizationFeature?: boolean | undefined
  },
): SiteSpaceRecord {
  const siteSpace = insert(state, state.tables.siteSpaces, {
    site: site.id,
    ...(section ? { section: section.id } : {}),
    space: values.space,
    position: values.position,
    path: values.path,
    ...(values.condition !== undefined ? { condition: values.condition } : {}),
    hasAdvancedCustomizationFeature: values.hasAdvancedCustomizationFeature ?? false,
  })
  if (!defaultSiteSpaceOf(state, site, section?.id)) setDefault(state, site, section?.id, siteSpace.id)
  return siteSpace
}

export interface NewSiteSpace {
  space: string
  /** The section; default: the site's default section, or its root when it has no sections. */
  section?: string | undefined
  path?: string | undefined
  condition?: string | undefined
  hasAdvancedCustomizationFeature?: boolean | undefined
}

/** Publishes a space at the end of a section (or of the root of a site without sections). */
export function addSiteSpace(state: State, site: SiteRecord, values: NewSiteSpace, viewer?: string): SiteSpaceRecord {
  let section: SiteSectionRecord | undefined
  if (values.section !== undefined) {
    section = findSection(state, site, values.section)
    if (!section) throw badRequest(`Invalid body.sectionId: no section ${values.section} in site ${site.id}`)
  } else if (site.defaultSection) {
    section = state.tables.siteSections.get(site.defaultSection)
  }
  const space = requirePublishableSpace(state, site, values.space, 'body.spaceId', viewer)
  const siblings = siteSpacesOf(state, site.id, section?.id)
  requireSpaceFree(siblings, space.id)
  const path = values.path !== undefined ? requirePathFree(siblings, values.path) : derivedPath(space, siblings)
  return storeSiteSpace(state, site, section, { ...values, space: space.id, path, position: endPosition(siblings) })
}

export interface SiteSpaceChanges {
  path?: string | undefined
  /** null removes the condition. */
  condition?: string | null | undefined
  space?: string | undefined
}

export function updateSiteSpace(
  state: State,
  site: SiteRecord,
  siteSpace: SiteSpaceRecord,
  changes: SiteSpaceChanges,
  viewer?: string,
): SiteSpaceRecord {
  const siblings = siblingsOf(state, siteSpace).filter((s) => s.id !== siteSpace.id)
  const patch: Patch<SiteSpaceRecord> = {}
  if (changes.space !== undefined && changes.space !== siteSpace.space) {
    patch.space = requirePublishableSpace(state, site, changes.space, 'body.spaceId', viewer).id
    requireSpaceFree(siblings, changes.space)
  }
  if (changes.path !== undefined) patch.path = requirePathFree(siblings, changes.path)
  if (changes.condition !== undefined) patch.condition = changes.condition ?? undefined
  return state.tables.siteSpaces.update(siteSpace, patch)
}

/**
 * Removes a site space from its site. A section keeps at least one site space (delete the
 * section instead): its URL would otherwise lead nowhere.
 */
export function deleteSiteSpace(state: State, site: SiteRecord, siteSpace: SiteSpaceRecord): void {
  if (siteSpace.section && siblingsOf(state, siteSpace).length === 1) {
    throw conflict(`Site space ${siteSpace.id} is the last of section ${siteSpace.section}; delete the section instead`)
  }
  removeSiteSpace(state, site, siteSpace)
}

/** Deletes a site space; when it was the default, the first remaining sibling takes over. */
export function removeSiteSpace(state: State, site: SiteRecord, siteSpace: SiteSpaceRecord): void {
  const wasDefault = defaultSiteSpaceOf(state, site, siteSpace.section) === siteSpace.id
  state.tables.siteSpaces.delete(siteSpace)
  if (wasDefault) setDefault(state, site, siteSpace.section, siblingsOf(state, siteSpace)[0]?.id)
}

/** Moves a site space before or after a sibling of the same section (or root). */
export function moveSiteSpace(
  state: State,
  siteSpace: SiteSpaceRecord,
  position: { before?: { siteSpace: string } | undefined; after?: { siteSpace: string } | undefined },
): SiteSpaceRecord {
  const { field, ref } = whichSide(position)
  const parentOf = (s: SiteSpaceRecord) => s.section ?? rootOf(s.site)
  const sibling = state.tables.siteSpaces.get(ref.siteSpace)
  const placement = {
    field,
    sibling: sibling && parentOf(sibling) === parentOf(siteSpace) ? sibling : undefined,
    label: `site space ${ref.siteSpace}`,
  }
  const renumber = (ordered: readonly Placed[]) =>
    ordered.forEach((s, i) => state.tables.siteSpaces.update(state.tables.siteSpaces.get(s.id)!, { position: i + 1 }))
  const at = positionNear([...siblingsOf(state, siteSpace)], siteSpace.id, placement, renumber)
  return state.tables.siteSpaces.update(siteSpace, { position: at })
}
