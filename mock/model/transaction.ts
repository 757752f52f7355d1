import { Random } from '../core/random.ts'
import type { State } from './state.ts'

/** The ways a table's records change (mock/model/table.ts): each one is undone on a rollback. */
export type WriteKind = 'insert' | 'update' | 'delete' | 'load' | 'clear'

/**
 * Told before every table write, with the table's name: a test's fault injection throws here to
 * fail that write (test/reliability/atomicity.test.ts). Passed to the state when it is created,
 * never set on a module, so two platforms never share one.
 */
export type BeforeWrite = (table: string, kind: WriteKind) => void

/**
 * The undo log the tables of one state share. While a transaction is open, every write records
 * its inverse here (a removed record, the fields an update replaced); a rollback runs them in
 * reverse through the tables' own write path, so every index and cache observing a table follows.
 * Closed, a write records nothing and costs one test.
 */
export class UndoLog {
  readonly #beforeWrite: BeforeWrite | undefined
  #undo: Array<() => void> | undefined
  #firstWrite: string | undefined
  /** Counts transactions, so a table can tell whether it already kept its order in this one. */
  #generation = 0

  constructor(beforeWrite?: BeforeWrite) {
    this.#beforeWrite = beforeWrite
  }

  /** Whether a transaction is open (writes then record their inverse). */
  get open(): boolean {
    return this.#undo !== undefined
  }

  /** Which transaction is open, or was last: a table keeps its order once per transaction. */
  get generation(): number {
    return this.#generation
  }

  /** `table.kind` of the first write of the open transaction; `undefined` when it wrote nothing. */
  get firstWrite(): string | undefined {
    return this.#firstWrite
  }

  /** Called by a table before it changes anything: a failing hook fails the write, which changes nothing. */
  before(table: string, kind: WriteKind): void {
    this.#beforeWrite?.(table, kind)
    if (this.#undo && this.#firstWrite === undefined) this.#firstWrite = `${table}.${kind}`
  }

  /** Records how to undo the write just made (only while a transaction is open). */
  record(undo: () => void): void {
    this.#undo?.push(undo)
  }

  /** @internal */
  begin(): void {
    if (this.#undo) throw new Error('A transaction is already open on this state')
    this.#undo = []
    this.#firstWrite = undefined
    this.#generation++
  }

  /** Keeps what was written. @internal */
  commit(): void {
    this.#undo = undefined
    this.#firstWrite = undefined
  }

  /** Undoes every write of the open transaction, latest first. @internal */
  rollback(): void {
    const undo = this.#undo
    this.#undo = undefined
    this.#firstWrite = undefined
    if (!undo) return
    for (let i = undo.length - 1; i >= 0; i--) undo[i]!()
  }
}

/**
 * One operation's writes over a state, all kept or none: besides the tables (their undo log), it
 * restores what a write advances next to them (the creation counter, the ID stream, a seeded
 * secret stream, the clock's last stamp) and tells the journal's change log to forget what the
 * operation touched. So after a rollback the next IDs and stamps are those the platform would have
 * given had the failed request never come.
 */
export class Transaction {
  readonly #state: State
  readonly #seq: number
  readonly #random: number[]
  readonly #secrets: number[] | undefined
  readonly #lastStamp: number

  constructor(state: State) {
    this.#state = state
    this.#seq = state.seq
    this.#random = state.random.state
    this.#secrets = state.secrets instanceof Random ? state.secrets.state : undefined
    this.#lastStamp = state.clock.state.last
    state.writes.begin()
    state.changes?.begin(state)
  }

  /** `table.kind` of the first write made so far; `undefined` when none. */
  get firstWrite(): string | undefined {
    return this.#state.writes.firstWrite
  }

  commit(): void {
    this.#state.writes.commit()
  }

  rollback(): void {
    const state = this.#state
    state.writes.rollback()
    state.seq = this.#seq
    state.random = new Random(this.#random)
    if (this.#secrets) state.secrets = new Random(this.#secrets)
    const clock = state.clock.state
    if (clock.last !== this.#lastStamp) state.clock.load({ ...clock, last: this.#lastStamp })
    state.changes?.rollback(state)
  }
}
