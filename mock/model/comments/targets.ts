import { badRequest, notFound } from '../../base/http-error.ts'
import { nodeInfo, pageInfo } from '../../derived/content/page-info.ts'
import type { State } from '../state.ts'
import type { CommentRecord } from '../../tables/comments.ts'
import type { Patch } from '../../tables/table.ts'
import { currentRevision, describeThread, type Thread } from './thread.ts'

/** Where in the content a new comment points. */
export type Anchor = Patch<Pick<CommentRecord, 'page' | 'node'>>

/**
 * Checks the page and node a new comment targets against the thread's current revision (pages
 * belong to the content area). A node implies its page; naming both,
 * they must agree. Unknown ones are 404s, like any unknown ID.
 */
export function resolveAnchor(state: State, thread: Thread, target: { page?: string | undefined; node?: string | undefined }): Anchor {
  const revision = currentRevision(thread)
  const anchor: Anchor = {}
  if (target.page !== undefined) {
    const page = target.page
    if (!pageInfo(state, revision, page)) throw notFound(`Page ${page} not found in ${describeThread(thread)}`)
    anchor.page = page
  }
  if (target.node !== undefined) {
    const id = target.node
    const node = nodeInfo(state, revision, id)
    if (!node) throw notFound(`Node ${id} not found in ${describeThread(thread)}`)
    if (anchor.page !== undefined && node.page !== anchor.page) {
      throw badRequest(`Invalid body.node: node ${id} is on page ${node.page}, not on page ${anchor.page}`)
    }
    anchor.page = node.page
    anchor.node = { id: node.id, preview: node.preview }
  }
  return anchor
}
