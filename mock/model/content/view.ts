import type MiniSearch from 'minisearch'
import type { State } from '../state.ts'
import type { LinkAnalysis } from './links.ts'
import { analyzePage, type BlockInfo, type PageAnalysis } from './markdown.ts'
import type { FileRecord, PageRecord, RevisionRecord } from './tables.ts'

/** A page in its revision's tree. */
export interface PageNode {
  record: PageRecord
  /** Slugs from the root, joined by `/`. */
  path: string
  parent: PageNode | undefined
  children: PageNode[]
  /** Position in depth-first order. */
  index: number
}

/**
 * A revision read as a whole: the page tree with paths, files by ID and name, and (built on
 * first use) parsed pages, link analysis, block lookup and search index. Cached per revision
 * in `db.contentCache` and dropped on any write to it.
 */
export interface RevisionView {
  id: string
  /** Absent when the revision record does not exist (a space made by hand in `platform.db`). */
  revision: RevisionRecord | undefined
  roots: PageNode[]
  /** Depth-first order: how a reader walks the table of contents. */
  order: PageNode[]
  byId: Map<string, PageNode>
  byPath: Map<string, PageNode>
  files: readonly FileRecord[]
  fileById: Map<string, FileRecord>
  fileByName: Map<string, FileRecord>
  analyses: Map<string, PageAnalysis>
  links?: LinkAnalysis
  blocks?: Map<string, BlockInfo & { page: string }>
  search?: MiniSearch
}

function buildView(state: State, id: string): RevisionView {
  const view: RevisionView = {
    id,
    revision: state.db.revisions.get(id),
    roots: [],
    order: [],
    byId: new Map(),
    byPath: new Map(),
    files: [...state.db.filesByRevision.get(id)],
    fileById: new Map(),
    fileByName: new Map(),
    analyses: new Map(),
  }
  const walk = (parentId: string, parent: PageNode | undefined, into: PageNode[]) => {
    for (const record of state.db.pagesByParent.get(`${id}:${parentId}`)) {
      // A parent loop can only come from hand edits of `platform.db`; never walk it twice.
      if (view.byId.has(record.page)) continue
      const node: PageNode = { record, path: parent ? `${parent.path}/${record.slug}` : record.slug, parent, children: [], index: view.order.length }
      into.push(node)
      view.order.push(node)
      view.byId.set(record.page, node)
      if (!view.byPath.has(node.path)) view.byPath.set(node.path, node)
      walk(record.page, node, node.children)
    }
  }
  walk('', undefined, view.roots)
  for (const file of view.files) {
    view.fileById.set(file.file, file)
    if (!view.fileByName.has(file.name)) view.fileByName.set(file.name, file)
  }
  return view
}

/** The view of a revision, from the cache or built now. */
export function viewOf(state: State, revision: string): RevisionView {
  let view = state.db.contentCache.get(revision)
  if (!view) state.db.contentCache.set(revision, (view = buildView(state, revision)))
  return view
}

/** The parsed content of a page of a view. */
export function analysisOf(view: RevisionView, node: PageNode): PageAnalysis {
  let analysis = view.analyses.get(node.record.page)
  if (!analysis) {
    analysis = analyzePage(node.record.page, node.record.title, node.record.markdown)
    view.analyses.set(node.record.page, analysis)
  }
  return analysis
}

/** Every block of a revision's pages by ID (for comments anchored to a block). */
export function blocksOf(view: RevisionView): Map<string, BlockInfo & { page: string }> {
  if (!view.blocks) {
    view.blocks = new Map()
    for (const node of view.order) {
      for (const block of analysisOf(view, node).blocks) view.blocks.set(block.id, { ...block, page: node.record.page })
    }
  }
  return view.blocks
}
