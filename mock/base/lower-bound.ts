/**
 * Binary search over a sorted list: the first position whose item is not `before` the one
 * sought, which is where it is or where it would go (`list.length` when every item is before it).
 */
export function lowerBound<T>(list: readonly T[], before: (item: T) => boolean): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(list[mid]!)) lo = mid + 1
    else hi = mid
  }
  return lo
}
