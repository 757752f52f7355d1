import { cloneData, type BaseRecord, type TableEvent } from '../tables/table.ts'
import { serialize, tableEntries, type SerializedState, type State } from './state.ts'

/** What one table gained, changed or lost: removed IDs first, then whole records as they are now. */
export interface TableChanges {
  delete?: string[]
  put?: unknown[]
}

/**
 * The records one or more operations changed, as whole records, with the counters a snapshot
 * holds: applying it to the state before gives the state after, whatever the operation was.
 */
export interface ChangeEntry {
  seq: number
  random: number[]
  clock: { ms: number; frozen: boolean; last: number }
  tables: Record<string, TableChanges>
}

/** What {@link ChangeLog.take} hands over: whole-state snapshots replace, entries amend. */
export interface TakenChanges {
  /** The whole state, when it was replaced (restore, reset) or a snapshot was asked for. */
  snapshot?: SerializedState
  /** Changes since the snapshot (or since the last take), oldest first. */
  entries: ChangeEntry[]
}

/**
 * Records which records each operation touched, and at the end of the operation (called under
 * the state lock, so never halfway through another one) copies them into an entry. Table-level
 * rather than request-level: replaying entries needs no clock, randomness or outbound calls to
 * behave as they did. Off until `platform.trackChanges()` turns it on, so a platform without a
 * state file pays nothing.
 */
export class ChangeLog {
  /** Per table, the IDs touched since the last commit, and whether each left the table meanwhile. */
  #touched = new Map<string, Map<string, boolean>>()
  /** What was touched when the open transaction began (writes outside operations, maintenance's). */
  #beforeTransaction: Map<string, Map<string, boolean>> | undefined
  #entries: ChangeEntry[] = []
  #snapshot: SerializedState | undefined
  #wantSnapshot = false
  /** The state watched; a request still running on a replaced one is none of the journal's business. */
  #state: State | undefined
  /** Stops observing the watched state's tables. */
  #unobserve: Array<() => void> = []

  /** Starts watching every table of `state` (after a restore, the new state's). @internal */
  watch(state: State): void {
    state.changes = this
    this.#state = state
    this.#touched.clear()
    this.#beforeTransaction = undefined
    for (const stop of this.#unobserve) stop()
    this.#unobserve = tableEntries(state).map(([, table]) => table.observe((event) => this.#touch(event)))
  }

  /** Notes the IDs a write touched, and whether each left its table. */
  #touch(event: TableEvent<BaseRecord>): void {
    let ids = this.#touched.get(event.table)
    if (!ids) this.#touched.set(event.table, (ids = new Map()))
    if (event.kind === 'cleared') {
      for (const id of event.before.keys()) ids.set(id, true)
      return
    }
    const id = (event.after ?? event.before)!.id
    ids.set(id, event.after === undefined || (ids.get(id) ?? false))
  }

  /** The state was replaced as a whole: what follows starts from a snapshot of it. @internal */
  replaced(state: State): void {
    this.watch(state)
    this.#entries = []
    this.#snapshot = serialize(state)
    this.#wantSnapshot = false
  }

  /** An operation's transaction opens: remembers what was touched before it. @internal */
  begin(state: State): void {
    if (state !== this.#state) return
    this.#beforeTransaction = new Map(Array.from(this.#touched, ([name, ids]) => [name, new Map(ids)]))
  }

  /** The operation failed and its writes were undone: what it touched is forgotten. @internal */
  rollback(state: State): void {
    if (state !== this.#state || !this.#beforeTransaction) return
    this.#touched = this.#beforeTransaction
    this.#beforeTransaction = undefined
  }

  /** Asks for a whole snapshot at the next commit (to fold the journal into the state file). */
  requestSnapshot(): void {
    this.#wantSnapshot = true
  }

  /** Closes an operation: copies what it touched. Synchronous, under the state lock. @internal */
  commit(state: State): void {
    if (state !== this.#state) return
    this.#beforeTransaction = undefined
    if (this.#wantSnapshot) {
      this.#wantSnapshot = false
      this.#touched.clear()
      this.#entries = []
      this.#snapshot = serialize(state)
      return
    }
    if (this.#touched.size === 0) return
    const tables: Record<string, TableChanges> = {}
    const db = state.tables as unknown as Record<string, { get(id: string): unknown }>
    for (const [name, ids] of this.#touched) {
      const changes: TableChanges = {}
      for (const [id, removed] of ids) {
        const record = db[name]!.get(id)
        // Removed and back (a replace under the same ID) moves the record to the end, as in memory.
        if (removed) (changes.delete ??= []).push(id)
        if (record !== undefined) (changes.put ??= []).push(cloneData(record))
      }
      tables[name] = changes
    }
    this.#touched.clear()
    this.#entries.push({ seq: state.seq, random: state.random.state, clock: state.clock.state, tables })
  }

  /** Hands over what was committed since the last take. */
  take(): TakenChanges {
    const taken: TakenChanges = { entries: this.#entries, ...(this.#snapshot ? { snapshot: this.#snapshot } : {}) }
    this.#entries = []
    this.#snapshot = undefined
    return taken
  }
}

/**
 * Applies entries to a snapshot's data, as the platform applied them in memory: the result is
 * what a snapshot taken after the last entry would hold.
 */
export function applyEntries(snapshot: SerializedState, entries: readonly ChangeEntry[]): SerializedState {
  if (entries.length === 0) return snapshot
  const tables = new Map<string, Map<string, unknown>>()
  const tableOf = (name: string) => {
    let records = tables.get(name)
    if (!records) {
      records = new Map()
      for (const record of snapshot.tables[name] ?? []) records.set((record as { id: string }).id, record)
      tables.set(name, records)
    }
    return records
  }
  let last = entries[0]!
  for (const entry of entries) {
    last = entry
    for (const [name, changes] of Object.entries(entry.tables)) {
      const records = tableOf(name)
      for (const id of changes.delete ?? []) records.delete(id)
      for (const record of changes.put ?? []) records.set((record as { id: string }).id, record)
    }
  }
  const out: Record<string, unknown[]> = { ...snapshot.tables }
  for (const [name, records] of tables) out[name] = [...records.values()]
  return { ...snapshot, seq: last.seq, random: last.random, clock: last.clock, tables: out }
}
