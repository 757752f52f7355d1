/** A stored record under construction: what the mock's tables hold (`id`, `seq`, fields). */
export type RecordValues = { id: string } & Record<string, unknown>

/**
 * The records of the copy, table by table, in the order they were read. Each record gets its
 * creation sequence when added, as the platform's own `insert` does; adding a record whose ID
 * is already there merges the new fields into it (the same user seen in two organizations).
 */
export class Copy {
  readonly #tables = new Map<string, Map<string, Record<string, unknown>>>()
  seq = 0

  add(table: string, values: RecordValues): Record<string, unknown> {
    let rows = this.#tables.get(table)
    if (!rows) this.#tables.set(table, (rows = new Map()))
    const known = rows.get(values.id)
    if (known) return Object.assign(known, withoutUndefined(values))
    const record = { ...withoutUndefined(values), seq: ++this.seq }
    rows.set(values.id, record)
    return record
  }

  get(table: string, id: string): Record<string, unknown> | undefined {
    return this.#tables.get(table)?.get(id)
  }

  has(table: string, id: string): boolean {
    return this.#tables.get(table)?.has(id) ?? false
  }

  rows(table: string): Array<Record<string, unknown>> {
    return [...(this.#tables.get(table)?.values() ?? [])]
  }

  delete(table: string, id: string): void {
    this.#tables.get(table)?.delete(id)
  }

  /** Every table, as `SerializedState.tables` holds them. */
  tables(): Record<string, unknown[]> {
    const out: Record<string, unknown[]> = {}
    for (const [name, rows] of this.#tables) out[name] = [...rows.values()]
    return out
  }

  /** Counts per table, for the summary. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const [name, rows] of this.#tables) out[name] = rows.size
    return out
  }
}

/** Optional record fields are absent, never `undefined` (the tables' schemas and JSON agree). */
function withoutUndefined<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) if (value !== undefined) out[key] = value
  return out as T
}
