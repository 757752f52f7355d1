import type MiniSearch from 'minisearch'
import type { SearchResult as Hit } from 'minisearch'
import { eachSliced, PREPARE_ABOVE, slicer } from '../../base/turns.ts'
import type { SpaceRecord } from '../../tables/spaces.ts'
import type { ContentState as State } from './cache.ts'
import type { SectionInfo } from '../../markdown/page-analysis.ts'
import { indexedText, sectionOfId, type IndexedText, type PageText, type SearchIndexes, type SectionDoc } from './search-index.ts'
import type { PageMatch, SectionMatch } from './search-lookups.ts'
import { viewOf, type RevisionView } from './view.ts'

/**
 * Full-text search (MiniSearch) over the sections of a revision's pages: one document per
 * section, holding the page title (so a query may match it together with a section), the
 * section heading and its text. One index per revision, built on the first search and kept
 * until the revision changes.
 */

/** The search index of a revision (built on its first search, then kept by the write path). */
export function searchIndexOf(state: State, view: RevisionView): MiniSearch<SectionDoc> {
  return state.contentCache.search.of(view.id, () => view.order.map((node) => node.record.page))
}

export type { PageMatch, SectionMatch } from './search-lookups.ts'

/** At most this many sections are returned per page, best first. */
export const MAX_SECTIONS_PER_PAGE = 10

function snippet(text: string, terms: readonly string[]): string {
  if (text.length <= 240) return text
  const lower = text.toLowerCase()
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), text.length)
  const start = at === text.length ? 0 : Math.max(0, at - 80)
  return `${start > 0 ? '…' : ''}${text.slice(start, start + 240).trim()}…`
}

/**
 * A section a search found: its section and snippet are made when read, from the page's text
 * when it was searched (the sections the index filed), so a search that finds thousands of pages
 * extracts the sections of the ones shown only, and what is kept of a search holds no text.
 * Both are own enumerable properties (a copy made by spreading it holds them as values), made
 * from the sections kept for pages' next copies, or extracted again, at each read.
 */
class FoundSection implements SectionMatch {
  declare readonly section: SectionInfo
  declare readonly snippet: string
  readonly score: number
  readonly #indexes: SearchIndexes
  readonly #text: PageText
  readonly #n: number
  readonly #terms: readonly string[]

  constructor(indexes: SearchIndexes, text: PageText, n: number, score: number, terms: readonly string[]) {
    this.#indexes = indexes
    this.#text = text
    this.#n = n
    this.#terms = terms
    this.score = score
    Object.defineProperties(this, FOUND_SECTION)
  }

  static section(found: FoundSection): SectionInfo {
    return found.#indexes.sectionsOf(found.#text)[found.#n]!
  }

  static snippet(found: FoundSection): string {
    return snippet(FoundSection.section(found).text, found.#terms)
  }
}

/** The same accessors on every found section (one shape for all of them). */
const FOUND_SECTION: PropertyDescriptorMap = {
  section: {
    enumerable: true,
    get(this: FoundSection) {
      return FoundSection.section(this)
    },
  },
  snippet: {
    enumerable: true,
    get(this: FoundSection) {
      return FoundSection.snippet(this)
    },
  },
}

/**
 * Searches a revision: every query word must match (as a prefix, with small typos allowed in
 * long words) the page title, a heading or the text. Pages rank by their best section; a title
 * match weighs more than a heading, a heading more than text.
 */
export function searchRevision(state: State, view: RevisionView, query: string): readonly PageMatch[] {
  const index = searchIndexOf(state, view)
  const version = state.contentCache.search.versionOf(view.id)!
  const kept = state.contentCache.lookups.get(view.id, version, query)
  if (kept) return kept
  const hits: Hit[] = index.search(query, {
    prefix: true,
    fuzzy: (term) => (term.length > 4 ? 0.2 : false),
    combineWith: 'AND',
    boost: { pageTitle: 3, title: 2 },
  })
  const pages = new Map<string, PageMatch>()
  /** What each page found was indexed from: its sections are made from it when read. */
  const texts = new Map<string, PageText>()
  for (const hit of hits) {
    // A section's ID is its page's ID and its number (search-index.ts): no stored fields needed.
    const { page, n } = sectionOfId(hit.id as string)
    const node = view.byId.get(page)
    if (!node) continue
    let match = pages.get(node.record.page)
    if (!match) pages.set(node.record.page, (match = { page: node, score: hit.score, sections: [] }))
    // A section is listed when its own heading or text matched, not only its page's title.
    const own = Object.values(hit.match).some((fields) => fields.includes('title') || fields.includes('text'))
    if (own && match.sections.length < MAX_SECTIONS_PER_PAGE) {
      let text = texts.get(page)
      if (!text) texts.set(page, (text = { page, title: node.record.title, markdown: node.record.markdown }))
      match.sections.push(new FoundSection(state.contentCache.search, text, n, hit.score, hit.terms))
    }
  }
  const matches = [...pages.values()].sort((a, b) => b.score - a.score || a.page.index - b.page.index)
  return state.contentCache.lookups.set(view.id, version, query, matches)
}

/** At most this many pages per space in an organization-wide search. */
export const MAX_PAGES_PER_SPACE = 25

/**
 * The indexing a first search of these revisions would do under the state lock, as work to run
 * outside it ({@link Prepare}); `undefined` when their indexes exist or they hold little. It builds
 * the indexes from the pages' texts read now; the search run next adopts them.
 */
export function searchPreparation(state: State, revisions: Iterable<string>): (() => Promise<void>) | undefined {
  const indexes = state.contentCache.search
  const pending: Array<{ revision: string; pages: IndexedText[] }> = []
  let size = 0
  for (const revision of new Set(revisions)) {
    if (!indexes.needsIndex(revision)) continue
    const pages = viewOf(state, revision).order.map((node) => indexedText(node.record))
    for (const page of pages) size += page.markdown.length
    pending.push({ revision, pages })
  }
  if (size < PREPARE_ABOVE) return undefined
  return async () => {
    const pause = slicer()
    for (const { revision, pages } of pending) await indexes.prebuild(revision, pages, pause)
  }
}

/**
 * Past this many pages to look through (a query in a space of 100 pages counts 100), searches run
 * outside the state lock first: about 10 to 20 ms of them here.
 */
const LOOKUPS_ABOVE = 10_000

/**
 * The searches of these queries in these spaces a read would run under the state lock, as work
 * to run outside it ({@link Prepare}) when they would look through more than
 * {@link LOOKUPS_ABOVE} pages: what the work finds is kept (`SearchLookups`), and found under
 * the lock unless a page of its revision was written meanwhile; `undefined` when few are left.
 */
export function searchesPreparation(
  state: State,
  spaces: readonly SpaceRecord[],
  queries: readonly string[],
): (() => Promise<void>) | undefined {
  const { search, lookups } = state.contentCache
  const todo: Array<{ revision: string; query: string }> = []
  let cost = 0
  for (const { revision } of spaces) {
    // An index built outside the lock is adopted now, under it, so its searches can run outside too.
    if (search.unbuilt(revision) && !search.needsIndex(revision)) searchIndexOf(state, viewOf(state, revision))
    const version = search.versionOf(revision)
    // No index yet: its own preparation builds it (or the search, under the lock, when it is small).
    if (version === undefined) continue
    for (const query of queries) {
      if (lookups.has(revision, version, query)) continue
      todo.push({ revision, query })
      cost += search.pageCount(revision)
    }
  }
  if (cost <= LOOKUPS_ABOVE) return undefined
  return () =>
    eachSliced(todo, ({ revision, query }) => {
      // Indexes are built by their own preparation: one missing now is searched under the lock.
      if (!search.unbuilt(revision)) searchRevision(state, viewOf(state, revision), query)
    })
}

/**
 * Searches spaces (an organization's the user can view: `searchableSpaces` in mock/model/content/searchable.ts, read once by
 * the caller however many queries it runs), with their best matches, best space first.
 */
export function searchOrganization(
  state: State,
  spaces: readonly SpaceRecord[],
  query: string,
): Array<{ space: SpaceRecord; score: number; pages: PageMatch[] }> {
  const results: Array<{ space: SpaceRecord; score: number; pages: PageMatch[] }> = []
  for (const space of spaces) {
    const pages = searchRevision(state, viewOf(state, space.revision), query)
    if (pages.length) results.push({ space, score: pages[0]!.score, pages: pages.slice(0, MAX_PAGES_PER_SPACE) })
  }
  return results.sort((a, b) => b.score - a.score || a.space.seq - b.space.seq)
}
