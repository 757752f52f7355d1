import type { ContentState as State } from './cache.ts'
import { blocksOf, viewOf } from './view.ts'

/** What other areas (comment targets) know of a page, without the content area's records. */
export interface PageInfo {
  id: string
  title: string
  emoji?: string | undefined
  icon?: string | undefined
  path: string
  createdAt: string
  updatedAt: string
}

/** A page of a revision, by page ID. */
export function pageInfo(state: State, revision: string, pageId: string): PageInfo | undefined {
  const node = viewOf(state, revision).byId.get(pageId)
  if (!node) return undefined
  const { record } = node
  return {
    id: record.page,
    title: record.title,
    ...(record.emoji !== undefined ? { emoji: record.emoji } : {}),
    ...(record.icon !== undefined ? { icon: record.icon } : {}),
    path: node.path,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

/** A block (node) of a revision's pages, for comments anchored to a node. */
export function nodeInfo(state: State, revision: string, nodeId: string): { id: string; preview: string; page: string } | undefined {
  const block = blocksOf(viewOf(state, revision)).get(nodeId)
  return block && { id: block.id, preview: block.preview, page: block.page }
}
