import type { Role } from '../../../src/schemas/shared.ts'
import type { SpaceEditMode, SpaceVisibility } from '../../../src/schemas/space.ts'
import { conflict, notFound } from '../../base/http-error.ts'
import { insert, newId, type State } from '../state.ts'
import { positionFor, requireParent, type PositionInput } from './positions.ts'
import { restorable } from './retention.ts'
import { parentKey, type SpaceRecord } from '../../tables/spaces.ts'
import type { Patch } from '../../tables/table.ts'

export interface NewSpace {
  organization: string
  title?: string | undefined
  emoji?: string | undefined
  visibility?: SpaceVisibility | undefined
  parent?: string | undefined
  defaultLevel?: Role | null | undefined
  editMode?: SpaceEditMode | undefined
  visitorAuth?: { backend: string } | undefined
  gitSync?: SpaceRecord['gitSync'] | undefined
}

/**
 * Stores a new space at the end of its parent's children. Its first revision is the content
 * area's: `createSpace` in `model/cascades.ts` makes both.
 */
export function createSpaceRecord(state: State, values: NewSpace): SpaceRecord {
  requireParent(state, values.organization, values.parent)
  if (values.visibility === 'in-collection' && !values.parent) throw conflict('An in-collection space must be inside a collection')
  const now = state.clock.stamp()
  const space = insert(state, state.tables.spaces, {
    organization: values.organization,
    ...(values.parent ? { parent: values.parent } : {}),
    position: positionFor(state, parentKey(values), undefined, undefined),
    title: values.title ?? 'Untitled space',
    emoji: values.emoji ?? '📘',
    visibility: values.visibility ?? 'private',
    editMode: values.editMode ?? 'live',
    defaultLevel: values.defaultLevel ?? null,
    createdAt: now,
    updatedAt: now,
    revision: newId(state),
    ...(values.visitorAuth ? { visitorAuth: values.visitorAuth } : {}),
    ...(values.gitSync ? { gitSync: values.gitSync } : {}),
  })
  return space
}

export interface SpaceChanges {
  title?: string | undefined
  emoji?: string | undefined
  editMode?: SpaceEditMode | undefined
  defaultLevel?: Role | null | undefined
}

/** Applies the given settings; `updatedAt` moves only when one of them actually changes. */
export function updateSpace(state: State, space: SpaceRecord, changes: SpaceChanges): SpaceRecord {
  const patch: Patch<SpaceRecord> = {}
  if (changes.title !== undefined && changes.title !== space.title) patch.title = changes.title
  if (changes.emoji !== undefined && changes.emoji !== space.emoji) patch.emoji = changes.emoji
  if (changes.editMode !== undefined && changes.editMode !== space.editMode) patch.editMode = changes.editMode
  if (changes.defaultLevel !== undefined && changes.defaultLevel !== space.defaultLevel) patch.defaultLevel = changes.defaultLevel
  if (Object.keys(patch).length === 0) return space
  return state.tables.spaces.update(space, { ...patch, updatedAt: state.clock.stamp() })
}

/** Soft-deletes a space: it keeps `deletedAt` and stays restorable for 7 days of platform time. */
export function deleteSpace(state: State, space: SpaceRecord): void {
  if (space.deletedAt) throw conflict(`Space ${space.id} is already deleted`)
  const now = state.clock.stamp()
  state.tables.spaces.update(space, { deletedAt: now, updatedAt: now })
}

/**
 * Restores a deleted space within its 7 days; its old place is kept when its collection still
 * exists, else it returns to the root. An in-collection space whose collection is gone has lost
 * its audience: it comes back private (members only) rather than open to a wider one.
 */
export function restoreSpace(state: State, space: SpaceRecord): SpaceRecord {
  if (!space.deletedAt) throw conflict(`Space ${space.id} is not deleted`)
  if (!restorable(state, space)) throw notFound(`Space ${space.id} not found`)
  const parent = space.parent && state.tables.collections.get(space.parent) ? space.parent : undefined
  return state.tables.spaces.update(space, {
    deletedAt: undefined,
    parent,
    ...(space.visibility === 'in-collection' && !parent ? { visibility: 'private' as const } : {}),
    position: positionFor(state, parentKey({ organization: space.organization, parent }), space.id, undefined),
    updatedAt: state.clock.stamp(),
  })
}

/** Longest space title (`SpaceTitle`'s bound). */
const SPACE_TITLE_MAX = 50

/** The title of a copy: the suffix always shows, so the original title gives way when too long. */
function copyTitle(title: string): string {
  const suffix = ' (copy)'
  return `${title.slice(0, SPACE_TITLE_MAX - suffix.length)}${suffix}`
}

/** The settings a copy of a space starts with. */
export function copySettings(space: SpaceRecord): NewSpace {
  return {
    organization: space.organization,
    parent: space.parent,
    title: copyTitle(space.title),
    emoji: space.emoji,
    visibility: space.visibility,
    defaultLevel: space.defaultLevel,
    editMode: space.editMode,
    visitorAuth: space.visitorAuth,
  }
}

/** Places a new copy right after its original and gives it the original's explicit grants. */
export function placeCopy(state: State, space: SpaceRecord, copy: SpaceRecord): void {
  if (!space.deletedAt) {
    const after = { after: { type: 'space' as const, space: space.id } }
    state.tables.spaces.update(copy, { position: positionFor(state, parentKey(space), copy.id, after) })
  }
  for (const grant of [...state.indexes.grantsByTarget.get(space.id)]) {
    const { id: _id, seq: _seq, ...values } = grant
    insert(state, state.tables.grants, { ...values, target: copy.id })
  }
}

/** Moves a space under another collection (or the root: `parent: null`) and/or next to a sibling. */
export function moveSpace(
  state: State,
  space: SpaceRecord,
  target: { parent?: string | null | undefined; position?: PositionInput | undefined },
): SpaceRecord {
  const parent = target.parent === undefined ? space.parent : (target.parent ?? undefined)
  if (!requireParent(state, space.organization, parent) && space.visibility === 'in-collection') {
    throw conflict('An in-collection space must stay inside a collection')
  }
  const position = positionFor(state, parentKey({ organization: space.organization, parent }), space.id, target.position)
  return state.tables.spaces.update(space, { parent, position, updatedAt: state.clock.stamp() })
}

/** Re-homes a space record in another organization (explicit grants do not travel). */
export function transferSpaceRecord(state: State, space: SpaceRecord, organization: string, parent: string | undefined): void {
  for (const grant of [...state.indexes.grantsByTarget.get(space.id)]) state.tables.grants.delete(grant)
  const position = positionFor(state, parentKey({ organization, parent }), space.id, undefined)
  state.tables.spaces.update(space, { organization, parent, position, updatedAt: state.clock.stamp() })
}

/** Checks that a space can go to another organization's root or one of its collections. */
export function checkTransfer(state: State, space: SpaceRecord, organization: string, collection: string | undefined): void {
  if (organization === space.organization && collection === space.parent) {
    throw conflict(`Space ${space.id} is already there`)
  }
  if (!requireParent(state, organization, collection, 'collection') && space.visibility === 'in-collection') {
    throw conflict('An in-collection space must be transferred into a collection')
  }
}
