import type { Clock } from '../base/clock.ts'
import { cryptoSecrets, Random, type SecretSource } from '../base/random.ts'
import { DocumentCache } from '../derived/comments/document-cache.ts'
import { AnalysisCache } from '../derived/content/analysis-cache.ts'
import { ContentCache } from '../derived/content/cache.ts'
import type { QuotableSections } from '../derived/ask/plain-blocks.ts'
import { QUOTES_KEPT } from '../derived/ask/quote-cache.ts'
import { createDb, indexesOf, tablesOf, type Indexes, type Tables } from '../tables/db.ts'
import type { Libraries } from '../tables/libraries.ts'
import { QuestionIndex } from '../derived/ask/question-index.ts'
import { PageMemo } from '../derived/pages/page-memo.ts'
import { cloneData, type BaseRecord, type Stored, type Table } from '../tables/table.ts'
import { UndoLog, type BeforeWrite } from '../tables/undo-log.ts'

/** Where the platform's resources say they live (`urls.app`, `urls.location`, published sites). */
export interface Urls {
  /** The API base URL, without `/v1`. */
  api: string
  /** The web app's base URL. */
  app: string
}

/** Everything the platform knows: tables, clock, randomness. The model's functions take it first. */
export interface State {
  /** The tables (what `platform.db` shows and snapshots hold): the one write path. */
  tables: Tables
  /** The sorted indexes the tables keep up to date on every write (lists, lookups by parent). */
  indexes: Indexes
  /** What is derived from each revision; it observes the content tables, so it is never stale. */
  contentCache: ContentCache
  /** Comment bodies converted to documents, so reading them again costs no parse. */
  commentDocuments: DocumentCache
  /** Which spaces suggest which AI questions; it observes the space and content tables. */
  questions: QuestionIndex
  /** The quotable blocks of pages AI answers quoted, by page and content. */
  answerQuotes: AnalysisCache<QuotableSections>
  /** Pages of lists as last presented, dropped by any write (read through the handlers that page with it). */
  pages: PageMemo
  clock: Clock
  random: Random
  /** Share keys, signing secrets, run-time tokens: `crypto.getRandomValues` unless determinism was asked for. */
  secrets: SecretSource
  urls: Urls
  /** The platform's lazily loaded libraries (markdown, search, JWT, lz-string): loaded before an operation that needs them. */
  libraries: Libraries
  /** Creation counter: gives every record its `seq`. */
  seq: number
  /** Records each operation's changes when the platform is journaled (`--state`); unset otherwise. */
  changes?: ChangeRecorder
  /** The undo log every table writes to: what makes an operation one transaction (model/transaction.ts). */
  writes: UndoLog
}

/**
 * What records each operation's changes for a journal (`ChangeLog` in model/changes.ts): told when
 * an operation ends, under the state lock, and when the whole state is replaced; told when an
 * operation's transaction opens and when it is rolled back, so a failed one leaves no trace.
 */
export interface ChangeRecorder {
  commit(state: State): void
  replaced(state: State): void
  begin(state: State): void
  rollback(state: State): void
}

/**
 * A new, empty state. `beforeWrite` is told of every table write before it happens (a test's
 * fault injection: see mock/tables/undo-log.ts).
 */
export function createState(
  clock: Clock,
  random: Random,
  urls: Urls,
  libraries: Libraries,
  secrets: SecretSource = cryptoSecrets,
  beforeWrite?: BeforeWrite,
): State {
  const db = createDb()
  const tables = tablesOf(db)
  const writes = new UndoLog(beforeWrite)
  for (const [name, table] of Object.entries(tables) as unknown as Array<[string, Table<BaseRecord>]>) table.attach(writes, name)
  return {
    tables,
    indexes: indexesOf(db),
    contentCache: new ContentCache(tables, libraries),
    commentDocuments: new DocumentCache(),
    questions: new QuestionIndex(tables),
    answerQuotes: new AnalysisCache<QuotableSections>(QUOTES_KEPT),
    pages: new PageMemo(tables),
    clock,
    random,
    secrets,
    urls,
    libraries,
    seq: 0,
    writes,
  }
}

/** A new secret (a share key, a signing secret, the random part of a token). */
export function newSecret(state: State, length: number): string {
  return state.secrets.string(length)
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
export function insert<R extends BaseRecord>(
  state: State,
  table: Table<R>,
  values: Omit<Stored<R>, 'id' | 'seq'> & { id?: string },
): Stored<R> {
  return table.insert({ ...values, id: values.id ?? newId(state), seq: nextSeq(state) } as Stored<R>)
}

/** The tables of a state as name and table pairs, for serializing and loading. */
export function tableEntries(state: State): Array<[string, Table<BaseRecord>]> {
  return Object.entries(state.tables) as unknown as Array<[string, Table<BaseRecord>]>
}

/** A serialisable copy of the whole state: what snapshots and `--state` files hold. */
export interface SerializedState {
  format: 'docplat-mock-state'
  version: 1
  seq: number
  random: number[]
  /** The seeded stream of secrets, only with `deterministicSecrets` (secrets themselves live in the tables). */
  secrets?: number[]
  clock: { ms: number; frozen: boolean; last: number }
  tables: Record<string, unknown[]>
}

export function serialize(state: State): SerializedState {
  const tables: Record<string, unknown[]> = {}
  for (const [name, table] of tableEntries(state)) tables[name] = Array.from(table.all(), cloneData)
  const secrets = state.secrets instanceof Random ? { secrets: state.secrets.state } : {}
  return {
    format: 'docplat-mock-state',
    version: 1,
    seq: state.seq,
    random: state.random.state,
    ...secrets,
    clock: state.clock.state,
    tables,
  }
}
