import type { Tables } from '../db.ts'
import type { Libraries } from '../libraries.ts'
import { DocumentCache } from '../markdown/document-cache.ts'
import { AnalysisCache } from './analysis-cache.ts'
import { SourceHeadings } from './source-headings.ts'
import type { QuotableSections } from './plain-blocks.ts'
import type { TableObserver } from '../table.ts'
import { SearchIndexes } from './search-index.ts'
import { SearchLookups } from './search-lookups.ts'
import type { RevisionView } from './view-types.ts'

/** How many characters of quoted pages' content their kept quotable blocks may stand for. */
const QUOTES_KEPT = 2_000_000

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
  /** Documents converted from markdown bodies (comments), so reading them again costs no parse. */
  readonly documents = new DocumentCache()
  /** Page analyses by page and content, across views. */
  readonly analyses = new AnalysisCache()
  /** What searches found, by revision and query, while each index keeps its version. */
  readonly lookups = new SearchLookups()
  /** The first headings of large markdown sources an import is about to read. */
  readonly headings = new SourceHeadings()
  /** The quotable blocks of pages an answer quoted (`services/ask/excerpt.ts`), by page and content. */
  readonly quotes = new AnalysisCache<QuotableSections>(QUOTES_KEPT)

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

  #dropping<R>(revisionOf: (record: Readonly<R>) => string): TableObserver<R> {
    return (event) => {
      if (event.kind === 'cleared') return this.#views.clear()
      if (event.before) this.#views.delete(revisionOf(event.before))
      if (event.after) this.#views.delete(revisionOf(event.after))
    }
  }
}
