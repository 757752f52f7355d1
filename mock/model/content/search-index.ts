import type MiniSearch from 'minisearch'
import type { Db } from '../db.ts'
import type { Libraries } from '../libraries.ts'
import type { PageRecord } from './tables.ts'

/**
 * The search index of each revision, kept by the write path. A revision's first search extracts
 * its pages' sections (one parse per page content, memoised) and builds the index; from then on the
 * index follows each page write (that page's sections are discarded and added again) instead of
 * being rebuilt for the whole revision. Extracting at every write instead would make the first
 * search cheap but every page write about ten times dearer, for tests and scenarios that never
 * search (measured in docs/performance.md).
 */

const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from how i if in into is it its of on or so that the their then there these this to was what when where which who why will with you your'.split(' '),
)

/** Lowercase, accents folded, stop words dropped: used for the index and the query alike. */
export function processTerm(term: string): string | null {
  const t = term.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
  return t && !STOP_WORDS.has(t) ? t : null
}

/** One indexed section: the page title (so a query may match it with a section), the heading and the text. */
export interface SectionDoc {
  id: string
  page: string
  section: number
  pageTitle: string
  title: string
  text: string
}

// The index exists only once a search ran, so its libraries (markdown, search) are loaded by
// then: writes that update it never need to declare them.
function docsOf(libraries: Libraries, record: PageRecord): SectionDoc[] {
  // Groups only hold pages; `noIndex` pages are kept out of search by their authors.
  if (record.type === 'group' || record.noIndex) return []
  return libraries.markdown.analyzePage(record.page, record.title, record.markdown).sections.map((section, i) => ({
    id: `${record.page}\u0000${i}`,
    page: record.page,
    section: i,
    pageTitle: record.title,
    title: i === 0 ? '' : section.title,
    text: section.text,
  }))
}

function newIndex(libraries: Libraries): MiniSearch<SectionDoc> {
  return new libraries.search.MiniSearch<SectionDoc>({ fields: ['pageTitle', 'title', 'text'], storeFields: ['page', 'section'], processTerm })
}

interface RevisionIndex {
  /** Each page: its record until the index is built, then its sections. */
  docs: Map<string, SectionDoc[] | PageRecord>
  /** Built on the revision's first search, then kept up to date page by page. */
  index: MiniSearch<SectionDoc> | undefined
}

export class SearchIndexes {
  readonly #revisions = new Map<string, RevisionIndex>()
  readonly #libraries: Libraries

  constructor(db: Db, libraries: Libraries) {
    this.#libraries = libraries
    db.pages.observe({ add: (page) => this.#add(page), remove: (page) => this.#remove(page), clear: () => this.#revisions.clear() })
  }

  /**
   * The index of a revision; `order` lists its pages as a reader walks them, which is the order
   * a new index files them in (so ties rank as they always did).
   */
  of(revision: string, order: readonly string[]): MiniSearch<SectionDoc> {
    const entry = this.#entry(revision)
    if (!entry.index) {
      const index = newIndex(this.#libraries)
      for (const page of order) {
        const held = entry.docs.get(page)
        if (!held) continue
        const docs = Array.isArray(held) ? held : docsOf(this.#libraries, held)
        entry.docs.set(page, docs)
        index.addAll(docs)
      }
      entry.index = index
    }
    return entry.index
  }

  #entry(revision: string): RevisionIndex {
    let entry = this.#revisions.get(revision)
    if (!entry) this.#revisions.set(revision, (entry = { docs: new Map(), index: undefined }))
    return entry
  }

  #add(record: PageRecord): void {
    const entry = this.#entry(record.revision)
    if (!entry.index) return void entry.docs.set(record.page, record)
    const docs = docsOf(this.#libraries, record)
    entry.docs.set(record.page, docs)
    entry.index.addAll(docs)
  }

  #remove(record: PageRecord): void {
    const entry = this.#revisions.get(record.revision)
    const held = entry?.docs.get(record.page)
    if (!entry || !held) return
    entry.docs.delete(record.page)
    if (entry.index && Array.isArray(held)) for (const doc of held) entry.index.discard(doc.id)
    if (!entry.docs.size) this.#revisions.delete(record.revision)
  }
}
