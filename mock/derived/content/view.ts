import { eachSliced, PREPARE_ABOVE } from '../../base/turns.ts'
import type { ContentState as State } from './cache.ts'
import type { BlockInfo, PageAnalysis } from '../../markdown/page-analysis.ts'
import type { PageNode, RevisionView } from './view-types.ts'

export type { PageNode, RevisionView } from './view-types.ts'

function buildView(state: State, id: string): RevisionView {
  const view: RevisionView = {
    id,
    libraries: state.libraries,
    kept: state.contentCache.analyses,
    revision: state.tables.revisions.get(id),
    roots: [],
    order: [],
    byId: new Map(),
    byPath: new Map(),
    files: [...state.indexes.filesByRevision.get(id)],
    fileById: new Map(),
    fileByName: new Map(),
    analyses: new Map(),
  }
  const walk = (parentId: string, parent: PageNode | undefined, into: PageNode[]) => {
    for (const record of state.indexes.pagesByParent.get(`${id}:${parentId}`)) {
      // A parent loop can only come from hand edits of `platform.db`; never walk it twice.
      if (view.byId.has(record.page)) continue
      const node: PageNode = {
        record,
        path: parent ? `${parent.path}/${record.slug}` : record.slug,
        parent,
        children: [],
        index: view.order.length,
      }
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
  let view = state.contentCache.get(revision)
  if (!view) state.contentCache.set(revision, (view = buildView(state, revision)))
  return view
}

/** The parsed content of a page of a view. */
export function analysisOf(view: RevisionView, node: PageNode): PageAnalysis {
  let analysis = view.analyses.get(node.record.page)
  if (!analysis) {
    const { page, title, markdown } = node.record
    analysis = view.kept.get(page, title, markdown, () => view.libraries.markdown.analyzePage(page, title, markdown))
    view.analyses.set(node.record.page, analysis)
  }
  return analysis
}

/** Analyses a page's title and content into the analyses the platform keeps (`analysisOf` finds it there). */
export function keepAnalysis(state: State, { page, title, markdown }: { page: string; title: string; markdown: string }): void {
  state.contentCache.analyses.get(page, title, markdown, () => state.libraries.markdown.analyzePage(page, title, markdown))
}

/**
 * The analysing a read of whole revisions (links, backlinks, blocks) would do under the state
 * lock, as work to run outside it (`Prepare`): the pages of these revisions not analysed yet,
 * their title and content read now; `undefined` when little is left. The analyses are kept by the
 * platform (`AnalysisCache`), where the operation, run again, finds them.
 */
export function analysisPreparation(state: State, revisions: Iterable<string>): (() => Promise<void>) | undefined {
  const pages: Array<{ page: string; title: string; markdown: string }> = []
  let size = 0
  for (const revision of new Set(revisions)) {
    const view = viewOf(state, revision)
    for (const { record } of view.order) {
      if (view.analyses.has(record.page) || view.kept.has(record.page, record.title, record.markdown)) continue
      pages.push({ page: record.page, title: record.title, markdown: record.markdown })
      size += record.markdown.length
    }
  }
  if (size < PREPARE_ABOVE) return undefined
  return () => eachSliced(pages, (page) => keepAnalysis(state, page))
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
