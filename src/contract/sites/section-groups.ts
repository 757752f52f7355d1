import * as z from 'zod/mini'
import { IconName, List } from '../../schemas/shared.ts'
import { SectionGroupTitle, SiteSectionGroup } from '../../schemas/site-section-group.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { SITE, site } from './site.ts'

const group = { ...site, siteSectionGroupId: Id }
const G = `${SITE}/section-groups/{siteSectionGroupId}`

/** A top-level neighbour of a group: a section, or (an addition to the spec) another group. */
const GroupSibling = z.discriminatedUnion('type', [
  z.object({ type: z.literal('site-section'), id: Id }),
  z.object({ type: z.literal('site-section-group'), id: Id }),
])

export const listSiteSectionGroups = defineOperation({
  id: 'listSiteSectionGroups',
  method: 'GET',
  idempotent: true,
  path: `${SITE}/section-groups`,
  sdk: 'sites.sectionGroups.list',
  status: 200,
  summary: 'List the section groups of a site in site structure order',
  params: z.object(site),
  query: z.object({ ...pagination }),
  response: List(SiteSectionGroup),
  paginated: true,
})

export const addSectionGroupToSite = defineOperation({
  id: 'addSectionGroupToSite',
  method: 'POST',
  idempotent: false,
  path: `${SITE}/section-groups`,
  sdk: 'sites.sectionGroups.create',
  status: 201,
  summary: 'Add a section group to a site, optionally grouping existing sections',
  params: z.object(site),
  body: z.object({
    title: SectionGroupTitle,
    icon: z.optional(z.nullable(IconName)),
    sections: z.optional(z.array(Id).check(z.maxLength(1000))),
  }),
  response: SiteSectionGroup,
})

export const deleteSiteSectionGroupById = defineOperation({
  id: 'deleteSiteSectionGroupById',
  method: 'DELETE',
  idempotent: true,
  path: G,
  sdk: 'sites.sectionGroups.delete',
  status: 205,
  summary: 'Delete a section group (its sections stay in the site)',
  params: z.object(group),
})

export const updateSiteSectionGroupById = defineOperation({
  id: 'updateSiteSectionGroupById',
  method: 'PATCH',
  idempotent: true,
  path: G,
  sdk: 'sites.sectionGroups.update',
  status: 200,
  summary: 'Update a section group',
  params: z.object(group),
  body: z.object({ title: z.optional(SectionGroupTitle), icon: z.optional(z.nullable(IconName)) }),
  response: SiteSectionGroup,
})

export const addSectionToSiteSectionGroup = defineOperation({
  id: 'addSectionToSiteSectionGroup',
  method: 'POST',
  idempotent: true,
  path: `${G}/sections`,
  sdk: 'sites.sectionGroups.addSection',
  status: 201,
  summary: 'Add a section at the end of a section group',
  params: z.object(group),
  body: z.object({ sectionId: Id }),
  response: SiteSectionGroup,
})

export const removeSectionFromSiteSectionGroup = defineOperation({
  id: 'removeSectionFromSiteSectionGroup',
  method: 'DELETE',
  idempotent: true,
  path: `${G}/sections/{siteSectionId}`,
  sdk: 'sites.sectionGroups.removeSection',
  status: 205,
  summary: 'Take a section out of a section group (it stays in the site, after the group)',
  params: z.object({ ...group, siteSectionId: Id }),
})

export const moveSiteSectionGroup = defineOperation({
  id: 'moveSiteSectionGroup',
  method: 'POST',
  idempotent: true,
  path: `${G}/move`,
  sdk: 'sites.sectionGroups.move',
  status: 200,
  summary: 'Move a section group before or after a top-level sibling',
  params: z.object(group),
  body: z.object({ position: z.object({ before: z.optional(GroupSibling), after: z.optional(GroupSibling) }) }),
  response: SiteSectionGroup,
  deprecated:
    'The API deprecates moving one section group at a time: its sortSiteStructure operation, which its specification does not describe yet (so the SDK has no replacement), sorts the whole site. This operation keeps working.',
})
