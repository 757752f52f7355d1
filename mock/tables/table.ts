import { Query } from './query.ts'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { compareKeys, type SortKey } from '../base/sort-key.ts'
import type { UndoLog, WriteKind } from './undo-log.ts'
import { lowerBound } from '../base/lower-bound.ts'
import type { CompileExactCheck } from './exact-check.ts'

export { compareKeys, type SortKey }

/**
 * A stored value as reads hand it out: read-only all the way down (arrays become `readonly T[]`,
 * objects `{ readonly ... }`, maps and sets their read-only views), so a nested list or object
 * of a record cannot be changed in place, which would bypass `update` (no validation, no
 * observers, no undo on a rollback). Records hold plain data; functions pass through as they are.
 */
export type Stored<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends ReadonlyMap<infer K, infer V>
    ? ReadonlyMap<K, Stored<V>>
    : T extends ReadonlySet<infer V>
      ? ReadonlySet<Stored<V>>
      : T extends object
        ? { readonly [K in keyof T]: Stored<T[K]> }
        : T

/**
 * Changes built up field by field before one `update` (`const patch: Patch<SpaceRecord> = {}`):
 * the record's fields, optional and assignable; their values stay as read-only as stored.
 */
export type Patch<R> = { -readonly [K in keyof R]?: R[K] }

/** Fields every stored record has: an opaque ID and a creation sequence number (stable order, cursors). */
export interface BaseRecord {
  id: string
  seq: number
}

/**
 * Records grouped by a parent key and kept sorted by a sort key, maintained on every write,
 * so one page of a child list costs a binary search plus the page, whatever the size.
 */
export class SortedIndex<R extends BaseRecord> {
  #groups = new Map<string, Stored<R>[]>()
  /**
   * Set while the groups are a shared start's (see {@link Table.share}): the group lists this
   * index has copied since, the only ones it may change in place. `undefined` when all are its own.
   */
  #owned: Set<Stored<R>[]> | undefined
  /** Whether the groups map itself is still the shared start's. */
  #sharedGroups = false

  readonly groupOf: (record: Stored<R>) => string | undefined
  readonly keyOf: (record: Stored<R>) => SortKey

  constructor(groupOf: (record: Stored<R>) => string | undefined, keyOf: (record: Stored<R>) => SortKey) {
    this.groupOf = groupOf
    this.keyOf = keyOf
  }

  /** Re-files what a write changed: the record as it was out, the record as it is in. */
  apply(event: TableEvent<R>): void {
    if (event.kind === 'cleared') {
      this.#groups = new Map()
      this.#owned = undefined
      this.#sharedGroups = false
      return
    }
    if (event.before) this.#remove(event.before)
    if (event.after) this.#add(event.after)
  }

  /** Starts from `base`'s groups, shared until a write changes one. @internal */
  share(base: SortedIndex<R>): void {
    this.#groups = base.#groups
    this.#sharedGroups = true
    this.#owned = new Set()
  }

  /** Puts `copy` where `record` (the same ID, group and key) is filed: a shared record made the table's own. @internal */
  replace(record: Stored<R>, copy: Stored<R>): void {
    const group = this.groupOf(record)
    if (group === undefined) return
    const list = this.#writable(group)
    if (!list) return
    const at = list.indexOf(record)
    if (at >= 0) list[at] = copy
  }

  /** The list of `group` this index may change in place (copied from a shared start on first need). */
  #writable(group: string): Stored<R>[] | undefined {
    const list = this.#groups.get(group)
    const owned = this.#owned
    if (!owned || !list || owned.has(list)) return list
    if (this.#sharedGroups) {
      this.#groups = new Map(this.#groups)
      this.#sharedGroups = false
    }
    const copy = list.slice()
    owned.add(copy)
    this.#groups.set(group, copy)
    return copy
  }

  /** The records of a group in key order (a live array: do not mutate). */
  get(group: string): readonly Stored<R>[] {
    return this.#groups.get(group) ?? []
  }

  #add(record: Stored<R>): void {
    const group = this.groupOf(record)
    if (group === undefined) return
    const key = this.keyOf(record)
    let list = this.#writable(group)
    if (!list) {
      if (this.#sharedGroups) {
        this.#groups = new Map(this.#groups)
        this.#sharedGroups = false
      }
      this.#groups.set(group, (list = []))
      this.#owned?.add(list)
    }
    // Most records arrive last in their list's order (keys end with the creation sequence).
    const last = list.at(-1)
    if (!last || compareKeys(this.keyOf(last), key) < 0) list.push(record)
    else list.splice(this.#search(list, key), 0, record)
  }

  /**
   * Takes a record out, found by its group and key as they were (an update's `before`, a copy
   * taken before the change): keeping them per record and index cost more memory than the record itself.
   */
  #remove(record: Stored<R>): void {
    const group = this.groupOf(record)
    if (group === undefined) return
    const list = this.#writable(group)
    if (!list) return
    const at = this.#search(list, this.keyOf(record))
    if (list[at]?.id === record.id) list.splice(at, 1)
    else {
      const i = list.findIndex((r) => r.id === record.id)
      if (i >= 0) list.splice(i, 1)
    }
    if (list.length === 0) {
      this.#groups.delete(group)
      this.#owned?.delete(list)
    }
  }

  /** First position whose key is not below `key`. */
  #search(list: readonly Stored<R>[], key: SortKey): number {
    return lowerBound(list, (record) => compareKeys(this.keyOf(record), key) < 0)
  }
}

/**
 * One write as a table tells it. `before` is the record as it was (absent for a new record),
 * `after` as it is now (absent for a removed one); a change in place gives the stored record as
 * `after` and a shallow copy taken before the change as `before` (sharing the nested values,
 * which are never changed in place: a change replaces a field). A table emptied at once tells
 * it in one `cleared` event, with the records it held.
 */
export type TableEvent<R> =
  | { readonly kind: 'write'; readonly table: string; readonly before: Stored<R> | undefined; readonly after: Stored<R> | undefined }
  | { readonly kind: 'cleared'; readonly table: string; readonly before: ReadonlyMap<string, Stored<R>> }

/**
 * What listens to a table's writes: its sorted indexes, the caches and indexes derived from its
 * records (content cache, search indexes, question index) and the journal's change log. The one
 * channel a write is told on, after it is made, so no write can leave one of them stale.
 */
export type TableObserver<R> = (event: TableEvent<R>) => void

/**
 * A condition on records, in @msw/data's query language (mock/tables/query.ts): `(q) => q.where({ organization: id })`.
 * Its predicate functions see the records as stored (`Stored`), read-only.
 */
export type TablePredicate<R> = (query: Query<Stored<R>>) => Query<Stored<R>>

/**
 * One stored resource: records by ID, validated against the table's schema on every write, with
 * the sorted indexes and derived data that observe it. `insert`, `update`, `delete`, `load` and
 * `clear` are the only ways in, and each tells every observer. Reads hand out the stored records
 * as `Stored` (read-only all the way down): a change goes through `update`, which validates it,
 * tells the observers and is undone on a rollback.
 * Ad-hoc queries (`findMany((q) => q.where({ ... }))`) use @msw/data's query language.
 */
export class Table<R extends BaseRecord> {
  readonly #schema: StandardSchemaV1<R, R>
  #byId = new Map<string, Stored<R>>()
  readonly #observers: TableObserver<R>[] = []
  /** The state's undo log and this table's name in it (mock/tables/undo-log.ts). */
  #writes: { log: UndoLog; name: string } | undefined
  /** The transaction in which this table last kept its order (a rollback puts removed records back in place). */
  #orderKept = -1
  /** Its sorted indexes, in the order they were made: a shared start's are shared in the same order. */
  readonly #indexes: SortedIndex<R>[] = []
  /**
   * The records of the shared start this table began from ({@link Table.share}): never changed in
   * place. A record still the same object as there is shared with every table that began from it;
   * an update makes it this table's own first.
   */
  #base: ReadonlyMap<string, Stored<R>> | undefined
  /** Whether `#byId` is still the shared start's map (copied on the first write that adds or removes). */
  #sharedMap = false
  /** Set on a shared start: any write to it is a bug (it would show in every table sharing it). */
  #frozen = false
  /** The transaction in which an update last met a shared record: a second one in the next round owns every record. */
  #sharedWriteAt = -2

  constructor(schema: StandardSchemaV1<R, R>) {
    this.#schema = schema
  }

  /** The table's name in its state (`spaces`, `pages`...): what its events say; empty until it joins one. */
  get name(): string {
    return this.#writes?.name ?? ''
  }

  /** Adds a sorted index over this table; existing records are filed at once. */
  index(groupOf: (record: Stored<R>) => string | undefined, keyOf: (record: Stored<R>) => SortKey): SortedIndex<R> {
    const index = new SortedIndex(groupOf, keyOf)
    this.#indexes.push(index)
    for (const record of this.#byId.values()) index.apply({ kind: 'write', table: this.name, before: undefined, after: record })
    this.observe((event) => index.apply(event))
    return index
  }

  /**
   * Tells `observer` of every write from now on (records already stored are not replayed).
   * Returns what stops it.
   */
  observe(observer: TableObserver<R>): () => void {
    this.#observers.push(observer)
    return () => {
      const at = this.#observers.indexOf(observer)
      if (at >= 0) this.#observers.splice(at, 1)
    }
  }

  /**
   * Joins the undo log of the state this table belongs to, under its name there: from now on
   * every write is announced to it and, while a transaction is open, records its inverse. @internal
   */
  attach(log: UndoLog, name: string): void {
    this.#writes = { log, name }
  }

  /**
   * Begins from `base`'s records and indexes without copying them: `base` is a table filled once
   * and never written again (a shared start, frozen here), this one empty and not yet written.
   * The map, index lists and records are copied on the first write that changes them, so what
   * one table writes never shows in `base` nor in any other table begun from it. Observers are not
   * told: what derives from the records is built on first read. @internal
   */
  share(base: Table<R>): void {
    if (this.#byId.size > 0 || base === this) throw new TypeError('Only an empty table can begin from a shared start')
    base.#frozen = true
    this.#byId = base.#byId
    this.#base = base.#byId
    this.#sharedMap = true
    for (const [i, index] of this.#indexes.entries()) {
      const from = base.#indexes[i]
      if (from) index.share(from)
    }
  }

  get(id: string): Stored<R> | undefined {
    return this.#byId.get(id)
  }

  get size(): number {
    return this.#byId.size
  }

  /** Every record, in insertion order. */
  all(): IterableIterator<Stored<R>> {
    return this.#byId.values()
  }

  /** The first record matching a condition, in insertion order (a scan: the model uses IDs and indexes). */
  findFirst(predicate: TablePredicate<R>): Stored<R> | undefined {
    const query = predicate(new Query<Stored<R>>())
    for (const record of this.#byId.values()) if (query.test(record)) return record
    return undefined
  }

  /** Every record matching a condition, in insertion order. */
  findMany(predicate?: TablePredicate<R>): Stored<R>[] {
    if (!predicate) return [...this.#byId.values()]
    const query = predicate(new Query<Stored<R>>())
    return [...this.#byId.values()].filter((record) => query.test(record))
  }

  /** How many records match a condition (all of them without one). */
  count(predicate?: TablePredicate<R>): number {
    return predicate ? this.findMany(predicate).length : this.#byId.size
  }

  /**
   * Validates and stores a new record (a copy of `values`, so nothing the caller keeps is
   * stored); an ID already stored is refused.
   */
  insert(values: Stored<R>): Stored<R> {
    if (this.#byId.has(values.id)) throw new TypeError(`A record with ID ${values.id} is already stored`)
    const record = this.#validate(values, 'The new record')
    const log = this.#before('insert')
    this.#ownMap()
    this.#track(record)
    if (log?.open) log.record(() => this.#untrack(record))
    return record
  }

  /**
   * Stores many records at once (restoring a snapshot into an empty table): each validated (or,
   * when `trusted` because it comes from the platform's own serializer, only copied). Throws
   * before storing anything when a record is invalid or an ID repeats. With `keepAsParsed` the
   * records are the table's to keep (parsed for it alone, as a state file's are): one the check
   * it compiles from the schema takes as it is is stored itself, not the schema's copy of it. The
   * compiler is the caller's, so bundles that never load a file do not carry it.
   */
  load(records: readonly unknown[], trusted: boolean, keepAsParsed?: CompileExactCheck): void {
    const exact = keepAsParsed && !trusted ? (keepAsParsed(this.#schema) ?? false) : false
    const values = records.map((record, i) =>
      trusted ? (cloneData(record) as Stored<R>) : exact && exact(record) ? (record as Stored<R>) : this.#validate(record, `Record ${i}`),
    )
    const ids = new Set(this.#byId.keys())
    for (const [i, value] of values.entries()) {
      if (ids.has(value.id)) throw new TypeError(`Record ${i} repeats the ID ${value.id}`)
      ids.add(value.id)
    }
    const log = this.#before('load')
    this.#ownMap()
    for (const record of values) this.#track(record)
    if (log?.open)
      log.record(() => {
        for (let i = values.length - 1; i >= 0; i--) this.#untrack(values[i]!)
      })
  }

  /**
   * Changes a stored record in place (O(1); the indexes re-file it and derived caches drop what
   * it fed). The changed record is validated first: an invalid change throws and changes nothing.
   * The record takes the validated copies of the changed fields, not the caller's values, so a
   * list or object the caller keeps and changes later does not change the stored record.
   */
  update(record: Stored<R>, changes: Partial<Stored<R>>): Stored<R> {
    let stored = this.#byId.get(record.id)
    if (!stored) throw new TypeError(`No record with ID ${record.id} is stored`)
    if (this.#base?.get(stored.id) === stored) stored = this.#unshare(stored)
    if ('id' in changes && changes.id !== stored.id) throw new TypeError('A record keeps its ID')
    const merged = this.#validate({ ...stored, ...changes }, `Record ${stored.id}`)
    const copies: Partial<Stored<R>> = {}
    for (const key in changes) copies[key] = merged[key]
    const log = this.#before('update')
    if (log?.open) {
      // Only the fields this change replaces: the record keeps its identity, which the model's references rely on.
      const previous: Record<string, unknown> = {}
      const absent: string[] = []
      for (const key in changes) {
        if (Object.hasOwn(stored, key)) previous[key] = stored[key]
        else absent.push(key)
      }
      log.record(() => this.#assign(stored, previous as Partial<Stored<R>>, absent))
    }
    this.#assign(stored, copies, [])
    return stored
  }

  /** Removes a record (nothing happens when it is not stored). */
  delete(record: Stored<R>): void {
    const stored = this.#byId.get(record.id)
    if (!stored) return
    const log = this.#before('delete')
    this.#ownMap()
    if (log?.open) {
      this.#keepOrder(log)
      log.record(() => this.#track(stored))
    }
    this.#untrack(stored)
  }

  clear(): void {
    const log = this.#before('clear')
    const records = this.#byId
    this.#byId = new Map()
    this.#sharedMap = false
    this.#tell({ kind: 'cleared', table: this.name, before: records })
    if (log?.open) {
      log.record(() => {
        // Whatever the transaction stored after the clear was undone first: the table is empty again.
        this.#tell({ kind: 'cleared', table: this.name, before: this.#byId })
        this.#byId = new Map()
        for (const record of records.values()) this.#track(record)
      })
    }
  }

  /** The validated copy of `record`, typed as the table hands records out. */
  #validate(record: unknown, what: string): Stored<R> {
    const result = this.#schema['~standard'].validate(record)
    if (result instanceof Promise) throw new TypeError('Asynchronous record schemas are not supported')
    if (result.issues) {
      const issue = result.issues[0]!
      const where = issue.path?.map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(record)'
      throw new TypeError(`${what} does not match its table's schema at ${where}: ${issue.message}`)
    }
    return result.value as Stored<R>
  }

  /** Copies the shared start's map before the first write that adds or removes a record. */
  #ownMap(): void {
    if (!this.#sharedMap) return
    this.#byId = new Map(this.#byId)
    this.#sharedMap = false
  }

  /**
   * Before an update of a record shared with other tables: outside a transaction, the record is
   * copied and the copy updated. Inside one, the operation may hold the shared record and read it
   * after the update (a record keeps its identity), so the write is refused and the undo log told
   * which record to copy: the transaction is rolled back, the record made this table's own, and
   * the operation run again (mock/core.ts), reading the copy from the start. A second refusal in
   * the next round (an operation updating many records) copies the whole table at once.
   */
  #unshare(stored: Stored<R>): Stored<R> {
    const log = this.#writes?.log
    if (!log?.open) return this.#own(stored)
    const all = this.#sharedWriteAt === log.generation - 1
    this.#sharedWriteAt = log.generation
    log.unshare(() => {
      if (all) for (const record of this.#byId.values()) this.#own(record)
      else {
        const current = this.#byId.get(stored.id)
        if (current) this.#own(current)
      }
    })
    throw new SharedRecordWrite(this.name, stored.id)
  }

  /** The table's own copy of a record (made, and filed in its indexes, when it is still shared). */
  #own(record: Stored<R>): Stored<R> {
    if (this.#base?.get(record.id) !== record) return record
    this.#ownMap()
    const copy = { ...record }
    this.#byId.set(record.id, copy)
    for (const index of this.#indexes) index.replace(record, copy)
    return copy
  }

  /** Announces a write to the undo log (whose hook may fail it); the log, when the table has one. */
  #before(kind: WriteKind): UndoLog | undefined {
    if (this.#frozen) throw new TypeError(`Table ${this.name || '(shared start)'} is a shared start: it is never written`)
    const writes = this.#writes
    if (!writes) return undefined
    writes.log.before(writes.name, kind)
    return writes.log
  }

  #tell(event: TableEvent<R>): void {
    for (const observer of this.#observers) observer(event)
  }

  /** Changes a stored record's fields in place and tells the observers, with a copy of the record as it was. */
  #assign(stored: Stored<R>, changes: Partial<Stored<R>>, absent: readonly string[]): void {
    const before = this.#observers.length > 0 ? { ...stored } : undefined
    Object.assign(stored, changes)
    for (const key of absent) delete (stored as Record<string, unknown>)[key]
    if (before) this.#tell({ kind: 'write', table: this.name, before, after: stored })
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
      const byId = new Map<string, Stored<R>>()
      for (const id of order) {
        const record = this.#byId.get(id)
        if (record) byId.set(id, record)
      }
      for (const [id, record] of this.#byId) if (!byId.has(id)) byId.set(id, record)
      this.#byId = byId
    })
  }

  #track(record: Stored<R>): void {
    this.#byId.set(record.id, record)
    this.#tell({ kind: 'write', table: this.name, before: undefined, after: record })
  }

  #untrack(record: Stored<R>): void {
    this.#byId.delete(record.id)
    this.#tell({ kind: 'write', table: this.name, before: record, after: undefined })
  }
}

/**
 * Thrown by an update, inside a transaction, of a record a table shares with others: the
 * transaction is rolled back and run again once the record is the table's own (mock/core.ts). Never
 * reaches a client: only a transaction runner sees it. @internal
 */
export class SharedRecordWrite extends Error {
  constructor(table: string, id: string) {
    super(`An update of the shared record ${id} of ${table || 'a table'}: the transaction runs again with its own copy`)
    this.name = 'SharedRecordWrite'
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
