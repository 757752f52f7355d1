import type { Indexes, Tables } from '../../tables/db.ts'
import type { Libraries } from '../../tables/libraries.ts'
import type { Stored, TableObserver } from '../../tables/table.ts'
import { AnalysisCache } from './analysis-cache.ts'
import { SourceHeadings } from './source-headings.ts'
import { SearchIndexes } from './search-index.ts'
import { SearchLookups } from './search-lookups.ts'
import type { RevisionView } from './view-types.ts'

/**
 * What the content area's derived data reads of a platform's state: its tables, its libraries and
 * this cache. The model's `State` has them; derived data never sees the rest (nor imports the
 * model's rules), so it sits below them in the layers (scripts/check-cycles.ts).
 */
export interface ContentState {
  tables: Tables
  indexes: Indexes
  libraries: Libraries
  contentCache: ContentCache
}

/**
 * What is derived from a revision (its page tree, paths, parsed pages, links, search index),
 * built on first use. It observes the revisions, pages and files tables: any write to one of
 * them drops the view of the revision it belongs to, so reads never rebuild it for nothing and
 * never see stale content, and no model code has to remember to invalidate it.
 */
export class ContentCache {
  readonly #views = new Map<string, RevisionView>()
  /** Each revision's search index, which follows page writes instead of being dropped with the view. */
  readonly search: SearchIndexes
  /** Page analyses by page and content, across views. */
  readonly analyses = new AnalysisCache()
  /** What searches found, by revision and query, while each index keeps its version. */
  readonly lookups = new SearchLookups()
  /** The first headings of large markdown sources an import is about to read. */
  readonly headings = new SourceHeadings()

  constructor(db: Tables, libraries: Libraries) {
    this.search = new SearchIndexes(db, libraries)
    db.revisions.observe(this.#dropping((revision) => revision.id))
    db.pages.observe(this.#dropping((page) => page.revision))
    db.files.observe(this.#dropping((file) => file.revision))
  }

  get(revision: string): RevisionView | undefined {
    return this.#views.get(revision)
  }

  set(revision: string, view: RevisionView): void {
    this.#views.set(revision, view)
  }

  #dropping<R>(revisionOf: (record: Stored<R>) => string): TableObserver<R> {
    return (event) => {
      if (event.kind === 'cleared') return this.#views.clear()
      if (event.before) this.#views.delete(revisionOf(event.before))
      if (event.after) this.#views.delete(revisionOf(event.after))
    }
  }
}
