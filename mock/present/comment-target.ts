import type { CommentRecord } from '../tables/comments.ts'
import { nodeInfo, pageInfo, type PageInfo } from '../derived/content/page-info.ts'
import { currentRevision, type Thread } from '../model/comments/thread.ts'
import type { State } from '../model/state.ts'

/**
 * What a comment points at: its space (and change request), the revision it was posted on, and
 * its page and node as the thread's current revision has them. A comment is `outdated` when its
 * page is gone from the current revision, or its node is gone or reads differently than when the
 * comment was posted; the page then shows as it was in the comment's own revision, if known.
 */
export function presentTarget(state: State, thread: Thread, comment: CommentRecord) {
  return {
    space: comment.space,
    changeRequest: comment.changeRequest,
    revision: comment.revision,
    ...(comment.page !== undefined ? { page: pageTarget(state, thread, comment, comment.page) } : {}),
    ...(comment.node ? { node: { id: comment.node.id, preview: comment.node.preview } } : {}),
  }
}

function pageTarget(state: State, thread: Thread, comment: CommentRecord, pageId: string) {
  const revision = currentRevision(thread)
  const now = pageInfo(state, revision, pageId)
  const node = comment.node
  const nodeNow = node && nodeInfo(state, revision, node.id)
  const outdated = !now || (node !== undefined && (!nodeNow || nodeNow.preview !== node.preview || nodeNow.page !== pageId))
  const info = now ?? (comment.revision !== revision ? pageInfo(state, comment.revision, pageId) : undefined)
  return info ? pageFields(info, outdated) : { id: pageId, outdated }
}

function pageFields(page: PageInfo, outdated: boolean) {
  return {
    id: page.id,
    title: page.title,
    emoji: page.emoji,
    icon: page.icon,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    path: page.path,
    outdated,
  }
}
