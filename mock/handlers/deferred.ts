import type { State } from '../model/state.ts'

/**
 * How a {@link Deferred} comes back once its work, outside the state lock, is done: the operation
 * runs again from the start (`prepare`), the work's value is the answer (`answer`), or a last step
 * runs under the lock with the work's value (`finish`).
 */
type Way<T> =
  | { readonly kind: 'prepare'; readonly work: () => Promise<void> }
  | { readonly kind: 'answer'; readonly work: () => Promise<T> }
  | { readonly kind: 'finish'; readonly work: () => Promise<unknown>; readonly last: (value: unknown, state: State) => T }

/**
 * The one way an operation finishes work after the state lock: what it returns instead of its
 * answer `T` when part of the work must not hold the lock (parsing or searching much content, an
 * outbound call that may call the platform back, converting markdown a read asked as documents).
 * It carries that work and how its result comes back; the core runs the work outside the
 * lock, giving the event loop back to other requests, then brings the result back its way:
 *
 * - {@link Deferred.prepare}: the work only fills caches the platform owns, and the operation runs
 *   again under the lock, finding them filled. The run is repeated, so it must not write first: a
 *   run that wrote and then asks to prepare is rolled back and fails (a 500 naming the operation
 *   and the table, a bug of the mock).
 * - {@link Deferred.answer}: the run's writes are committed, and the work's value is the answer
 *   (a tunnel's rendered UI, documents converted from markdown read under the lock).
 * - {@link Deferred.finish}: the run's writes are committed, then `last` runs under the lock with
 *   the work's value, as a transaction of its own (journaled with the next commit, rolled back if
 *   it throws), and its value is the answer (deliveries to tunnels, whose outcomes are written back).
 *
 * See docs/decisions/model.md ("Work after the lock: `Deferred<T>`").
 */
export class Deferred<T> {
  readonly way: Way<T>

  private constructor(way: Way<T>) {
    this.way = way
  }

  /**
   * Runs `work` outside the lock, then the operation again (at most {@link MAX_PREPARES} times).
   * `never`: this run gives no answer, the next one does.
   */
  static prepare(work: () => Promise<void>): Deferred<never> {
    return new Deferred<never>({ kind: 'prepare', work })
  }

  /** Answers with what `work` resolves to (or the `HttpError` it throws), outside the lock. */
  static answer<T>(work: () => Promise<T>): Deferred<T> {
    return new Deferred({ kind: 'answer', work })
  }

  /** Runs `work` outside the lock, then `last` under it, as a transaction of its own: its value is the answer. */
  static finish<V, T>(work: () => Promise<V>, last: (value: V, state: State) => T): Deferred<T> {
    // `last` is only ever called with what this `work` resolved to.
    return new Deferred<T>({ kind: 'finish', work, last: last as (value: unknown, state: State) => T })
  }
}

/**
 * How many times one operation may ask to {@link Deferred.prepare}: an answer asks for its search
 * index, its searches (twice: the whole question, then its words), then the pages they find.
 */
export const MAX_PREPARES = 4
