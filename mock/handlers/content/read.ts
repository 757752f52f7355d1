import type { LinkStatus } from '../../../src/schemas/link.ts'
import { notFound } from '../../base/http-error.ts'
import { paginate, paginateArray, type PageInput } from '../../base/paginate.ts'
import type { Caller } from '../../model/access.ts'
import { requireFile } from '../../model/content/files.ts'
import { linkRevisions, linksOf, listLinks } from '../../derived/content/links.ts'
import type { ContentTarget } from '../../model/content/revisions.ts'
import { analysisPreparation, viewOf, type PageNode, type RevisionView } from '../../derived/content/view.ts'
import type { State } from '../../model/state.ts'
import { presentFile } from '../../present/file.ts'
import { presentBacklink, presentLink } from '../../present/link.ts'
import { PendingDocuments } from '../../present/pending-documents.ts'
import { withDocuments } from '../documents.ts'
import { Deferred } from '../deferred.ts'
import { isGenerated, presentPage, presentPageTree, type ContentOptions } from '../../present/page.ts'
import { presentRevision } from '../../present/revision.ts'
import { presentSpace } from '../../present/space.ts'

/**
 * The reads of content, shared by a space's live content and a change request's: the handlers
 * only differ in how they find the target (and who may see it).
 */

type ContentQuery = { metadata?: boolean | undefined; computed?: boolean | undefined }

export function contentOptions(input: ContentQuery): ContentOptions {
  return { metadata: input.metadata !== false, computed: input.computed !== false }
}

/** A page of the target's tree (404 when absent, or when it is computed output and `computed` is false). */
function requireNode(view: RevisionView, pageId: string, options?: ContentOptions): PageNode {
  const node = view.byId.get(pageId)
  if (!node) throw notFound(`Page ${pageId} not found`)
  if (options && !options.computed && isGenerated(node))
    throw notFound(`Page ${pageId} is output of a computed page: not found with computed=false`)
  return node
}

export function readRevision(state: State, target: ContentTarget, input: ContentQuery) {
  return presentRevision(state, target, viewOf(state, target.revision), contentOptions(input))
}

export function readPages(state: State, target: ContentTarget, input: ContentQuery) {
  return { pages: presentPageTree(state, target, viewOf(state, target.revision), contentOptions(input)) }
}

export function readPage(
  state: State,
  target: ContentTarget,
  input: ContentQuery & { pageId: string; format?: 'document' | 'markdown' | undefined; evaluated?: boolean | undefined },
) {
  const view = viewOf(state, target.revision)
  const options = contentOptions(input)
  const node = requireNode(view, input.pageId, options)
  const documents = new PendingDocuments()
  return withDocuments(
    documents,
    presentPage(
      state,
      target,
      view,
      node,
      { ...options, format: input.format ?? 'document', evaluated: input.evaluated === true },
      documents,
    ),
  )
}

export function readFiles(state: State, target: ContentTarget, input: ContentQuery & PageInput) {
  const { metadata } = contentOptions(input)
  return paginate(
    'files',
    state.indexes.filesByRevision.get(target.revision),
    (f) => [f.seq],
    input,
    (f) => presentFile(state, target, f, metadata),
  )
}

export function readFile(state: State, target: ContentTarget, input: ContentQuery & { fileId: string }) {
  return presentFile(state, target, requireFile(state, target.revision, input.fileId), contentOptions(input).metadata)
}

export function readBacklinks(
  state: State,
  caller: Caller,
  target: ContentTarget,
  input: PageInput & { fileId: string },
  prepared?: number,
) {
  requireFile(state, target.revision, input.fileId)
  const work = prepared ? undefined : analysisPreparation(state, [target.revision])
  if (work) return Deferred.prepare(work)
  const users = linksOf(viewOf(state, target.revision)).fileUsers.get(input.fileId) ?? []
  const space = presentSpace(state, caller, target.space)
  return paginateArray(
    'backlinks',
    [...users],
    (n) => [n.index],
    input,
    (n) => presentBacklink(state, target, n, space),
  )
}

export function readLinks(
  state: State,
  target: ContentTarget,
  input: PageInput & { pageId?: string | undefined; status?: LinkStatus | undefined },
  prepared?: number,
) {
  if (input.pageId !== undefined) requireNode(viewOf(state, target.revision), input.pageId)
  const work = prepared ? undefined : analysisPreparation(state, linkRevisions(state, target))
  if (work) return Deferred.prepare(work)
  const { items, stats } = listLinks(state, target, { page: input.pageId, status: input.status })
  return {
    ...paginateArray(
      'links',
      items,
      (i) => [i.rank, i.label, i.entry.key],
      input,
      (i) => presentLink(state, target, i),
    ),
    stats,
  }
}
