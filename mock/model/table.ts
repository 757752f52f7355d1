import { Query } from './query.ts'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { compareKeys, type SortKey } from '../core/sort-key.ts'
import type { UndoLog, WriteKind } from './undo-log.ts'

export { compareKeys, type SortKey }

/** Fields every stored record has: an opaque ID and a creation sequence number (stable order, cursors). */
export interface BaseRecord {
  id: string
  seq: number
}

/**
 * Records grouped by a parent key and kept sorted by a sort key, maintained on every write,
 * so one page of a child list costs a binary search plus the page, whatever the size.
 */
export class SortedIndex<R extends BaseRecord> implements TableObserver<R> {
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
   * Takes a record out. A record is taken out before it changes (`Table.update`), so its own
   * group and key find it: keeping them per record and index cost more memory
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
 * What a table tells on every write, before (`remove`) and after (`add`) a record changes, and
 * when it empties: its sorted indexes and the caches derived from its records (the content
 * cache) both listen here, so no write can leave one stale.
 */
export interface TableObserver<R> {
  add(record: R): void
  remove(record: R): void
  clear(): void
}

/** A condition on records, in @msw/data's query language (mock/model/query.ts): `(q) => q.where({ organization: id })`. */
export type TablePredicate<R> = (query: Query<R>) => Query<R>

/**
 * One stored resource: records by ID, validated against the table's schema on every write, with
 * the sorted indexes and derived caches that observe it. `insert`, `update`, `delete`, `load` and
 * `clear` are the only ways in; each one files the record in every observer.
 * Ad-hoc queries (`findMany((q) => q.where({ ... }))`) use @msw/data's query language.
 */
export class Table<R extends BaseRecord> {
  readonly #schema: StandardSchemaV1<R, R>
  #byId = new Map<string, R>()
  readonly #observers: TableObserver<R>[] = []
  /** Told of every stored, changed or removed record (the `--state` journal's change log). */
  #watcher: ((id: string, removed: boolean) => void) | undefined
  /** The state's undo log and this table's name in it (mock/model/undo-log.ts). */
  #writes: { log: UndoLog; name: string } | undefined
  /** The transaction in which this table last kept its order (a rollback puts removed records back in place). */
  #orderKept = -1

  constructor(schema: StandardSchemaV1<R, R>) {
    this.#schema = schema
  }

  /** Adds a sorted index over this table; existing records are filed at once. */
  index(groupOf: (record: R) => string | undefined, keyOf: (record: R) => SortKey): SortedIndex<R> {
    const index = new SortedIndex(groupOf, keyOf)
    this.observe(index)
    return index
  }

  /** Tells `observer` of every write from now on (existing records are added at once). */
  observe(observer: TableObserver<R>): void {
    for (const record of this.#byId.values()) observer.add(record)
    this.#observers.push(observer)
  }

  /**
   * Reports every write to `listener` (the record's ID, and whether it left the table), so a
   * change log can tell which records a request touched without comparing whole tables.
   */
  watch(listener: ((id: string, removed: boolean) => void) | undefined): void {
    this.#watcher = listener
  }

  /**
   * Joins the undo log of the state this table belongs to: from now on every write is announced
   * to it and, while a transaction is open, records its inverse. @internal
   */
  attach(log: UndoLog, name: string): void {
    this.#writes = { log, name }
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

  /** The first record matching a condition, in insertion order (a scan: the model uses IDs and indexes). */
  findFirst(predicate: TablePredicate<R>): R | undefined {
    const query = predicate(new Query<R>())
    for (const record of this.#byId.values()) if (query.test(record)) return record
    return undefined
  }

  /** Every record matching a condition, in insertion order. */
  findMany(predicate?: TablePredicate<R>): R[] {
    if (!predicate) return [...this.#byId.values()]
    const query = predicate(new Query<R>())
    return [...this.#byId.values()].filter((record) => query.test(record))
  }

  /** How many records match a condition (all of them without one). */
  count(predicate?: TablePredicate<R>): number {
    return predicate ? this.findMany(predicate).length : this.#byId.size
  }

  /** Validates and stores a new record (a copy of `values`); an ID already stored is refused. */
  insert(values: R): R {
    if (this.#byId.has(values.id)) throw new TypeError(`A record with ID ${values.id} is already stored`)
    const record = this.#validate(values, 'The new record')
    const log = this.#before('insert')
    this.#track(record)
    if (log?.open) log.record(() => this.#untrack(record))
    return record
  }

  /**
   * Stores many records at once (restoring a snapshot into an empty table): each validated (or,
   * when `trusted` because it comes from the platform's own serializer, only copied). Throws
   * before storing anything when a record is invalid or an ID repeats.
   */
  load(records: readonly unknown[], trusted: boolean): void {
    const values = records.map((record, i) => (trusted ? (cloneData(record) as R) : this.#validate(record, `Record ${i}`)))
    const ids = new Set(this.#byId.keys())
    for (const [i, value] of values.entries()) {
      if (ids.has(value.id)) throw new TypeError(`Record ${i} repeats the ID ${value.id}`)
      ids.add(value.id)
    }
    const log = this.#before('load')
    for (const record of values) this.#track(record)
    if (log?.open)
      log.record(() => {
        for (let i = values.length - 1; i >= 0; i--) this.#untrack(values[i]!)
      })
  }

  /**
   * Changes a stored record in place (O(1); the indexes re-file it and derived caches drop what
   * it fed). The changed record is validated first: an invalid change throws and changes nothing.
   */
  update(record: R, changes: Partial<R>): R {
    const stored = this.#byId.get(record.id)
    if (!stored) throw new TypeError(`No record with ID ${record.id} is stored`)
    if ('id' in changes && changes.id !== stored.id) throw new TypeError('A record keeps its ID')
    this.#validate({ ...stored, ...changes }, `Record ${stored.id}`)
    const log = this.#before('update')
    if (log?.open) {
      // Only the fields this change replaces: the record keeps its identity, which the model's references rely on.
      const previous: Record<string, unknown> = {}
      const absent: string[] = []
      for (const key in changes) {
        if (Object.hasOwn(stored, key)) previous[key] = stored[key]
        else absent.push(key)
      }
      log.record(() => this.#assign(stored, previous as Partial<R>, absent))
    }
    this.#assign(stored, changes, [])
    return stored
  }

  /** Removes a record (nothing happens when it is not stored). */
  delete(record: R): void {
    const stored = this.#byId.get(record.id)
    if (!stored) return
    const log = this.#before('delete')
    if (log?.open) {
      this.#keepOrder(log)
      log.record(() => this.#track(stored))
    }
    this.#untrack(stored)
  }

  clear(): void {
    const log = this.#before('clear')
    if (this.#watcher) for (const id of this.#byId.keys()) this.#watcher(id, true)
    const records = this.#byId
    this.#byId = new Map()
    for (const observer of this.#observers) observer.clear()
    if (log?.open) {
      log.record(() => {
        for (const observer of this.#observers) observer.clear()
        this.#byId = records
        for (const record of records.values()) {
          for (const observer of this.#observers) observer.add(record)
          this.#watcher?.(record.id, false)
        }
      })
    }
  }

  /**
   * The collection-style calls of @msw/data this table once exposed (`findFirst`, `findMany`,
   * `count`, `all`, `update`, `delete` by condition), over the same records and write path.
   *
   * @deprecated Call the table's own methods: `table.findMany((q) => q.where({ ... }))`, `table.update(record, changes)`.
   */
  get collection(): TableCollection<R> {
    const first = (predicate: TablePredicate<R>) => this.findFirst(predicate)
    return {
      findFirst: first,
      findMany: (predicate) => this.findMany(predicate),
      count: () => this.size,
      all: () => [...this.#byId.values()],
      update: async (predicate, { data }) => {
        const record = first(predicate)
        if (!record) return undefined
        const draft = cloneData(record)
        await data(draft)
        return this.update(record, draft)
      },
      delete: (predicate) => {
        const record = first(predicate)
        if (record) this.delete(record)
        return record
      },
    }
  }

  #validate(record: unknown, what: string): R {
    const result = this.#schema['~standard'].validate(record)
    if (result instanceof Promise) throw new TypeError('Asynchronous record schemas are not supported')
    if (result.issues) {
      const issue = result.issues[0]!
      const where = issue.path?.map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(record)'
      throw new TypeError(`${what} does not match its table's schema at ${where}: ${issue.message}`)
    }
    return result.value
  }

  /** Announces a write to the undo log (whose hook may fail it); the log, when the table has one. */
  #before(kind: WriteKind): UndoLog | undefined {
    const writes = this.#writes
    if (!writes) return undefined
    writes.log.before(writes.name, kind)
    return writes.log
  }

  /** Changes a stored record's fields in place, re-filing it in every observer. */
  #assign(stored: R, changes: Partial<R>, absent: readonly string[]): void {
    for (const observer of this.#observers) observer.remove(stored)
    Object.assign(stored, changes)
    for (const key of absent) delete (stored as Record<string, unknown>)[key]
    for (const observer of this.#observers) observer.add(stored)
    this.#watcher?.(stored.id, false)
  }

  /**
   * Before the first removal of a transaction, notes the order of the IDs (records are listed in
   * insertion order, and a record put back goes last): the rollback, which runs this note's undo
   * after putting every removed record back, restores the order. IDs only, once per transaction.
   */
  #keepOrder(log: UndoLog): void {
    if (this.#orderKept === log.generation) return
    this.#orderKept = log.generation
    const order = Array.from(this.#byId.keys())
    log.record(() => {
      const byId = new Map<string, R>()
      for (const id of order) {
        const record = this.#byId.get(id)
        if (record) byId.set(id, record)
      }
      for (const [id, record] of this.#byId) if (!byId.has(id)) byId.set(id, record)
      this.#byId = byId
    })
  }

  #track(record: R): void {
    this.#byId.set(record.id, record)
    for (const observer of this.#observers) observer.add(record)
    this.#watcher?.(record.id, false)
  }

  #untrack(record: R): void {
    this.#byId.delete(record.id)
    for (const observer of this.#observers) observer.remove(record)
    this.#watcher?.(record.id, true)
  }
}

/**
 * The @msw/data collection calls kept on `table.collection` for code written against them.
 *
 * @deprecated Call the table's own methods.
 */
export interface TableCollection<R> {
  findFirst(predicate: TablePredicate<R>): R | undefined
  findMany(predicate?: TablePredicate<R>): R[]
  count(): number
  all(): R[]
  update(predicate: TablePredicate<R>, options: { data: (draft: R) => void | Promise<void> }): Promise<R | undefined>
  delete(predicate: TablePredicate<R>): R | undefined
}

/** A copy of plain data (what records and snapshots hold: JSON values), cheaper than `structuredClone`. */
export function cloneData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(cloneData) as T
  const copy: Record<string, unknown> = {}
  for (const key in value) copy[key] = cloneData((value as Record<string, unknown>)[key])
  return copy as T
}
