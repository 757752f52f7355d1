import { DanglingReferenceError, findDanglingReference } from '../model/references.ts'
import type { SerializedState } from '../model/state.ts'
import type { BuiltScenario } from '../scenario-cache.ts'
import { createDb, tablesOf, type Tables } from '../tables/db.ts'
import type { BaseRecord, Table } from '../tables/table.ts'

/**
 * A starting state many platforms begin from without copying it: its records, by-ID maps and
 * sorted indexes are built once and shared; each platform copies only what it writes (a record on
 * its first update, a table's map on its first insert or removal). A write in one platform never
 * shows in another nor here: this state is never written after it is built.
 *
 * Made with {@link sharedStart} (in process) or by a server for `POST /_docplat/platforms` with
 * `"from": "server"`; given to `createMockPlatform({ start })`.
 */
export class SharedStart {
  /** The state as platforms load it: its tables' arrays hold the shared records themselves. @internal */
  readonly built: BuiltScenario
  readonly #tables: Tables

  /** @internal Use {@link sharedStart}. */
  constructor(snapshot: SerializedState, tokens: Readonly<Record<string, string>>, trusted: boolean) {
    const tables = tablesOf(createDb())
    const rows: Record<string, unknown[]> = {}
    for (const [name, table] of Object.entries(tables) as unknown as Array<[string, Table<BaseRecord>]>) {
      try {
        table.load(snapshot.tables[name] ?? [], trusted)
      } catch (error) {
        throw new TypeError(`Snapshot table "${name}": ${(error as Error).message}`, { cause: error })
      }
      rows[name] = Array.from(table.all())
    }
    this.#tables = tables
    // Nothing of the caller's snapshot is kept: changing it afterwards changes no platform.
    const copy: SerializedState = {
      ...snapshot,
      random: [...snapshot.random],
      ...(snapshot.secrets ? { secrets: [...snapshot.secrets] } : {}),
      clock: { ...snapshot.clock },
      tables: rows,
    }
    this.built = { snapshot: copy, tokens: { ...tokens } }
  }

  /**
   * The shared table to begin table `name` from, when `rows` are this start's own (a copy with
   * fresh secrets replaces a few tables: those are loaded, the others shared). @internal
   */
  table(name: string, rows: readonly unknown[] | undefined): Table<BaseRecord> | undefined {
    if (rows === undefined || this.built.snapshot.tables[name] !== rows) return undefined
    return (this.#tables as unknown as Record<string, Table<BaseRecord>>)[name]
  }
}

/**
 * A starting state to create many platforms from in one process, each sharing what it has not
 * written: `const start = sharedStart(snapshot)`, then `createMockPlatform({ start })` for each.
 * The snapshot is checked (format, records, references) and copied once: changing it afterwards
 * changes no platform. Throws a `TypeError` naming the table for one that does not load.
 */
export function sharedStart(snapshot: SerializedState): SharedStart {
  const v = snapshot as Partial<SerializedState> | undefined
  if (
    typeof v !== 'object' ||
    v === null ||
    v.format !== 'docplat-mock-state' ||
    !Array.isArray(v.random) ||
    typeof v.clock !== 'object' ||
    typeof v.tables !== 'object' ||
    v.tables === null
  )
    throw new TypeError('Not a docplat mock state snapshot')
  const dangling = findDanglingReference(snapshot)
  if (dangling !== undefined) throw new DanglingReferenceError(dangling)
  return new SharedStart(snapshot, {}, false)
}
