import { notFound } from '../../base/http-error.ts'
import { newId, type State } from '../state.ts'
import { addFile, type NewFile } from './files.ts'
import { addPage, removePage, updatePage, type NewPage, type PageChanges } from './pages.ts'
import { requestReviewers } from './reviewers.ts'
import { builderTarget, ensureRevision } from './revisions.ts'
import type { FileRecord, PageRecord, RequestedReviewerRecord } from '../../tables/content.ts'

/**
 * The content builders' side of the model: they write in place into a space's active revision
 * or a change request's latest (setting up state, as an editor would have), through the same
 * rules as the API.
 */

/** Where a builder writes: `{ space }` (its live content) or `{ changeRequest }` (by ID). */
export interface ContentWhere {
  space?: string | undefined
  changeRequest?: string | undefined
}

export function buildPage(state: State, values: NewPage & ContentWhere): PageRecord {
  return addPage(state, builderTarget(state, values).revision, values)
}

export function editPage(state: State, values: PageChanges & ContentWhere & { page: string }): PageRecord {
  return updatePage(state, builderTarget(state, values).revision, values.page, values)
}

export function deletePage(state: State, values: ContentWhere & { page: string }): void {
  removePage(state, builderTarget(state, values).revision, values.page)
}

export function buildFile(state: State, values: NewFile & ContentWhere): FileRecord {
  return addFile(state, builderTarget(state, values).revision, values)
}

/** A page of whole content: a new page's fields, with the pages under it. */
export type BuildPage = Omit<NewPage, 'parent'> & { pages?: BuildPage[] | undefined }

/** Whole content: the import fixture format (see `import-source.ts`), where pages and files may also give their IDs and every page field. */
export interface BuildContent extends ContentWhere {
  pages?: BuildPage[] | undefined
  files?: NewFile[] | undefined
  variables?: Record<string, string> | undefined
  reusableContents?: Array<{ title: string; markdown: string; id?: string | undefined; documentId?: string | undefined }> | undefined
}

/** The pages and files a whole-content builder made, by title and name. */
export interface BuiltContent {
  pages: Record<string, PageRecord>
  files: Record<string, FileRecord>
  reusableContents: Record<string, { id: string; documentId: string }>
}

/**
 * Adds whole content to a target; returns what it made by title (pages) and name (files).
 */
export async function buildContent(state: State, values: BuildContent): Promise<BuiltContent> {
  const target = builderTarget(state, values)
  const revision = ensureRevision(state, target)
  const built: BuiltContent = { pages: {}, files: {}, reusableContents: {} }
  const add = async (pages: readonly BuildPage[], parent: string | undefined) => {
    for (const page of pages) {
      const { pages: _children, ...fields } = page
      const record = addPage(state, target.revision, { ...fields, parent })
      built.pages[page.title] = record
      await add(page.pages ?? [], record.page)
    }
  }
  await add(values.pages ?? [], undefined)
  for (const file of values.files ?? []) built.files[file.name] = addFile(state, target.revision, file)
  if (values.variables || values.reusableContents) {
    const reusable = (values.reusableContents ?? []).map((r) => ({
      id: r.id ?? newId(state),
      title: r.title,
      documentId: r.documentId ?? newId(state),
      markdown: r.markdown,
    }))
    for (const r of reusable) built.reusableContents[r.title] = { id: r.id, documentId: r.documentId }
    state.tables.revisions.update(revision, {
      variables: { ...revision.variables, ...values.variables },
      reusableContents: [...revision.reusableContents, ...reusable],
    })
  }
  return built
}

/** Requests a review on a change request (by ID) from a member, as `requestedBy`. */
export function buildReviewRequest(
  state: State,
  values: { changeRequest: string; user: string; requestedBy: string },
): RequestedReviewerRecord {
  const changeRequest = state.tables.changeRequests.get(values.changeRequest)
  const space = changeRequest && state.tables.spaces.get(changeRequest.space)
  if (!changeRequest || !space) throw notFound(`Change request ${values.changeRequest} not found`)
  const [request] = requestReviewers(state, space, changeRequest, values.requestedBy, [values.user], undefined)
  return request!
}
