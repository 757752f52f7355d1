import * as z from 'zod/mini'
import { SiteVisibility } from '../../src/schemas/site.ts'
import { Table, type Stored } from './table.ts'

const base = { id: z.string(), seq: z.number() }

/**
 * A published site. It lives at `https://{hostname}/{basename}`; `admins` are the users who
 * administer this site without being admins of its organization.
 */
export const SiteRecord = z.object({
  ...base,
  organization: z.string(),
  title: z.string(),
  hostname: z.string(),
  basename: z.string(),
  visibility: SiteVisibility,
  admins: z.array(z.string()),
  /** The section the site opens on; absent while the site has no sections. */
  defaultSection: z.optional(z.string()),
  /** The root site space shown by default, for a site without sections. */
  defaultSiteSpace: z.optional(z.string()),
  createdAt: z.string(),
})
export type SiteRecord = Stored<z.infer<typeof SiteRecord>>

/**
 * Top-level sections and section groups share one order (`position` among the site's top-level
 * items); a grouped section's `position` orders it within its group.
 */
export const SiteSectionRecord = z.object({
  ...base,
  site: z.string(),
  group: z.optional(z.string()),
  position: z.number(),
  title: z.string(),
  path: z.string(),
  description: z.optional(z.string()),
  condition: z.optional(z.string()),
  icon: z.optional(z.string()),
  defaultSiteSpace: z.optional(z.string()),
})
export type SiteSectionRecord = Stored<z.infer<typeof SiteSectionRecord>>

export const SiteSectionGroupRecord = z.object({
  ...base,
  site: z.string(),
  position: z.number(),
  title: z.string(),
  icon: z.optional(z.string()),
})
export type SiteSectionGroupRecord = Stored<z.infer<typeof SiteSectionGroupRecord>>

/** A space published by a site: in a section, or at the root of a site without sections. */
export const SiteSpaceRecord = z.object({
  ...base,
  site: z.string(),
  section: z.optional(z.string()),
  space: z.string(),
  position: z.number(),
  path: z.string(),
  condition: z.optional(z.string()),
  hasAdvancedCustomizationFeature: z.boolean(),
})
export type SiteSpaceRecord = Stored<z.infer<typeof SiteSpaceRecord>>

export const SiteRedirectRecord = z.object({
  ...base,
  site: z.string(),
  source: z.string(),
  destination: z.object({ kind: z.literal('site-section'), siteSectionId: z.string() }),
  /**
   * When the redirect was created. Absent in state saved before redirects kept it: such a
   * redirect answers its site's `createdAt` (a redirect cannot predate its site).
   */
  createdAt: z.optional(z.string()),
})
export type SiteRedirectRecord = Stored<z.infer<typeof SiteRedirectRecord>>

/** A share link; `key` is the secret its URL carries. */
export const ShareLinkRecord = z.object({
  ...base,
  site: z.string(),
  name: z.string(),
  key: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
})
export type ShareLinkRecord = Stored<z.infer<typeof ShareLinkRecord>>

/** Group key of the top-level items of a site, and of root-level site spaces. */
export const rootOf = (site: string) => `root:${site}`

/**
 * Lookup key of a redirect source within a site. `%xx` and `%XX` encode the same octet, so
 * they are one source (a second redirect for it is a conflict, and either form resolves it).
 */
export const sourceKey = (site: string, source: string) => `${site} ${source.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase())}`

export function createSitesTables() {
  const sites = new Table<SiteRecord>(SiteRecord)
  const siteSections = new Table<SiteSectionRecord>(SiteSectionRecord)
  const siteSectionGroups = new Table<SiteSectionGroupRecord>(SiteSectionGroupRecord)
  const siteSpaces = new Table<SiteSpaceRecord>(SiteSpaceRecord)
  const siteRedirects = new Table<SiteRedirectRecord>(SiteRedirectRecord)
  const shareLinks = new Table<ShareLinkRecord>(ShareLinkRecord)
  return {
    sites,
    siteSections,
    siteSectionGroups,
    siteSpaces,
    siteRedirects,
    shareLinks,
    sitesByOrg: sites.index(
      (s) => s.organization,
      (s) => [s.seq],
    ),
    /** Sections under each parent (a group, or the site's top level) in their order. */
    siteSectionsByParent: siteSections.index(
      (s) => s.group ?? rootOf(s.site),
      (s) => [s.position, s.seq],
    ),
    siteSectionsBySite: siteSections.index(
      (s) => s.site,
      (s) => [s.seq],
    ),
    siteSectionGroupsBySite: siteSectionGroups.index(
      (g) => g.site,
      (g) => [g.position, g.seq],
    ),
    /** Site spaces under each parent (a section, or the root of a site) in their order. */
    siteSpacesByParent: siteSpaces.index(
      (s) => s.section ?? rootOf(s.site),
      (s) => [s.position, s.seq],
    ),
    siteSpacesBySite: siteSpaces.index(
      (s) => s.site,
      (s) => [s.seq],
    ),
    /** Where each space is published, oldest first: share-key access and published URLs. */
    siteSpacesBySpace: siteSpaces.index(
      (s) => s.space,
      (s) => [s.seq],
    ),
    siteRedirectsBySite: siteRedirects.index(
      (r) => r.site,
      (r) => [r.seq],
    ),
    siteRedirectsBySource: siteRedirects.index(
      (r) => sourceKey(r.site, r.source),
      (r) => [r.seq],
    ),
    siteRedirectsBySection: siteRedirects.index(
      (r) => r.destination.siteSectionId,
      (r) => [r.seq],
    ),
    shareLinksBySite: shareLinks.index(
      (l) => l.site,
      (l) => [l.seq],
    ),
    shareLinksByKey: shareLinks.index(
      (l) => l.key,
      (l) => [l.seq],
    ),
  }
}
