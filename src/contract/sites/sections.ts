import * as z from 'zod/mini'
import { Condition, IconName, List } from '../../schemas/shared.ts'
import { SectionDescription, SectionPath, SectionTitle, SiteSection } from '../../schemas/site-section.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { ShareKey, SITE, site } from './site.ts'

const section = { ...site, siteSectionId: Id }
const S = `${SITE}/sections/{siteSectionId}`

/**
 * A top-level neighbour of a section: another section, or (an addition to the spec) a section
 * group, since top-level sections and groups share one order.
 */
const SectionSibling = z.discriminatedUnion('type', [
  z.object({ type: z.literal('site-section'), siteSection: Id }),
  z.object({ type: z.literal('site-section-group'), siteSectionGroup: Id }),
])

export const listSiteSections = defineOperation({
  id: 'listSiteSections',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/sections`,
  sdk: 'sites.sections.list',
  status: 200,
  summary: 'List the sections of a site in site structure order',
  params: z.object(site),
  query: z.object({ ...pagination, shareKey: z.optional(ShareKey) }),
  response: List(SiteSection),
  paginated: true,
})

export const addSectionToSite = defineOperation({
  id: 'addSectionToSite',
  method: 'POST',
  idempotent: false,
  path: `${SITE}/sections`,
  sdk: 'sites.sections.create',
  status: 201,
  summary: 'Add a section to a site, with a space as its first (default) site space',
  params: z.object(site),
  body: z.object({
    spaceId: Id,
    title: z.optional(z.nullable(SectionTitle)),
    icon: z.optional(z.nullable(IconName)),
  }),
  response: SiteSection,
})

export const deleteSiteSectionById = defineOperation({
  id: 'deleteSiteSectionById',
  method: 'DELETE',
  idempotent: true,
  path: S,
  sdk: 'sites.sections.delete',
  status: 205,
  summary: 'Delete a section with its site spaces and the redirects leading to it',
  params: z.object(section),
})

export const updateSiteSectionById = defineOperation({
  id: 'updateSiteSectionById',
  method: 'PATCH',
  idempotent: true,
  path: S,
  sdk: 'sites.sections.update',
  status: 200,
  summary: 'Update a section',
  params: z.object(section),
  body: z.object({
    title: z.optional(SectionTitle),
    path: z.optional(SectionPath),
    /** A site space of this section, to show by default. */
    defaultSiteSpace: z.optional(Id),
    /** `true` makes this the site's default section (an addition to the spec). */
    default: z.optional(z.literal(true)),
    /** Omitted: unchanged; null: removed. */
    condition: z.optional(z.nullable(Condition)),
    icon: z.optional(z.nullable(IconName)),
    description: z.optional(z.nullable(SectionDescription)),
  }),
  response: SiteSection,
})

export const moveSiteSection = defineOperation({
  id: 'moveSiteSection',
  method: 'POST',
  idempotent: true,
  path: `${S}/move`,
  sdk: 'sites.sections.move',
  status: 200,
  summary: 'Move a section before or after a sibling',
  params: z.object(section),
  body: z.object({ position: z.object({ before: z.optional(SectionSibling), after: z.optional(SectionSibling) }) }),
  response: SiteSection,
  deprecated:
    'The API deprecates moving one section at a time: its sortSiteStructure operation, which its specification does not describe yet (so the SDK has no replacement), sorts the whole site. This operation keeps working.',
})
