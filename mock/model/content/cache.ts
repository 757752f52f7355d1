import type { RevisionView } from './view.ts'

/**
 * What is derived from a revision (its page tree, paths, parsed pages, links, search index),
 * built on first use and dropped whenever one of its pages, files or the revision record is
 * written, so reads never rebuild it and never see stale content.
 */
export class ContentCache {
  readonly #views = new Map<string, RevisionView>()

  get(revision: string): RevisionView | undefined {
    return this.#views.get(revision)
  }

  set(revision: string, view: RevisionView): void {
    this.#views.set(revision, view)
  }

  invalidate(revision: string): void {
    this.#views.delete(revision)
  }
}
