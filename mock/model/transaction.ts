import { Random } from '../base/random.ts'
import type { State } from './state.ts'

/**
 * Runs `write` on the platform's current state as one transaction under its state lock (mock/core.ts,
 * `transactOn`): all kept or none, resolving with what `write` returns.
 */
export type Transact = <T>(write: (state: State) => T | Promise<T>) => Promise<T>

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

  /**
   * Whether this transaction met a record its state shares with other platforms (a shared start):
   * its runner rolls it back and runs it again, the record then the state's own.
   */
  get sharedWrite(): boolean {
    return this.#state.writes.sharedWrite
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
