import * as z from 'zod/mini'
import { Table, type Stored } from './table.ts'

const base = { id: z.string(), seq: z.number() }
const Git = z.object({ oid: z.string(), path: z.optional(z.string()) })
const Vars = z.record(z.string(), z.string())

/**
 * A revision: the content of a space (its active one, or an older one kept as history) or of a
 * change request at a point in time. Its pages and files are rows of their own tables, so a
 * revision is copied row by row and users can query `platform.db.pages` directly.
 */
export const RevisionRecord = z.object({
  ...base,
  space: z.string(),
  /** Set on the revisions of a change request. */
  changeRequest: z.optional(z.string()),
  parents: z.array(z.string()),
  /** `edits` (built or edited), `import` (made by an import). */
  type: z.string(),
  createdAt: z.string(),
  git: z.optional(z.object({ oid: z.string(), message: z.string(), createdByService: z.boolean(), url: z.string(), ref: z.string() })),
  variables: Vars,
  reusableContents: z.array(
    z.object({ id: z.string(), title: z.string(), documentId: z.string(), markdown: z.string(), git: z.optional(Git) }),
  ),
})
export type RevisionRecord = Stored<z.infer<typeof RevisionRecord>>

/**
 * A page of a revision. The row ID is `revision:page`, so the same page (same `page` ID) exists
 * once per revision and a lookup by page ID is a map hit.
 */
export const PageRecord = z.object({
  ...base,
  revision: z.string(),
  page: z.string(),
  /** Page ID of the parent page; absent at the root. */
  parent: z.optional(z.string()),
  position: z.number(),
  type: z.enum(['document', 'group']),
  title: z.string(),
  slug: z.string(),
  emoji: z.optional(z.string()),
  icon: z.optional(z.string()),
  description: z.optional(z.string()),
  /** The page's content (for a computed page, the output of its last computation). */
  markdown: z.string(),
  documentId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  hidden: z.boolean(),
  noIndex: z.boolean(),
  noRobotsIndex: z.boolean(),
  variables: Vars,
  layout: z.optional(z.record(z.string(), z.union([z.boolean(), z.string()]))),
  cover: z.optional(z.object({ file: z.string(), darkFile: z.optional(z.string()), yPos: z.number() })),
  computed: z.optional(z.object({ type: z.string(), spec: z.optional(z.string()), props: z.record(z.string(), z.string()) })),
  computedSeed: z.optional(z.string()),
  git: z.optional(Git),
})
export type PageRecord = Stored<z.infer<typeof PageRecord>>

/** A file of a revision; the row ID is `revision:file`. */
export const FileRecord = z.object({
  ...base,
  revision: z.string(),
  file: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  dimensions: z.optional(z.object({ width: z.number(), height: z.number() })),
  createdAt: z.string(),
  git: z.optional(Git),
})
export type FileRecord = Stored<z.infer<typeof FileRecord>>

/** An external URL the link checker reports as broken (set through the control API). ID: the URL. */
export const BrokenUrlRecord = z.object({ ...base, createdAt: z.string() })
export type BrokenUrlRecord = Stored<z.infer<typeof BrokenUrlRecord>>

/** A review requested from a user on a change request. ID: `changeRequest:user`. */
export const RequestedReviewerRecord = z.object({
  ...base,
  changeRequest: z.string(),
  user: z.string(),
  requestedBy: z.string(),
  /** The change request's revision when the review was requested. */
  revision: z.string(),
  createdAt: z.string(),
})
export type RequestedReviewerRecord = Stored<z.infer<typeof RequestedReviewerRecord>>

/** Tables of the content area and their indexes (`ContentCache` observes revisions, pages and files). */
export function createContentTables() {
  const revisions = new Table<RevisionRecord>(RevisionRecord)
  const pages = new Table<PageRecord>(PageRecord)
  const files = new Table<FileRecord>(FileRecord)
  const brokenUrls = new Table<BrokenUrlRecord>(BrokenUrlRecord)
  const requestedReviewers = new Table<RequestedReviewerRecord>(RequestedReviewerRecord)
  return {
    revisions,
    pages,
    files,
    brokenUrls,
    requestedReviewers,
    /** Every revision of a space (its change requests' too), oldest first. */
    revisionsBySpace: revisions.index(
      (r) => r.space,
      (r) => [r.seq],
    ),
    /** The pages of a revision in creation order (copies keep it). */
    pagesByRevision: pages.index(
      (p) => p.revision,
      (p) => [p.seq],
    ),
    /** The children of a page (or of a revision's root, parent `''`) in their order. */
    pagesByParent: pages.index(
      (p) => `${p.revision}:${p.parent ?? ''}`,
      (p) => [p.position, p.seq],
    ),
    filesByRevision: files.index(
      (f) => f.revision,
      (f) => [f.seq],
    ),
    reviewersByChangeRequest: requestedReviewers.index(
      (r) => r.changeRequest,
      (r) => [r.seq],
    ),
    reviewersByUser: requestedReviewers.index(
      (r) => r.user,
      (r) => [r.seq],
    ),
  }
}
