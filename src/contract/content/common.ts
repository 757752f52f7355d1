import * as z from 'zod/mini'
import { LinkStatus } from '../../schemas/link.ts'
import { ImportSource } from '../../schemas/revision.ts'
import { Id, Url } from '../common.ts'
import { SP, space } from '../spaces.ts'

/** Path of a change request (ID or number) and its parameters. */
export const CR = `${SP}/change-requests/{changeRequestId}`
export const changeRequest = { ...space, changeRequestId: Id }

/** `metadata` (default true: false omits git metadata) and `computed` (default true: false leaves computed pages uncomputed). */
export const contentQuery = {
  metadata: z.optional(z.boolean()),
  computed: z.optional(z.boolean()),
}

/** How a page's content is returned: `document` (default, a block tree) or `markdown`; `evaluated` fills in variables. */
export const pageQuery = {
  ...contentQuery,
  format: z.optional(z.enum(['document', 'markdown'])),
  evaluated: z.optional(z.boolean()),
}

/** The filter of link listings. */
export const linkQuery = { status: z.optional(LinkStatus) }

/** Body of a content import. */
export const ImportBody = z.object({ url: Url, source: ImportSource })
