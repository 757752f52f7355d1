import type { Role } from '../../../src/schemas/shared.ts'
import { conflict } from '../../base/http-error.ts'
import { ancestors } from '../access.ts'
import { insert, type State } from '../state.ts'
import { positionFor, requireParent, type PositionInput } from './positions.ts'
import { parentKey, type CollectionRecord, type SpaceRecord } from '../../tables/spaces.ts'
import type { Patch } from '../../tables/table.ts'
import { deleteSpace, transferSpaceRecord } from './spaces.ts'

export interface NewCollection {
  organization: string
  title?: string | undefined
  description?: string | undefined
  parent?: string | undefined
  defaultLevel?: Role | null | undefined
}

/** Creates a collection at the end of its parent's children. */
export function createCollection(state: State, values: NewCollection): CollectionRecord {
  requireParent(state, values.organization, values.parent)
  const now = state.clock.stamp()
  return insert(state, state.tables.collections, {
    organization: values.organization,
    ...(values.parent ? { parent: values.parent } : {}),
    position: positionFor(state, parentKey(values), undefined, undefined),
    title: values.title ?? 'Untitled collection',
    ...(values.description !== undefined ? { description: values.description } : {}),
    defaultLevel: values.defaultLevel ?? null,
    createdAt: now,
    updatedAt: now,
  })
}

export function updateCollection(
  state: State,
  collection: CollectionRecord,
  changes: { title?: string | undefined; description?: string | undefined; defaultLevel?: Role | null | undefined },
): CollectionRecord {
  const patch: Patch<CollectionRecord> = {}
  if (changes.title !== undefined && changes.title !== collection.title) patch.title = changes.title
  // An empty description is how a client clears it: the collection then has none, as when created.
  const description = changes.description === '' ? undefined : changes.description
  if (changes.description !== undefined && description !== collection.description) patch.description = description
  if (changes.defaultLevel !== undefined && changes.defaultLevel !== collection.defaultLevel) patch.defaultLevel = changes.defaultLevel
  // updatedAt moves only on an actual change.
  if (Object.keys(patch).length === 0) return collection
  return state.tables.collections.update(collection, { ...patch, updatedAt: state.clock.stamp() })
}

/** Every collection below `collection`, depth first. */
export function descendants(state: State, collection: CollectionRecord): CollectionRecord[] {
  const out: CollectionRecord[] = []
  const walk = (c: CollectionRecord) => {
    for (const child of state.indexes.collectionsByParent.get(c.id)) {
      out.push(child)
      walk(child)
    }
  }
  walk(collection)
  return out
}

/**
 * Deletes a collection with its nested collections. Their spaces are soft-deleted (restorable for
 * 7 days, back to the organization's root), so deleting a collection never loses content at once.
 */
export function deleteCollection(state: State, collection: CollectionRecord): void {
  const all = [collection, ...descendants(state, collection)]
  for (const c of all) {
    for (const space of [...state.indexes.spacesByParent.get(c.id)]) deleteSpace(state, space)
    // Deleted spaces keep pointing at the collection until restored: send them to the root.
    for (const space of state.indexes.spacesByOrg.get(c.organization).filter((s) => s.parent === c.id)) {
      state.tables.spaces.update(space, { parent: undefined })
    }
  }
  for (const c of all.reverse()) {
    for (const grant of [...state.indexes.grantsByTarget.get(c.id)]) state.tables.grants.delete(grant)
    state.tables.collections.delete(c)
  }
}

/**
 * Moves a collection under another parent (or the root: `parent: null`) and/or next to a sibling.
 * Moving into itself or one of its descendants is a conflict.
 */
export function moveCollection(
  state: State,
  collection: CollectionRecord,
  target: { parent?: string | null | undefined; position?: PositionInput | undefined },
): CollectionRecord {
  const parent = target.parent === undefined ? collection.parent : (target.parent ?? undefined)
  const dest = requireParent(state, collection.organization, parent)
  if (dest) {
    if (dest.id === collection.id || ancestors(state, dest.parent).some((a) => a.id === collection.id)) {
      throw conflict(`Cannot move collection ${collection.id} into itself or one of its descendants`)
    }
  }
  const key = parentKey({ organization: collection.organization, parent })
  const position = positionFor(state, key, collection.id, target.position)
  return state.tables.collections.update(collection, { parent, position, updatedAt: state.clock.stamp() })
}

/**
 * Moves a collection, its nested collections and all their spaces to another organization's root;
 * returns the spaces it moved (what hangs off them is `transferCollection`'s, in `model/cascades.ts`).
 */
export function transferCollectionRecords(state: State, collection: CollectionRecord, organization: string): SpaceRecord[] {
  if (organization === collection.organization) throw conflict(`Collection ${collection.id} is already in organization ${organization}`)
  const subtree = [collection, ...descendants(state, collection)]
  const from = collection.organization
  const position = positionFor(state, `root:${organization}`, collection.id, undefined)
  const moved: SpaceRecord[] = []
  for (const c of subtree) {
    for (const grant of [...state.indexes.grantsByTarget.get(c.id)]) state.tables.grants.delete(grant)
    for (const space of state.indexes.spacesByOrg.get(from).filter((s) => s.parent === c.id)) {
      transferSpaceRecord(state, space, organization, c.id)
      moved.push(space)
    }
  }
  for (const c of subtree) {
    state.tables.collections.update(c, {
      organization,
      ...(c === collection ? { parent: undefined, position } : {}),
      updatedAt: state.clock.stamp(),
    })
  }
  return moved
}
