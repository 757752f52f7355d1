import { collectionPermissions, collectionRole, type Caller } from '../model/access.ts'
import type { CollectionRecord } from '../tables/spaces.ts'
import type { State } from '../model/state.ts'
import type { Role } from '../../src/schemas/shared.ts'

/** A collection on the wire; `role` is the caller's, when the caller already worked it out (a listing). */
export function presentCollection(state: State, caller: Caller, collection: CollectionRecord, role?: Role) {
  return {
    object: 'collection' as const,
    id: collection.id,
    title: collection.title,
    description: collection.description,
    organization: collection.organization,
    ...(collection.parent ? { parent: collection.parent } : {}),
    defaultLevel: collection.defaultLevel,
    urls: {
      location: `${state.urls.api}/v1/collections/${collection.id}`,
      app: `${state.urls.app}/o/${collection.organization}/c/${collection.id}`,
    },
    permissions: collectionPermissions(role ?? collectionRole(state, caller.user.id, collection)),
  }
}
