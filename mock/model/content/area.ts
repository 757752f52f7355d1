import type { Area } from '../hooks.ts'
import { demoContent } from '../../scenarios/demo/content/index.ts'
import { dropReviewsOfMember, dropReviewsOfSpace } from './reviewers.ts'
import { copyContent, createRevision, dropRevisions } from './revisions.ts'
import { blocksOf, viewOf } from './view.ts'

/**
 * What the content area plugs into the shared model: every space and change request gets its
 * revision, copies carry content, purges and departures clean up, and comments can look up
 * pages and blocks.
 */
export const contentArea: Area = {
  name: 'content',

  async spaceCreated(state, space) {
    if (state.db.revisions.get(space.revision)) return
    await createRevision(state, { id: space.revision, space: space.id, parents: [], type: 'edits', variables: {}, reusableContents: [] })
  },

  async changeRequestCreated(state, changeRequest, space) {
    const base = state.db.revisions.get(changeRequest.baseRevision)
    await createRevision(state, {
      id: changeRequest.revision,
      space: space.id,
      changeRequest: changeRequest.id,
      parents: [changeRequest.baseRevision],
      type: 'edits',
      variables: { ...base?.variables },
      reusableContents: structuredClone(base?.reusableContents ?? []),
    })
    await copyContent(state, changeRequest.baseRevision, changeRequest.revision)
  },

  async spaceDuplicated(state, from, to) {
    const source = state.db.revisions.get(from.revision)
    const target = state.db.revisions.get(to.revision)
    if (target && source) {
      state.db.revisions.update(target, { variables: { ...source.variables }, reusableContents: structuredClone(source.reusableContents) })
      state.db.contentCache.invalidate(target.id)
    }
    await copyContent(state, from.revision, to.revision)
  },

  spacePurged(state, space) {
    dropReviewsOfSpace(state, space, false)
    dropRevisions(state, [...state.db.revisionsBySpace.get(space.id)])
  },

  spaceTransferred(state, space) {
    dropReviewsOfSpace(state, space, true)
  },

  memberRemoved(state, member) {
    dropReviewsOfMember(state, member)
  },

  pageInfo(state, revision, pageId) {
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
  },

  nodeInfo(state, revision, nodeId) {
    const block = blocksOf(viewOf(state, revision)).get(nodeId)
    return block && { id: block.id, preview: block.preview, page: block.page }
  },

  demo: demoContent,
}
