/** The ways a table's records change (mock/tables/table.ts): each one is undone on a rollback. */
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
  /** What makes the shared records the open transaction tried to update a table's own, run once it is rolled back. */
  #unshare: Array<() => void> = []

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

  /**
   * Whether the open transaction tried to update a record its table shares with others: it must be
   * rolled back and run again (the record is then the table's own), whatever it returned.
   */
  get sharedWrite(): boolean {
    return this.#unshare.length > 0
  }

  /** Notes how to make a shared record a table's own, once the open transaction is rolled back. */
  unshare(own: () => void): void {
    if (this.#undo) this.#unshare.push(own)
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
    if (this.#unshare.length > 0) throw new Error('A transaction that met a shared record must be rolled back, not committed')
    this.#undo = undefined
    this.#firstWrite = undefined
  }

  /** Undoes every write of the open transaction, latest first. @internal */
  rollback(): void {
    const undo = this.#undo
    this.#undo = undefined
    this.#firstWrite = undefined
    if (undo) for (let i = undo.length - 1; i >= 0; i--) undo[i]!()
    const unshare = this.#unshare
    this.#unshare = []
    for (const own of unshare) own()
  }
}
