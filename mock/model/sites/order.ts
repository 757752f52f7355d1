import { badRequest } from '../../base/http-error.ts'

/** Something kept in a parent's order by a number between its neighbours'. */
export interface Placed {
  id: string
  seq: number
  position: number
}

/** Where a move puts an item: next to a sibling, resolved from the request's `position`. */
export interface Placement {
  field: 'before' | 'after'
  /** The sibling named, or undefined when it is not a sibling under the same parent. */
  sibling: Placed | undefined
  /** How the sibling was named, for the error message. */
  label: string
}

/** Reads `position { before | after }`: exactly one of them. */
export function whichSide<T>(position: { before?: T | undefined; after?: T | undefined }): { field: 'before' | 'after'; ref: T } {
  if (position.before && position.after) throw badRequest('Invalid body.position: give before or after, not both')
  if (position.before) return { field: 'before', ref: position.before }
  if (position.after) return { field: 'after', ref: position.after }
  throw badRequest('Invalid body.position: give before or after a sibling')
}

/** Position after the last of `siblings`. */
export function endPosition(siblings: readonly Placed[]): number {
  return siblings.reduce((max, s) => Math.max(max, s.position), 0) + 1
}

/**
 * The position for `moving` right before or after a sibling, among `siblings` (in order).
 * A sibling of another parent (or the item itself) is a 400. When two neighbours are too close
 * for a number between them, `renumber` spreads the siblings out first.
 */
export function positionNear(
  siblings: readonly Placed[],
  moving: string,
  placement: Placement,
  renumber: (ordered: readonly Placed[]) => void,
): number {
  const { field, sibling, label } = placement
  if (sibling?.id === moving) throw badRequest(`Invalid body.position.${field}: cannot place an item next to itself`)
  const others = siblings.filter((s) => s.id !== moving)
  const find = () => others.findIndex((s) => s.id === sibling?.id)
  let at = find()
  if (!sibling || at < 0) throw badRequest(`Invalid body.position.${field}: ${label} is not a sibling under the same parent`)
  const bounds = () => {
    const lo = field === 'before' ? others[at - 1]?.position : others[at]!.position
    const hi = field === 'before' ? others[at]!.position : others[at + 1]?.position
    return { lo, hi }
  }
  let { lo, hi } = bounds()
  if (lo !== undefined && hi !== undefined && hi - lo < 1e-9) {
    renumber(others)
    at = find()
    ;({ lo, hi } = bounds())
  }
  if (lo === undefined) return hi! - 1
  if (hi === undefined) return lo + 1
  return (lo + hi) / 2
}
