import type { Tables } from '../../tables/db.ts'
import type { SpaceRecord } from '../../tables/spaces.ts'
import type { Stored, TableObserver } from '../../tables/table.ts'
import { lowerBound } from '../../base/lower-bound.ts'

/** The questions one space suggests, in table-of-contents order. */
export interface SpaceQuestions {
  /** Headings written as questions, of every askable page. */
  headings: readonly string[]
  /** Questions about the titles of askable pages that have no question heading. */
  titles: readonly string[]
}

const NONE: SpaceQuestions = { headings: [], titles: [] }

/** Records of one group kept in `seq` order (spaces of an organization, oldest first). */
class SeqLists {
  readonly #groups = new Map<string, SpaceRecord[]>()

  get(group: string): readonly SpaceRecord[] {
    return this.#groups.get(group) ?? []
  }

  add(group: string, record: SpaceRecord): void {
    let list = this.#groups.get(group)
    if (!list) this.#groups.set(group, (list = []))
    if (list.length === 0 || list.at(-1)!.seq < record.seq) list.push(record)
    else list.splice(this.#search(list, record.seq), 0, record)
  }

  remove(group: string, record: SpaceRecord): void {
    const list = this.#groups.get(group)
    if (!list) return
    const at = this.#search(list, record.seq)
    if (list[at]?.id === record.id) list.splice(at, 1)
    if (list.length === 0) this.#groups.delete(group)
  }

  clear(): void {
    this.#groups.clear()
  }

  #search(list: readonly SpaceRecord[], seq: number): number {
    return lowerBound(list, (space) => space.seq < seq)
  }
}

/**
 * Which spaces of each organization suggest questions, and which ones: the index suggested
 * questions read instead of parsing every space of the organization on every call.
 *
 * It observes the spaces, revisions, pages and files tables and marks the space a write
 * concerns as changed; the next read works out the questions of the changed spaces only
 * (parsing happens then, through the content cache, not inside a write that may be half done).
 * So a read costs what changed since the last one plus what it returns, however many spaces the
 * organization has. It belongs to the state, like the content cache.
 */
export class QuestionIndex {
  readonly #db: Tables
  /** What each filed space suggests, and the record as filed (to take it out of its lists). */
  readonly #filed = new Map<string, { space: SpaceRecord; organization: string; questions: SpaceQuestions }>()
  readonly #withHeadings = new SeqLists()
  readonly #withTitles = new SeqLists()
  readonly #changed = new Set<string>()
  /** Set when a table was emptied: the next read refiles every space. */
  #everything = true

  constructor(db: Tables) {
    this.#db = db
    db.spaces.observe(this.#marking((space) => space.id))
    db.revisions.observe(this.#marking((revision) => revision.space))
    db.pages.observe(this.#marking((page) => db.revisions.get(page.revision)?.space))
    db.files.observe(this.#marking((file) => db.revisions.get(file.revision)?.space))
  }

  /**
   * Brings the index up to date, asking `summarize` for the questions of each space changed
   * since the last call (only live spaces are asked).
   */
  refresh(summarize: (space: SpaceRecord) => SpaceQuestions): void {
    if (this.#everything) {
      this.#everything = false
      this.#changed.clear()
      this.#filed.clear()
      this.#withHeadings.clear()
      this.#withTitles.clear()
      for (const space of this.#db.spaces.all()) this.#file(space, summarize)
      return
    }
    for (const id of this.#changed) {
      this.#unfile(id)
      const space = this.#db.spaces.get(id)
      if (space) this.#file(space, summarize)
    }
    this.#changed.clear()
  }

  /** The live spaces the next {@link refresh} would summarize (to analyse their pages beforehand). */
  pending(): SpaceRecord[] {
    const spaces = this.#everything ? [...this.#db.spaces.all()] : [...this.#changed].flatMap((id) => this.#db.spaces.get(id) ?? [])
    return spaces.filter((space) => !space.deletedAt)
  }

  /** The questions a live space suggests (after {@link refresh}). */
  questionsOf(space: SpaceRecord): SpaceQuestions {
    return this.#filed.get(space.id)?.questions ?? NONE
  }

  /** The live spaces of an organization with question headings, oldest first (after {@link refresh}). */
  withHeadings(organization: string): readonly SpaceRecord[] {
    return this.#withHeadings.get(organization)
  }

  /** The live spaces of an organization with title questions, oldest first (after {@link refresh}). */
  withTitles(organization: string): readonly SpaceRecord[] {
    return this.#withTitles.get(organization)
  }

  #file(space: SpaceRecord, summarize: (space: SpaceRecord) => SpaceQuestions): void {
    const questions = space.deletedAt ? NONE : summarize(space)
    this.#filed.set(space.id, { space, organization: space.organization, questions })
    if (questions.headings.length > 0) this.#withHeadings.add(space.organization, space)
    if (questions.titles.length > 0) this.#withTitles.add(space.organization, space)
  }

  #unfile(id: string): void {
    const filed = this.#filed.get(id)
    if (!filed) return
    this.#filed.delete(id)
    this.#withHeadings.remove(filed.organization, filed.space)
    this.#withTitles.remove(filed.organization, filed.space)
  }

  #marking<R>(spaceOf: (record: Stored<R>) => string | undefined): TableObserver<R> {
    const mark = (record: Stored<R> | undefined) => {
      const space = record && spaceOf(record)
      if (space !== undefined) this.#changed.add(space)
    }
    return (event) => {
      if (event.kind === 'cleared') return void (this.#everything = true)
      mark(event.before)
      mark(event.after)
    }
  }
}
