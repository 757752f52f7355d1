import type MiniSearch from 'minisearch'
import { eachSliced } from '../../base/turns.ts'
import { WeightedLru } from '../../base/weighted-lru.ts'
import type { Tables } from '../../tables/db.ts'
import type { Libraries } from '../../tables/libraries.ts'
import type { CompactMiniSearch, DistinctWords } from '../../tables/libraries/compact-minisearch.ts'
import type { SectionInfo } from '../../markdown/page-analysis.ts'
import type { PageRecord } from '../../tables/content.ts'

/**
 * The search index of each revision, kept by the write path. A revision's first search extracts
 * its pages' sections (one parse per page content, and only the sections: `pageSections`) and
 * builds the index; from then on the index follows each page write (that page's sections are
 * removed and added again) instead of being rebuilt for the whole revision. Extracting at every
 * write instead would make the first search cheap but every page write dearer, for tests and
 * scenarios that never search (measured in docs/performance.md). Sections are kept by page and
 * content (bounded), so a copy of a page (a new revision after an import, a change request) is
 * often not parsed again.
 *
 * The index keeps no section's text: per page only how many sections it filed. MiniSearch
 * removes a document by tokenizing it again, so a page's sections are made again, when it is
 * written, from what it was indexed from (the write's `before`, a copy of the record as it was);
 * a hit's section and snippet are made when they are read ({@link SearchIndexes.sectionsOf}),
 * which is for the results shown, not for every page a search finds. Keeping every section's
 * text and info cost more than the records themselves (docs/decisions/performance.md).
 *
 * A large first index is built outside the state lock (`prebuild`, from the pages' texts read
 * under it), giving the event loop back between pages; the search that asked for it then adopts
 * it under the lock, after filing again the pages written meanwhile, the same way the index
 * follows a write. Records change in place, so what each page was indexed from is kept as text
 * until the index is adopted.
 */

const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from how i if in into is it its of on or so that the their then there these this to was what when where which who why will with you your'.split(
    ' ',
  ),
)

const ASCII = /^[\x00-\x7f]*$/

/** Lowercase, accents folded, stop words dropped: used for the index and the query alike. */
export function processTerm(term: string): string | null {
  // ASCII has nothing to decompose or fold: skip the normalisation (most of the cost of indexing a term).
  const t = ASCII.test(term)
    ? term.toLowerCase()
    : term
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
  if (!t || STOP_WORDS.has(t)) return null
  // A word of 13 characters or more split from a text is a slice of it, and an index term holds
  // its string: flattened, the term keeps its own characters instead of the whole text it came
  // from (markdown-it's normalized copy of the page, for most of them).
  return t.length < 13 || t !== term ? t : flat(t)
}

/** A copy of a string that holds no other string (a slice holds its parent). */
function flat(text: string): string {
  // Concatenation makes a new string; the slice of it holds only that one.
  return `${text} `.slice(0, -1)
}

/**
 * One indexed section: the page title (so a query may match it with a section), the heading and
 * the text. Its ID is its page's ID and its number, so a hit names its section without stored
 * fields. Made when it is filed or removed, never kept.
 */
export interface SectionDoc {
  id: string
  pageTitle: string
  title: string
  text: string
}

/** The ID of a page's section `n` in an index. */
const docId = (page: string, n: number) => `${page}\u0000${n}`

/** The page and section number a hit's ID names. */
export function sectionOfId(id: string): { page: string; n: number } {
  const cut = id.lastIndexOf('\u0000')
  return { page: id.slice(0, cut), n: Number(id.slice(cut + 1)) }
}

/** How many characters of extracted sections are kept for pages' next copies (about 16 MB). */
const SECTIONS_KEPT = 8_000_000

/** MiniSearch's own word separators: line breaks, spaces and punctuation (Unicode `Z` and `P`). */
const SEPARATORS = /[\n\r\p{Z}\p{P}]+/u
/** The same separators among ASCII characters, found from the Unicode class so the two cannot disagree. */
const ASCII_SEPARATORS = new RegExp(
  `[${Array.from({ length: 128 }, (_, c) => String.fromCharCode(c))
    .filter((c) => /^[\n\r\p{Z}\p{P}]$/u.test(c))
    .map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .join('')}]+`,
)

/** MiniSearch's tokenizer, with a plain (non-Unicode) split for ASCII text, which is faster and gives the same words. */
export function tokenize(text: string): string[] {
  return text.split(ASCII.test(text) ? ASCII_SEPARATORS : SEPARATORS)
}

// The index exists only once a search ran, so its libraries (markdown, search) are loaded by
// then: writes that update it never need to declare them.
function newIndex(libraries: Libraries, distinct: DistinctWords): CompactMiniSearch<SectionDoc> {
  return new libraries.search.CompactMiniSearch<SectionDoc>({ fields: ['pageTitle', 'title', 'text'], processTerm, tokenize }, distinct)
}

/** A page's ID, title and content, read under the state lock. */
export interface PageText {
  page: string
  title: string
  markdown: string
}

/** What a page's indexed sections are made from, read under the state lock. */
export type IndexedText = Pick<PageRecord, 'page' | 'title' | 'markdown' | 'type' | 'noIndex'>

/** The fields of a page record its sections depend on, copied (records change in place). */
export function indexedText(record: PageRecord): IndexedText {
  return { page: record.page, title: record.title, markdown: record.markdown, type: record.type, noIndex: record.noIndex }
}

const sameText = (a: IndexedText, b: IndexedText) =>
  a.title === b.title && a.markdown === b.markdown && a.type === b.type && a.noIndex === b.noIndex

/** An index built outside the state lock, with what each page's sections were made from, until a search adopts it. */
interface Prebuilt {
  index: CompactMiniSearch<SectionDoc>
  /** Each page's text and how many sections it filed. */
  pages: Map<string, { text: IndexedText; count: number }>
}

interface RevisionIndex {
  /** Each page: its record until the index is built, then how many sections it filed. */
  docs: Map<string, number | PageRecord>
  /** Built on the revision's first search, then kept up to date page by page. */
  index: MiniSearch<SectionDoc> | undefined
  /** Changes with every change of `index` (from one counter for all revisions, so never reused). */
  version: number
}

export class SearchIndexes {
  readonly #revisions = new Map<string, RevisionIndex>()
  /**
   * The last sections extracted for each page, with the title and content they came from, most
   * recently used last, bounded by {@link SECTIONS_KEPT}. A page whose revisions differ (a change
   * request editing it) is extracted again when the other version is indexed.
   */
  readonly #sections = new WeightedLru<string, { title: string; markdown: string; sections: SectionInfo[] }>(SECTIONS_KEPT)
  /** The last version given to a revision's index. */
  #versions = 0
  /**
   * Indexes built outside the lock, by revision, until a search adopts them: at most one per
   * revision holding pages (dropped with its last page), so never more than the indexes those
   * revisions would hold once searched. Not bounded by size: one organization search builds every
   * space's index before its next run adopts them, and a bound smaller than the organization
   * dropped the first ones built, to be built again under the lock (the first search of a large
   * organization then cost more than its size, from 50,000 pages up).
   */
  readonly #prebuilt = new Map<string, Prebuilt>()
  /** Indexes being built outside the lock, by revision. */
  readonly #building = new Map<string, Promise<void>>()
  readonly #libraries: Libraries
  /** Counts the distinct words of each field filed, for every index here (made with the first). */
  #distinct: DistinctWords | undefined

  constructor(db: Tables, libraries: Libraries) {
    this.#libraries = libraries
    // A table tells its observers of writes only: the pages stored before these indexes (a state
    // restored, indexes made for tables already filled) are filed here.
    for (const page of db.pages.all()) this.#add(page)
    db.pages.observe((event) => {
      if (event.kind === 'cleared') {
        this.#revisions.clear()
        // A build under way finds its revision gone and keeps nothing; new searches start their own.
        this.#building.clear()
        this.#prebuilt.clear()
        return
      }
      if (event.before) this.#remove(event.before)
      if (event.after) this.#add(event.after)
    })
  }

  /**
   * The index of a revision; `order` lists its pages as a reader walks them, which is the order
   * a new index files them in (so ties rank as they always did): asked for only when the index is
   * built, since every search comes here.
   */
  of(revision: string, order: () => readonly string[]): MiniSearch<SectionDoc> {
    const entry = this.#entry(revision)
    if (!entry.index) {
      const prebuilt = this.#prebuilt.get(revision)
      this.#prebuilt.delete(revision)
      const index = prebuilt?.index ?? this.#newIndex()
      for (const page of order()) {
        const held = entry.docs.get(page)
        // Only records wait for an index (a count is a page of an index already built).
        if (held === undefined || typeof held === 'number') continue
        const built = prebuilt?.pages.get(page)
        if (built) prebuilt!.pages.delete(page)
        if (built && sameText(built.text, held)) {
          entry.docs.set(page, built.count)
          continue
        }
        // Written since the index was built outside the lock: filed again (removed, not discarded,
        // as a write does: see #remove).
        if (built) index.removeAll(this.#docsOf(built.text))
        const docs = this.#docsOf(held)
        entry.docs.set(page, docs.length)
        index.addAll(docs)
      }
      // Pages gone since.
      for (const built of prebuilt?.pages.values() ?? []) index.removeAll(this.#docsOf(built.text))
      // Built here: its postings keep room to grow they will mostly not use (one built outside the lock was compacted there).
      if (!prebuilt) index.compact()
      entry.index = index
      entry.version = ++this.#versions
    }
    return entry.index
  }

  /**
   * The version of a revision's index: what a search of it finds stays the same while this does
   * (for results kept across requests); `undefined` while it has no index.
   */
  versionOf(revision: string): number | undefined {
    const entry = this.#revisions.get(revision)
    return entry?.index ? entry.version : undefined
  }

  /** How many pages a revision has (what one search of it costs grows with). */
  pageCount(revision: string): number {
    return this.#revisions.get(revision)?.docs.size ?? 0
  }

  /** Whether a search of this revision would build its index first (it has pages and no index yet). */
  unbuilt(revision: string): boolean {
    const entry = this.#revisions.get(revision)
    return entry !== undefined && entry.index === undefined
  }

  /**
   * Whether a search of this revision would build its index first: not once an index built
   * outside the lock waits for the next search to adopt it (what a preparation asks, so a run
   * after its preparation never builds the same index again).
   */
  needsIndex(revision: string): boolean {
    return this.unbuilt(revision) && !this.#prebuilt.has(revision)
  }

  /**
   * Builds a revision's index outside the state lock from its pages' texts read under it
   * ({@link indexedText}, in reading order: the order a new index files them in, so ties rank as
   * they always did), extracting the sections not kept, giving the event loop back between pages
   * whenever `pause` says so. The next search of the revision adopts it ({@link of}).
   */
  prebuild(revision: string, pages: readonly IndexedText[], pause: () => Promise<void> | undefined): Promise<void> {
    // Concurrent first searches of one revision share one build: the search run after it files
    // again whatever was written since either read its texts.
    const running = this.#building.get(revision)
    if (running) return running
    const building = this.#build(revision, pages, pause).finally(() => {
      if (this.#building.get(revision) === building) this.#building.delete(revision)
    })
    this.#building.set(revision, building)
    return building
  }

  async #build(revision: string, pages: readonly IndexedText[], pause: () => Promise<void> | undefined): Promise<void> {
    const index = this.#newIndex()
    const built: Prebuilt['pages'] = new Map()
    await eachSliced(
      pages,
      (text) => {
        const docs = this.#docsOf(text)
        index.addAll(docs)
        built.set(text.page, { text, count: docs.length })
      },
      pause,
    )
    // A search that built it under the lock meanwhile needs it no more, nor does a revision whose
    // pages are all gone.
    if (!this.unbuilt(revision)) return
    index.compact()
    this.#prebuilt.set(revision, { index, pages: built })
  }

  #newIndex(): CompactMiniSearch<SectionDoc> {
    this.#distinct ??= new this.#libraries.search.DistinctWords()
    return newIndex(this.#libraries, this.#distinct)
  }

  /**
   * The sections of a page as an index files them from this title and content (what a hit's
   * section number counts): kept ones when the page was extracted lately, else extracted again.
   */
  sectionsOf(text: PageText): readonly SectionInfo[] {
    return this.#sectionsFor(text)
  }

  #docsOf(record: IndexedText): SectionDoc[] {
    // Groups only hold pages; `noIndex` pages are kept out of search by their authors.
    if (record.type === 'group' || record.noIndex) return []
    return this.#sectionsFor(record).map((section, i) => ({
      id: docId(record.page, i),
      pageTitle: record.title,
      title: i === 0 ? '' : section.title,
      text: section.text,
    }))
  }

  #sectionsFor(record: PageText): SectionInfo[] {
    // By page ID, then compared: hashing a whole page's text as a key cost more than the comparison.
    const hit = this.#sections.get(record.page)
    if (hit && hit.title === record.title && hit.markdown === record.markdown) return hit.sections
    const sections = this.#libraries.markdown.pageSections(record.page, record.title, record.markdown)
    // The sections' texts are about as long as the markdown they come from.
    this.#sections.set(
      record.page,
      { title: record.title, markdown: record.markdown, sections },
      2 * record.markdown.length + record.title.length,
    )
    return sections
  }

  #entry(revision: string): RevisionIndex {
    let entry = this.#revisions.get(revision)
    if (!entry) this.#revisions.set(revision, (entry = { docs: new Map(), index: undefined, version: ++this.#versions }))
    return entry
  }

  #add(record: PageRecord): void {
    const entry = this.#entry(record.revision)
    if (!entry.index) return void entry.docs.set(record.page, record)
    const docs = this.#docsOf(record)
    entry.docs.set(record.page, docs.length)
    entry.index.addAll(docs)
    entry.version = ++this.#versions
  }

  #remove(record: PageRecord): void {
    const entry = this.#revisions.get(record.revision)
    const held = entry?.docs.get(record.page)
    if (!entry || held === undefined) return
    entry.docs.delete(record.page)
    // Removed, not discarded: a discarded section still counts in its words' document frequencies
    // until MiniSearch vacuums, so the index would rank differently from one built now. `record`
    // is the page as it was filed (a write's `before`), so its sections are the ones filed.
    if (entry.index && typeof held === 'number' && held > 0) entry.index.removeAll(this.#docsOf(record))
    entry.version = ++this.#versions
    if (!entry.docs.size) {
      this.#revisions.delete(record.revision)
      this.#prebuilt.delete(record.revision)
    }
  }
}
