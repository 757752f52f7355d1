import type * as contract from '../../src/contract/spaces.ts'
import { forbidden } from '../base/http-error.ts'
import { collectionPermissions, collectionRole, membership, organizationPermissions, type Caller } from '../model/access.ts'
import { duplicateSpace, transferSpace } from '../model/cascades.ts'
import { deleteSpace, moveSpace, restoreSpace, updateSpace } from '../model/spaces/spaces.ts'
import type { SpaceRecord } from '../tables/spaces.ts'
import type { State } from '../model/state.ts'
import { presentSpace } from '../present/space.ts'
import { loadCollection, loadSpace, requireAdminOfBoth, requireCreateIn } from './load.ts'
import type { Handlers, OpsOf } from './types.ts'

/**
 * A copy goes where the original is, so the caller needs create there. The caller can see the
 * original, so a refusal is a 403 even when the parent collection itself is hidden from them.
 */
function requireCreateBeside(state: State, caller: Caller, space: SpaceRecord): void {
  const parent = space.parent ? state.tables.collections.get(space.parent) : undefined
  const allowed = parent
    ? collectionPermissions(collectionRole(state, caller.user.id, parent)).create
    : organizationPermissions(membership(state, space.organization, caller.user.id)).createContent
  if (!allowed) {
    throw forbidden(
      `Missing permission "create" in ${parent ? `collection ${parent.id}` : `organization ${space.organization}`} to duplicate space ${space.id}`,
    )
  }
}

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

  duplicateSpace: ({ state, caller, input }) => {
    const space = loadSpace(state, caller, input.spaceId, 'view')
    if (space.deletedAt) loadSpace(state, caller, input.spaceId, 'edit')
    requireCreateBeside(state, caller, space)
    return presentSpace(state, caller, duplicateSpace(state, space))
  },

  restoreSpace: ({ state, caller, input }) =>
    presentSpace(state, caller, restoreSpace(state, loadSpace(state, caller, input.spaceId, 'admin'))),

  moveSpace: ({ state, caller, input }) => {
    const space = loadSpace(state, caller, input.spaceId, 'admin')
    if (space.deletedAt) loadSpace(state, caller, input.spaceId, 'edit')
    const parent = input.parent === undefined ? space.parent : (input.parent ?? undefined)
    if (parent !== space.parent) requireCreateIn(state, caller, space.organization, parent)
    return presentSpace(state, caller, moveSpace(state, space, input))
  },

  transferSpace: ({ state, caller, input }) => {
    // Anyone who can read the space is told no (403), not that it does not exist.
    const space = loadSpace(state, caller, input.spaceId, 'admin')
    if (space.deletedAt) loadSpace(state, caller, input.spaceId, 'edit')
    // A destination collection the caller cannot see stays hidden (404).
    if (input.collection) loadCollection(state, caller, input.collection)
    requireAdminOfBoth(state, caller, space.organization, input.organization)
    return presentSpace(state, caller, transferSpace(state, space, input.organization, input.collection))
  },
}
