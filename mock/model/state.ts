import type { Clock } from '../core/clock.ts'
import type { ChangeLog } from './changes.ts'
import type { Random } from '../core/random.ts'
import { createDb, type Db } from './db.ts'
import { cloneData, Table, type BaseRecord } from './table.ts'

/** Where the platform's resources say they live (`urls.app`, `urls.location`, published sites). */
export interface Urls {
  /** The API base URL, without `/v1`. */
  api: string
  /** The web app's base URL. */
  app: string
}

/** Everything the platform knows: tables, clock, randomness. The model's functions take it first. */
export interface State {
  db: Db
  clock: Clock
  random: Random
  urls: Urls
  /** Creation counter: gives every record its `seq`. */
  seq: number
  /** Records each operation's changes when the platform is journaled (`--state`); unset otherwise. */
  changes?: ChangeLog
}

export function createState(clock: Clock, random: Random, urls: Urls): State {
  return { db: createDb(), clock, random, urls, seq: 0 }
}

/** A new opaque ID. */
export function newId(state: State): string {
  return state.random.string(20)
}

/** The next creation sequence number. */
export function nextSeq(state: State): number {
  return ++state.seq
}

/** Stores a new record, giving it an ID (unless it has one) and a sequence number. */
export function insert<R extends BaseRecord>(state: State, table: Table<R>, values: Omit<R, 'id' | 'seq'> & { id?: string }): Promise<R> {
  return table.insert({ ...values, id: values.id ?? newId(state), seq: nextSeq(state) } as R)
}

/** The tables of a state, by name (indexes left out). */
export function tablesOf(db: Db): Array<[string, Table<BaseRecord>]> {
  return (Object.entries(db) as Array<[string, unknown]>).filter((e): e is [string, Table<BaseRecord>] => e[1] instanceof Table)
}

/** A serialisable copy of the whole state: what snapshots and `--state` files hold. */
export interface SerializedState {
  format: 'docplat-mock-state'
  version: 1
  seq: number
  random: number[]
  clock: { ms: number; frozen: boolean; last: number }
  tables: Record<string, unknown[]>
}

export function serialize(state: State): SerializedState {
  const tables: Record<string, unknown[]> = {}
  for (const [name, table] of tablesOf(state.db)) tables[name] = Array.from(table.all(), cloneData)
  return { format: 'docplat-mock-state', version: 1, seq: state.seq, random: state.random.state, clock: state.clock.state, tables }
}
