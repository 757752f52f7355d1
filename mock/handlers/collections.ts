import type * as contract from '../../src/contract/collections.ts'
import { paginate } from '../base/paginate.ts'
import { collectionRole, membership, spaceRole } from '../model/access.ts'
import { transferCollection } from '../model/cascades.ts'
import { createCollection, deleteCollection, moveCollection, updateCollection } from '../model/spaces/collections.ts'
import { pageCollections } from '../model/spaces/collection-tree.ts'
import { presentCollection } from '../present/collection.ts'
import { presentSpace } from '../present/space.ts'
import { loadCollection, loadOrganization, requireAdminOfBoth, requireCreateIn } from './load.ts'
import type { Handlers, OpsOf } from './types.ts'

export const collectionHandlers: Handlers<OpsOf<typeof contract>> = {
  getCollectionById: ({ state, caller, input }) => presentCollection(state, caller, loadCollection(state, caller, input.collectionId)),

  deleteCollectionById: ({ state, caller, input }) => {
    deleteCollection(state, loadCollection(state, caller, input.collectionId, 'admin'))
  },

  updateCollectionById: ({ state, caller, input }) => {
    const collection = loadCollection(state, caller, input.collectionId, 'admin')
    return presentCollection(state, caller, updateCollection(state, collection, input))
  },

  listSpacesInCollectionById: ({ state, caller, input }) => {
    const collection = loadCollection(state, caller, input.collectionId)
    const all = state.indexes.spacesByParent.get(collection.id)
    const present = (s: (typeof all)[number]) => presentSpace(state, caller, s)
    const key = (s: (typeof all)[number]) => [s.position, s.seq]
    // Members (not guests) may view every live space of their organization, their role being at
    // least a default level, and so do the collection's admins: page the maintained index directly.
    // Guests see what their grants open.
    const member = membership(state, collection.organization, caller.user.id)
    const seesAll = (member !== undefined && member.role !== null) || collectionRole(state, caller.user.id, collection) === 'admin'
    if (seesAll) return paginate(`spaces:${collection.id}`, all, key, input, present)
    const visible = all.filter((s) => spaceRole(state, caller.user.id, s) !== undefined)
    return paginate(`spaces:${collection.id}`, visible, key, input, present)
  },

  moveCollection: ({ state, caller, input }) => {
    const collection = loadCollection(state, caller, input.collectionId, 'admin')
    const parent = input.parent === undefined ? collection.parent : (input.parent ?? undefined)
    if (parent !== collection.parent) requireCreateIn(state, caller, collection.organization, parent)
    return presentCollection(state, caller, moveCollection(state, collection, input))
  },

  transferCollection: ({ state, caller, input }) => {
    const collection = loadCollection(state, caller, input.collectionId, 'admin')
    requireAdminOfBoth(state, caller, collection.organization, input.organization)
    return presentCollection(state, caller, transferCollection(state, collection, input.organization))
  },

  listCollectionsInOrganizationById: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId)
    return pageCollections(state, org.id, caller.user.id, input.nested ?? true, input, (c, role) =>
      presentCollection(state, caller, c, role),
    )
  },

  createCollection: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId)
    requireCreateIn(state, caller, org.id, input.parent)
    return presentCollection(state, caller, createCollection(state, { organization: org.id, title: input.title, parent: input.parent }))
  },
}
