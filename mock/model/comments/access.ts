import { forbidden } from '../../base/http-error.ts'
import { spacePermissions, spaceRole, type Caller } from '../access.ts'
import type { State } from '../state.ts'
import type { Thread } from './thread.ts'

/** The caller's permissions on the space a thread belongs to. */
export type SpacePermissions = ReturnType<typeof spacePermissions>

export function threadPermissions(state: State, caller: Caller, thread: Thread): SpacePermissions {
  return spacePermissions(spaceRole(state, caller.user.id, thread.space), thread.space)
}

/** The caller's permissions on one comment or reply, as its `permissions` object reports them. */
export interface PostPermissions {
  /** Read it: anyone who may comment on the space (readers see content, not discussions). */
  view: boolean
  /** Change the body: the author, while they may comment. */
  edit: boolean
  /** Reply, react, resolve and reopen: anyone who may comment on the space. */
  reply: boolean
  /** The author, or an admin of the space. */
  delete: boolean
}

export function postPermissions(space: SpacePermissions, callerId: string, authorId: string): PostPermissions {
  const author = callerId === authorId
  return {
    // Reading a discussion is taking part in it: the same `comment` the space reports.
    view: space.comment,
    edit: space.comment && author,
    reply: space.comment,
    delete: space.comment && (author || space.admin),
  }
}

/** What an update asks to change, for authorization. */
export interface RequestedChanges {
  resolved?: boolean | undefined
  body?: unknown
  addedReactions?: readonly string[] | undefined
  removedReactions?: readonly string[] | undefined
}

/** 403 unless the caller may make every change asked: the body is the author's, the rest needs comment. */
export function authorizeChanges(permissions: PostPermissions, changes: RequestedChanges, what: string, space: string): void {
  const reacts = (changes.addedReactions?.length ?? 0) + (changes.removedReactions?.length ?? 0) > 0
  if ((changes.resolved !== undefined || reacts || changes.body !== undefined) && !permissions.reply) {
    throw forbidden(`Missing permission "comment" on space ${space}`)
  }
  if (changes.body !== undefined && !permissions.edit) throw forbidden(`Only the author can edit the body of ${what}`)
}

/** 403 unless the caller may delete the post. */
export function authorizeDelete(permissions: PostPermissions, what: string, space: string): void {
  if (!permissions.reply) throw forbidden(`Missing permission "comment" on space ${space}`)
  if (!permissions.delete) throw forbidden(`Only the author or an admin of space ${space} can delete ${what}`)
}
