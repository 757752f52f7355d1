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
    // Most records arrive last in their list's order (keys end with the creation sequence).
    const last = list.at(-1)
    if (!last || compareKeys(this.keyOf(last), key) < 0) list.push(record)
    else list.splice(this.#search(list, key), 0, record)
  }

  /**
   * Takes a record out. A record is taken out before it changes (`Table.update`, the collection's
   * hooks), so its own group and key find it: keeping them per record and index cost more memory
   * than the record itself.
   */
  remove(record: R): void {
    const group = this.groupOf(record)
    if (group === undefined) return
    const list = this.#groups.get(group)
    if (!list) return
    const at = this.#search(list, this.keyOf(record))
    if (list[at] === record) list.splice(at, 1)
    else {
      const i = list.findIndex((r) => r.id === record.id)
      if (i >= 0) list.splice(i, 1)
    }
    if (list.length === 0) this.#groups.delete(group)
  }

  /** The records of a group in key order (a live array: do not mutate). */
  get(group: string): readonly R[] {
    return this.#groups.get(group) ?? []
  }

  clear(): void {
    this.#groups.clear()
  }

  /** First position whose key is not below `key`. */
  #search(list: readonly R[], key: SortKey): number {
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (compareKeys(this.keyOf(list[mid]!), key) < 0) lo = mid + 1
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
  readonly #schema: StandardSchemaV1<R, R>
  readonly #byId = new Map<string, R>()
  readonly #indexes: SortedIndex<R>[] = []
  /** Told of every stored, changed or removed record (the `--state` journal's change log). */
  #watcher: ((id: string, removed: boolean) => void) | undefined

  constructor(schema: StandardSchemaV1<R, R>) {
    this.#schema = schema
    this.collection = new Collection({ schema })
    this.collection.hooks.on('create', (event) => this.#track(event.data.record as R))
    this.collection.hooks.on('delete', (event) => this.#untrack(event.data.deletedRecord as R))
    this.collection.hooks.on('update', (event) => {
      // The event carries a copy of the previous record, and one event per changed field: re-file
      // the stored record once, on the first.
      const next = event.data.nextRecord as R
      const current = this.#byId.get((event.data.prevRecord as R).id)
      if (!current || current === next) return
      this.#untrack(current)
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

  /**
   * Reports every write to `listener` (the record's ID, and whether it left the table), so a
   * change log can tell which records a request touched without comparing whole tables.
   */
  watch(listener: ((id: string, removed: boolean) => void) | undefined): void {
    this.#watcher = listener
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
    const keys = await bulkKeys()
    // @msw/data keys a record with a new random UUID unless given a key: the record's own ID is
    // as unique within the table and costs no memory (the UUIDs were a third of what a space held).
    return (await this.collection.create(keys ? ({ ...values, [keys.primaryKey]: values.id } as R) : values)) as R
  }

  /**
   * Stores many records at once (restoring a snapshot into an empty table). @msw/data's `create`
   * costs tens of microseconds a record (an async validation, a deep copy, async hooks), which
   * made a fresh demo platform cost 20 ms; here each record is validated synchronously (or, when
   * `trusted` because it comes from the platform's own serializer, only copied) and pushed into
   * the collection's store with the keys its queries use, so `platform.db` queries, updates and
   * deletes work as on created records. Throws before storing anything when a record is invalid.
   */
  async load(records: readonly unknown[], trusted: boolean): Promise<void> {
    const keys = await bulkKeys()
    const values = records.map((record, i) => (trusted ? (cloneData(record) as R) : this.#validate(record, i)))
    if (!keys) {
      for (const value of values) await this.insert(value)
      return
    }
    const store = this.collection.all() as R[]
    for (const record of values) {
      Object.defineProperty(record, keys.primaryKey, { value: record.id })
      Object.defineProperty(record, keys.relationMap, { value: new Map() })
      store.push(record)
      this.#track(record)
    }
  }

  #validate(record: unknown, i: number): R {
    const result = this.#schema['~standard'].validate(record)
    if (result instanceof Promise) throw new TypeError('Asynchronous record schemas are not supported')
    if (result.issues) {
      const issue = result.issues[0]!
      const where = issue.path?.map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(record)'
      throw new TypeError(`Record ${i} does not match its table's schema at ${where}: ${issue.message}`)
    }
    return result.value
  }

  /**
   * Changes a record in place: O(1), and the indexes re-file it. The change was validated
   * at the API boundary, which is why the collection's own (scanning) update is not used.
   */
  update(record: R, changes: Partial<R>): R {
    for (const index of this.#indexes) index.remove(record)
    Object.assign(record, changes)
    for (const index of this.#indexes) index.add(record)
    this.#watcher?.(record.id, false)
    return record
  }

  delete(record: R): void {
    this.collection.delete(record as never)
  }

  clear(): void {
    if (this.#watcher) for (const id of this.#byId.keys()) this.#watcher(id, true)
    this.collection.clear()
    this.#byId.clear()
    for (const index of this.#indexes) index.clear()
  }

  #track(record: R): void {
    this.#byId.set(record.id, record)
    for (const index of this.#indexes) index.add(record)
    this.#watcher?.(record.id, false)
  }

  #untrack(record: R): void {
    this.#byId.delete(record.id)
    for (const index of this.#indexes) index.remove(record)
    this.#watcher?.(record.id, true)
  }
}

/** A copy of plain data (what records and snapshots hold: JSON values), cheaper than `structuredClone`. */
export function cloneData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(cloneData) as T
  const copy: Record<string, unknown> = {}
  for (const key in value) copy[key] = cloneData((value as Record<string, unknown>)[key])
  return copy as T
}

interface BulkKeys {
  primaryKey: symbol
  relationMap: symbol
}

let bulk: Promise<BulkKeys | undefined> | undefined

/**
 * The symbols @msw/data keys each record with (it does not export them), read from a record it
 * creates, once per process; undefined when its store cannot be filled directly (a future
 * version copying `all()`), so `load` falls back to `create`.
 */
function bulkKeys(): Promise<BulkKeys | undefined> {
  return (bulk ??= (async () => {
    const probe = new Collection({ schema: { '~standard': { version: 1, vendor: 'docplat', validate: (value: unknown) => ({ value }) } } })
    const record = (await probe.create({ id: 'probe' })) as object
    const symbols = Object.getOwnPropertySymbols(record)
    const primaryKey = symbols.find((s) => s.description === 'kPrimaryKey')
    const relationMap = symbols.find((s) => s.description === 'kRelationMap')
    if (!primaryKey || !relationMap) return undefined
    const copy = { id: 'pushed' }
    Object.defineProperties(copy, { [primaryKey]: { value: 'pushed' }, [relationMap]: { value: new Map() } })
    probe.all().push(copy as never)
    const found = probe.findFirst((q) => q.where({ id: 'pushed' } as never))
    return probe.count() === 2 && (found as unknown) === copy ? { primaryKey, relationMap } : undefined
  })())
}
