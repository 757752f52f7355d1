/** A sort key: compared element by element; `seq` last makes every key unique. */
export type SortKey = ReadonlyArray<number | string>

export function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i]
    const y = b[i]
    if (x === y) continue
    if (x === undefined) return -1
    if (y === undefined) return 1
    return x < y ? -1 : 1
  }
  return 0
}
