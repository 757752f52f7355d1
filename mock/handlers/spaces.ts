import type * as contract from '../../src/contract/spaces.ts'
import { deleteSpace, duplicateSpace, moveSpace, restoreSpace, transferSpace, updateSpace } from '../model/spaces/spaces.ts'
import { presentSpace } from '../present/space.ts'
import { loadSpace, requireAdminOfBoth, requireCreateIn } from './load.ts'
import type { Handlers, OpsOf } from './types.ts'

export const spaceHandlers: Handlers<OpsOf<typeof contract>> = {
  getSpaceById: ({ state, caller, input }) => {
    const context = { shareKey: input.shareKey }
    return presentSpace(state, caller, loadSpace(state, caller, input.spaceId, undefined, context), context)
  },

  deleteSpaceById: ({ state, caller, input }) => {
    deleteSpace(state, loadSpace(state, caller, input.spaceId, 'admin'))
  },

  updateSpaceById: ({ state, caller, input }) => {
    // Settings that decide who may do what are the admins'; the title and emoji are edits.
    const adminOnly = input.editMode !== undefined || input.defaultLevel !== undefined
    const editsContent = input.title !== undefined || input.emoji !== undefined
    let space = loadSpace(state, caller, input.spaceId, adminOnly ? 'admin' : 'edit')
    if (adminOnly && editsContent && input.editMode !== 'live') space = loadSpace(state, caller, input.spaceId, 'edit')
    if (space.deletedAt) space = loadSpace(state, caller, input.spaceId, 'edit')
    return presentSpace(state, caller, updateSpace(state, space, input))
  },

  duplicateSpace: async ({ state, caller, input }) => {
    const space = loadSpace(state, caller, input.spaceId, 'view')
    if (space.deletedAt) loadSpace(state, caller, input.spaceId, 'edit')
    requireCreateIn(state, caller, space.organization, space.parent)
    return presentSpace(state, caller, await duplicateSpace(state, space))
  },

  restoreSpace: ({ state, caller, input }) => presentSpace(state, caller, restoreSpace(state, loadSpace(state, caller, input.spaceId, 'admin'))),

  moveSpace: ({ state, caller, input }) => {
    const space = loadSpace(state, caller, input.spaceId, 'admin')
    if (space.deletedAt) loadSpace(state, caller, input.spaceId, 'edit')
    const parent = input.parent === undefined ? space.parent : (input.parent ?? undefined)
    if (parent !== space.parent) requireCreateIn(state, caller, space.organization, parent)
    return presentSpace(state, caller, moveSpace(state, space, input))
  },

  transferSpace: ({ state, caller, input }) => {
    const space = loadSpace(state, caller, input.spaceId)
    if (space.deletedAt) loadSpace(state, caller, input.spaceId, 'edit')
    requireAdminOfBoth(state, caller, space.organization, input.organization)
    return presentSpace(state, caller, transferSpace(state, space, input.organization, input.collection))
  },
}
