import { WeightedLru } from '../../base/weighted-lru.ts'
import type { SectionInfo } from '../../markdown/page-analysis.ts'
import type { PageNode } from './view-types.ts'

/** A matched section, with a snippet of its text around the first match. */
export interface SectionMatch {
  section: SectionInfo
  score: number
  snippet: string
}

/** A matched page, best sections first. */
export interface PageMatch {
  page: PageNode
  score: number
  sections: SectionMatch[]
}

/** How many matched sections the kept searches may hold in all (each about a hundred bytes). */
const MATCHES_KEPT = 200_000

/** What the searches of one revision found, by query, for one version of its index. */
interface RevisionLookups {
  version: number
  queries: Map<string, readonly PageMatch[]>
  size: number
}

/** How many sections (and pages) what a search found holds: its weight here. */
function sizeOf(matches: readonly PageMatch[]): number {
  let size = 1
  for (const match of matches) size += match.sections.length + 1
  return size
}

/**
 * What searches of each revision found, by query, kept while the revision's index keeps its
 * version (`SearchIndexes.versionOf`): an answer looks every word of a question up in every space
 * the caller can view, and may do so outside the state lock first (`lookupPreparation`), then use
 * what it found under the lock if nothing was written meanwhile. A revision keeps what one version
 * of its index found (the matches hold the pages of the revision's tree as it was read: one tree a
 * revision at most), and the revisions least recently searched are dropped past
 * {@link MATCHES_KEPT} sections in all. One per platform (the state's content cache).
 */
export class SearchLookups {
  readonly #revisions = new WeightedLru<string, RevisionLookups>(MATCHES_KEPT)

  /**
   * What a search of this revision's index at `version` found. Its pages are nodes of the view the
   * search read: the revision's view may have been built again since (a file written), but while
   * the index keeps its version no page changed, so they hold the same records and paths.
   */
  get(revision: string, version: number, query: string): readonly PageMatch[] | undefined {
    return this.#current(revision, version)?.queries.get(query)
  }

  /** Whether a search of this revision's index at `version` for `query` is kept. */
  has(revision: string, version: number, query: string): boolean {
    const kept = this.#revisions.peek(revision)
    return kept !== undefined && kept.version === version && kept.queries.has(query)
  }

  /** Keeps what a search found (frozen: every reader shares it). */
  set(revision: string, version: number, query: string, matches: PageMatch[]): readonly PageMatch[] {
    for (const match of matches) {
      for (const section of match.sections) Object.freeze(section)
      Object.freeze(match.sections)
      Object.freeze(match)
    }
    Object.freeze(matches)
    const size = sizeOf(matches)
    if (size > MATCHES_KEPT / 4) return matches
    const kept = this.#current(revision, version) ?? { version, queries: new Map(), size: 0 }
    const old = kept.queries.get(query)
    if (old) kept.size -= sizeOf(old)
    kept.queries.set(query, matches)
    kept.size += size
    this.#revisions.set(revision, kept, kept.size)
    return matches
  }

  /** What this revision's index at `version` found, marked as recently used; what an older version found is dropped. */
  #current(revision: string, version: number): RevisionLookups | undefined {
    const kept = this.#revisions.get(revision)
    if (kept && kept.version !== version) {
      this.#revisions.delete(revision)
      return undefined
    }
    return kept
  }
}
