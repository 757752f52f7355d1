import type { SpaceRecord } from '../../tables/spaces.ts'
import type { State } from '../state.ts'

/** A purged space takes its comments (its change requests' too), their replies and its commenters with it. */
export function dropCommentsOfSpace(state: State, space: SpaceRecord): void {
  for (const comment of [...state.indexes.commentsBySpace.get(space.id)]) {
    for (const reply of [...state.indexes.repliesByComment.get(comment.id)]) state.tables.commentReplies.delete(reply)
    state.tables.comments.delete(comment)
  }
  for (const commenter of [...state.indexes.commentersBySpace.get(space.id)]) state.tables.commenters.delete(commenter)
}
