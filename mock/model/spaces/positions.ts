import { badRequest, notFound } from '../../base/http-error.ts'
import { compareKeys } from '../../tables/table.ts'
import type { State } from '../state.ts'
import { keyBetween } from './order-keys.ts'
import type { CollectionRecord, SpaceRecord } from '../../tables/spaces.ts'

/** A sibling named in a move's `position`. */
export type SiblingRef = { type: 'space'; space: string } | { type: 'collection'; collection: string }

export interface PositionInput {
  before?: SiblingRef | undefined
  after?: SiblingRef | undefined
}

type Placed = SpaceRecord | CollectionRecord

/** The live children (collections and spaces) of a parent, in order. */
export function childrenOf(state: State, parent: string): Placed[] {
  const list: Placed[] = [...state.indexes.collectionsByParent.get(parent), ...state.indexes.spacesByParent.get(parent)]
  return list.sort((a, b) => compareKeys([a.position, a.seq], [b.position, b.seq]))
}

/**
 * The collection content is placed under (none for the organization's root). Content never
 * crosses organizations by a move or a create: that is what transfers are for.
 */
export function requireParent(
  state: State,
  organization: string,
  parent: string | undefined,
  field = 'parent',
): CollectionRecord | undefined {
  if (!parent) return undefined
  const collection = state.tables.collections.get(parent)
  if (!collection) throw notFound(`Collection ${parent} not found`)
  if (collection.organization !== organization) {
    throw badRequest(`Invalid body.${field}: collection ${parent} belongs to another organization than ${organization}`)
  }
  return collection
}

function refId(ref: SiblingRef): string {
  return ref.type === 'space' ? ref.space : ref.collection
}

/**
 * The position (an order key) for an item placed under `parent`: at the end, or right before or
 * after a sibling. A sibling that is not a child of `parent` is a 400. No other item's position
 * ever changes, so cursors over the parent's children stay valid.
 */
export function positionFor(state: State, parent: string, moving: string | undefined, position: PositionInput | undefined): string {
  if (position?.before && position.after) throw badRequest('Invalid body.position: give before or after, not both')
  const ref = position?.before ?? position?.after
  // Appending is the common case (every create): read the two indexes' ends, no merge or sort.
  if (!ref)
    return keyBetween(
      later(
        lastPosition(state.indexes.collectionsByParent.get(parent), moving),
        lastPosition(state.indexes.spacesByParent.get(parent), moving),
      ),
      undefined,
    )
  const siblings = childrenOf(state, parent).filter((c) => c.id !== moving)
  const field = position?.before ? 'before' : 'after'
  const id = refId(ref)
  if (id === moving) throw badRequest(`Invalid body.position.${field}: cannot place an item next to itself`)
  const at = siblings.findIndex((s) => s.id === id && ('emoji' in s ? 'space' : 'collection') === ref.type)
  if (at < 0) throw badRequest(`Invalid body.position.${field}: ${ref.type} ${id} is not a sibling under the target parent`)
  const [low, high] = field === 'before' ? [siblings[at - 1], siblings[at]] : [siblings[at], siblings[at + 1]]
  return keyBetween(low?.position, high?.position)
}

function lastPosition(list: readonly Placed[], except: string | undefined): string | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.id !== except) return list[i]!.position
  return undefined
}

function later(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined || a > b ? a : b
}
