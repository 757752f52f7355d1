import { badRequest } from '../../core/http-error.ts'
import type { State } from '../state.ts'
import { parentKey, type CollectionRecord, type SpaceRecord } from './tables.ts'

/** A sibling named in a move's `position`. */
export type SiblingRef = { type: 'space'; space: string } | { type: 'collection'; collection: string }

export interface PositionInput {
  before?: SiblingRef | undefined
  after?: SiblingRef | undefined
}

type Placed = SpaceRecord | CollectionRecord

/** The live children (collections and spaces) of a parent, in order. */
export function childrenOf(state: State, parent: string): Placed[] {
  const list: Placed[] = [...state.db.collectionsByParent.get(parent), ...state.db.spacesByParent.get(parent)]
  return list.sort((a, b) => a.position - b.position || a.seq - b.seq)
}

function refId(ref: SiblingRef): string {
  return ref.type === 'space' ? ref.space : ref.collection
}

/**
 * The position for an item placed under `parent`: at the end, or right before/after a sibling.
 * A sibling that is not a child of `parent` is a 400. When two neighbours are too close for a
 * number between them, the parent's children are renumbered first.
 */
export function positionFor(state: State, parent: string, moving: string | undefined, position: PositionInput | undefined): number {
  if (position?.before && position.after) throw badRequest('Invalid body.position: give before or after, not both')
  const ref = position?.before ?? position?.after
  // Appending is the common case (every create): read the two indexes' ends, no merge or sort.
  if (!ref) return Math.max(lastPosition(state.db.collectionsByParent.get(parent), moving), lastPosition(state.db.spacesByParent.get(parent), moving)) + 1
  const siblings = childrenOf(state, parent).filter((c) => c.id !== moving)
  const field = position?.before ? 'before' : 'after'
  const id = refId(ref)
  if (id === moving) throw badRequest(`Invalid body.position.${field}: cannot place an item next to itself`)
  let at = siblings.findIndex((s) => s.id === id && ('emoji' in s ? 'space' : 'collection') === ref.type)
  if (at < 0) throw badRequest(`Invalid body.position.${field}: ${ref.type} ${id} is not a sibling under the target parent`)
  let lo = field === 'before' ? siblings[at - 1]?.position : siblings[at]!.position
  let hi = field === 'before' ? siblings[at]!.position : siblings[at + 1]?.position
  if (lo !== undefined && hi !== undefined && hi - lo < 1e-9) {
    renumber(state, siblings)
    at = siblings.findIndex((s) => s.id === id)
    lo = field === 'before' ? siblings[at - 1]?.position : siblings[at]!.position
    hi = field === 'before' ? siblings[at]!.position : siblings[at + 1]?.position
  }
  if (lo === undefined) return hi! - 1
  if (hi === undefined) return lo + 1
  return (lo + hi) / 2
}

function lastPosition(list: readonly Placed[], except: string | undefined): number {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.id !== except) return list[i]!.position
  return 0
}

function renumber(state: State, siblings: Placed[]): void {
  siblings.forEach((s, i) => {
    if ('emoji' in s) state.db.spaces.update(s, { position: i + 1 })
    else state.db.collections.update(s, { position: i + 1 })
  })
}

export { parentKey }
