import { Collection } from '@msw/data'
import type { StandardSchemaV1 } from '@standard-schema/spec'

/** Fields every stored record has: an opaque ID and a creation sequence number (stable order, cursors). */
export interface BaseRecord {
  id: string
  seq: number
}

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

/**
 * Records grouped by a parent key and kept sorted by a sort key, maintained on every write,
 * so one page of a child list costs a binary search plus the page, whatever the size.
 */
export class SortedIndex<R extends BaseRecord> {
  readonly #groups = new Map<string, R[]>()
  /** The key each record was filed under, so removal finds it even after the record changed. */
  readonly #filed = new Map<string, { group: string; key: SortKey }>()

  readonly groupOf: (record: R) => string | undefined
  readonly keyOf: (record: R) => SortKey

  constructor(groupOf: (record: R) => string | undefined, keyOf: (record: R) => SortKey) {
    this.groupOf = groupOf
    this.keyOf = keyOf
  }

  add(record: R): void {
    const group = this.groupOf(record)
    if (group === undefined) return
    const key = this.keyOf(record)
    let list = this.#groups.get(group)
    if (!list) this.#groups.set(group, (list = []))
    list.splice(this.#search(list, key), 0, record)
    this.#filed.set(record.id, { group, key })
  }

  remove(record: R): void {
    const filed = this.#filed.get(record.id)
    if (!filed) return
    this.#filed.delete(record.id)
    const list = this.#groups.get(filed.group)
    if (!list) return
    const at = this.#search(list, filed.key)
    if (list[at]?.id === record.id) list.splice(at, 1)
    else {
      const i = list.findIndex((r) => r.id === record.id)
      if (i >= 0) list.splice(i, 1)
    }
    if (list.length === 0) this.#groups.delete(filed.group)
  }

  /** The records of a group in key order (a live array: do not mutate). */
  get(group: string): readonly R[] {
    return this.#groups.get(group) ?? []
  }

  clear(): void {
    this.#groups.clear()
    this.#filed.clear()
  }

  /** First position whose key is not below `key`. */
  #search(list: readonly R[], key: SortKey): number {
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const filed = this.#filed.get(list[mid]!.id)
      if (compareKeys(filed ? filed.key : this.keyOf(list[mid]!), key) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

/**
 * One stored resource: an @msw/data collection (validated records, the queries users write
 * against `platform.db`) with an ID map and sorted indexes beside it for the hot paths.
 * Writes made straight on the collection keep the indexes right through its hooks.
 */
export class Table<R extends BaseRecord> {
  readonly collection: Collection<StandardSchemaV1<R, R>>
  readonly #byId = new Map<string, R>()
  readonly #indexes: SortedIndex<R>[] = []

  constructor(schema: StandardSchemaV1<R, R>) {
    this.collection = new Collection({ schema })
    this.collection.hooks.on('create', (event) => this.#track(event.data.record as R))
    this.collection.hooks.on('delete', (event) => this.#untrack(event.data.deletedRecord as R))
    this.collection.hooks.on('update', (event) => {
      const prev = event.data.prevRecord as R
      const next = event.data.nextRecord as R
      if (this.#byId.get(prev.id) !== prev) return
      this.#untrack(prev)
      this.#track(next)
    })
  }

  /** Adds a sorted index over this table; existing records are filed at once. */
  index(groupOf: (record: R) => string | undefined, keyOf: (record: R) => SortKey): SortedIndex<R> {
    const index = new SortedIndex(groupOf, keyOf)
    for (const record of this.#byId.values()) index.add(record)
    this.#indexes.push(index)
    return index
  }

  get(id: string): R | undefined {
    return this.#byId.get(id)
  }

  get size(): number {
    return this.#byId.size
  }

  /** Every record, in insertion order. */
  all(): IterableIterator<R> {
    return this.#byId.values()
  }

  /** Validates and stores a new record. */
  async insert(values: R): Promise<R> {
    return (await this.collection.create(values)) as R
  }

  /**
   * Changes a record in place: O(1), and the indexes re-file it. The change was validated
   * at the API boundary, which is why the collection's own (scanning) update is not used.
   */
  update(record: R, changes: Partial<R>): R {
    for (const index of this.#indexes) index.remove(record)
    Object.assign(record, changes)
    for (const index of this.#indexes) index.add(record)
    return record
  }

  delete(record: R): void {
    this.collection.delete(record as never)
  }

  clear(): void {
    this.collection.clear()
    this.#byId.clear()
    for (const index of this.#indexes) index.clear()
  }

  #track(record: R): void {
    this.#byId.set(record.id, record)
    for (const index of this.#indexes) index.add(record)
  }

  #untrack(record: R): void {
    this.#byId.delete(record.id)
    for (const index of this.#indexes) index.remove(record)
  }
}
