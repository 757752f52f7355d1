import type { Area } from '../hooks.ts'
import { demoComments } from '../../scenarios/demo/comments.ts'

/**
 * What the comments area plugs into the shared model. A space's `comments` count is its open
 * comments on the space itself (an index, so O(1)); a purged space takes its comments (its change
 * requests' too) with it. Comments of members who leave stay, as on real platforms; duplicates
 * of a space start without the original's discussions.
 */
export const commentsArea: Area = {
  name: 'comments',

  spaceCounts: (state, space) => ({ comments: state.db.openSpaceComments.get(space.id).length }),

  spacePurged(state, space) {
    for (const comment of [...state.db.commentsBySpace.get(space.id)]) {
      for (const reply of [...state.db.repliesByComment.get(comment.id)]) state.db.commentReplies.delete(reply)
      state.db.comments.delete(comment)
    }
    for (const commenter of [...state.db.commentersBySpace.get(space.id)]) state.db.commenters.delete(commenter)
  },

  demo: demoComments,
}
