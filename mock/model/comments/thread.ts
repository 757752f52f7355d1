import type { ChangeRequestRecord, SpaceRecord } from '../../tables/spaces.ts'
import { threadKey } from '../../tables/comments.ts'

/** The comments of a space itself, or of one of its change requests. */
export interface Thread {
  space: SpaceRecord
  changeRequest?: ChangeRequestRecord | undefined
}

/** The record fields naming a thread, as comments, replies and commenters store them. */
export interface ThreadRef {
  space: string
  changeRequest?: string | undefined
}

export function refOf(thread: Thread): ThreadRef {
  return thread.changeRequest ? { space: thread.space.id, changeRequest: thread.changeRequest.id } : { space: thread.space.id }
}

export function keyOfThread(thread: Thread): string {
  return threadKey(refOf(thread))
}

/** The revision new comments are posted on and targets are read from: the change request's, else the space's. */
export function currentRevision(thread: Thread): string {
  return thread.changeRequest?.revision ?? thread.space.revision
}

/** How errors name the thread: "space X" or "change request N of space X". */
export function describeThread(thread: Thread): string {
  return thread.changeRequest ? `change request ${thread.changeRequest.number} of space ${thread.space.id}` : `space ${thread.space.id}`
}
