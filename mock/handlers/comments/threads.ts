import { forbidden } from '../../base/http-error.ts'
import type { Caller } from '../../model/access.ts'
import { threadPermissions } from '../../model/comments/access.ts'
import { currentRevision, type Thread } from '../../model/comments/thread.ts'
import { analysisPreparation } from '../../derived/content/view.ts'
import { Deferred } from '../deferred.ts'
import type { State } from '../../model/state.ts'
import type { CommentView } from '../../present/comment.ts'
import { PendingDocuments } from '../../present/pending-documents.ts'
import { audienceFor } from '../../present/user.ts'
import { loadChangeRequest, loadSpace } from '../load.ts'

/**
 * Loading the thread an operation works on (404 when the caller cannot see it) and the view its
 * posts are presented through, so the space and change-request handlers share everything else.
 */

export function spaceThread(state: State, caller: Caller, spaceId: string): Thread {
  return { space: loadSpace(state, caller, spaceId) }
}

export function changeRequestThread(state: State, caller: Caller, spaceId: string, changeRequestId: string): Thread {
  return loadChangeRequest(state, caller, spaceId, changeRequestId)
}

/**
 * The view every comment operation works through. Discussions are for those who may take part
 * (the `comment` role: "can access the content and its discussions"): any other caller who can
 * see the space gets 403 on every comment, reply, reaction and commenter, as the space's
 * `permissions.comment` says.
 */
export function viewOf(state: State, caller: Caller, thread: Thread, format?: 'markdown' | 'document', prepared?: number): CommentView {
  const view: CommentView = {
    state,
    caller,
    thread,
    space: threadPermissions(state, caller, thread),
    format,
    documents: format === 'document' ? new PendingDocuments() : undefined,
    prepared,
    people: audienceFor(state, caller, thread.space.organization),
  }
  requireComment(view)
  return view
}

/**
 * When comments anchored to blocks are involved (`needed`), the analysis of every block of the
 * thread's revision as work outside the state lock, unless it is done or small.
 */
export function blocksFirst(view: CommentView, needed: boolean): Deferred<never> | undefined {
  if (!needed || view.prepared) return undefined
  const work = analysisPreparation(view.state, [currentRevision(view.thread)])
  return work && Deferred.prepare(work)
}

/** 403 unless the caller may comment on the thread's space (read the discussion, post, reply). */
export function requireComment(view: CommentView): void {
  if (view.space.comment) return
  const space = view.thread.space
  throw forbidden(`Missing permission "comment" on space ${space.id}${space.deletedAt ? ' (the space is deleted)' : ''}`)
}
