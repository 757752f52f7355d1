import type { SpaceRecord } from '../spaces/tables.ts'
import type { State } from '../state.ts'

/** A purged space takes its comments (its change requests' too), their replies and its commenters with it. */
export function dropCommentsOfSpace(state: State, space: SpaceRecord): void {
  for (const comment of [...state.db.commentsBySpace.get(space.id)]) {
    for (const reply of [...state.db.repliesByComment.get(comment.id)]) state.db.commentReplies.delete(reply)
    state.db.comments.delete(comment)
  }
  for (const commenter of [...state.db.commentersBySpace.get(space.id)]) state.db.commenters.delete(commenter)
}
