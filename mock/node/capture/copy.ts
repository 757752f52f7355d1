import type { Tables } from '../../tables/db.ts'
import type { Table } from '../../tables/table.ts'

/** The name of one of the platform's tables (`spaces`, `pages`...). */
export type TableName = keyof Tables

/** The record a table stores, as the model's schema for it says. */
export type RecordOf<K extends TableName> = Tables[K] extends Table<infer R> ? R : never

/**
 * What a capture gives for a record: the table's fields without the creation sequence the copy
 * numbers itself. Typed by the table, so a field the model renames or adds as required fails to
 * compile here rather than the copy failing to load.
 */
export type RecordValues<K extends TableName> = Omit<RecordOf<K>, 'seq'>

/**
 * The records of the copy, table by table, in the order they were read. Each record gets its
 * creation sequence when added, as the platform's own `insert` does; adding a record whose ID
 * is already there merges the new fields into it (the same user seen in two organizations).
 */
export class Copy {
  // Keyed by table, each holding that table's records: typed per key, so no lookup needs a cast.
  readonly #tables: { [K in TableName]?: Map<string, RecordOf<K>> } = {}
  seq = 0

  #rowsOf<K extends TableName>(table: K): Map<string, RecordOf<K>> | undefined {
    return this.#tables[table]
  }

  add<K extends TableName>(table: K, values: RecordValues<K>): RecordOf<K> {
    let rows = this.#rowsOf(table)
    if (!rows) this.#tables[table] = rows = new Map()
    const known = rows.get(values.id)
    if (known) return Object.assign(known, withoutUndefined(values))
    const record = { ...withoutUndefined(values), seq: ++this.seq } as RecordOf<K>
    rows.set(values.id, record)
    return record
  }

  get<K extends TableName>(table: K, id: string): RecordOf<K> | undefined {
    return this.#rowsOf(table)?.get(id)
  }

  has(table: TableName, id: string): boolean {
    return this.#tables[table]?.has(id) ?? false
  }

  rows<K extends TableName>(table: K): Array<RecordOf<K>> {
    return [...(this.#rowsOf(table)?.values() ?? [])]
  }

  delete(table: TableName, id: string): void {
    this.#tables[table]?.delete(id)
  }

  /** Every table, as `SerializedState.tables` holds them. */
  tables(): Record<string, unknown[]> {
    const out: Record<string, unknown[]> = {}
    for (const [name, rows] of Object.entries(this.#tables)) out[name] = [...rows.values()]
    return out
  }

  /** Counts per table, for the summary. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const [name, rows] of Object.entries(this.#tables)) out[name] = rows.size
    return out
  }
}

/** Optional record fields are absent, never `undefined` (the tables' schemas and JSON agree). */
function withoutUndefined<T extends object>(values: T): T {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) if (value !== undefined) out[key] = value
  return out as T
}
