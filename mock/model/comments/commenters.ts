import type { MemberRecord } from '../../tables/orgs.ts'
import { insert, type State } from '../state.ts'
import { threadKey, type CommenterRecord } from '../../tables/comments.ts'
import { keyOfThread, type Thread, type ThreadRef } from './thread.ts'

const commenterId = (ref: ThreadRef, user: string) => `${threadKey(ref)}:${user}`

/** Counts one more comment or reply by `user` in a thread, adding them to its commenters on their first. */
export function joinThread(state: State, ref: ThreadRef, user: string): void {
  const id = commenterId(ref, user)
  const existing = state.tables.commenters.get(id)
  if (existing) {
    state.tables.commenters.update(existing, { posts: existing.posts + 1 })
    return
  }
  insert(state, state.tables.commenters, {
    id,
    space: ref.space,
    ...(ref.changeRequest !== undefined ? { changeRequest: ref.changeRequest } : {}),
    user,
    posts: 1,
  })
}

/** Counts one comment or reply fewer; with none left, `user` is no longer a commenter there. */
export function leaveThread(state: State, ref: ThreadRef, user: string): void {
  const existing = state.tables.commenters.get(commenterId(ref, user))
  if (!existing) return
  if (existing.posts > 1) state.tables.commenters.update(existing, { posts: existing.posts - 1 })
  else state.tables.commenters.delete(existing)
}

/**
 * The commenters of a thread who are members (disabled ones included) of the space's
 * organization, by first participation. People who left keep their comments but are no longer members to list;
 * the cost is one step per person who took part, not per comment.
 */
export function threadCommenters(state: State, thread: Thread): Array<{ commenter: CommenterRecord; member: MemberRecord }> {
  const out: Array<{ commenter: CommenterRecord; member: MemberRecord }> = []
  for (const commenter of state.indexes.commentersByThread.get(keyOfThread(thread))) {
    const member = state.tables.members.get(`${thread.space.organization}:${commenter.user}`)
    if (member) out.push({ commenter, member })
  }
  return out
}
