import { WeightedLru } from '../../base/weighted-lru.ts'
import type { PageAnalysis } from '../../markdown/page-analysis.ts'

/** How many characters of page content the kept analyses may stand for (about 50 MB of heap). */
export const ANALYSES_KEPT = 8_000_000

/**
 * Page analyses (blocks, sections, links; or what else is derived from a page's title and content,
 * such as an answer's quotable blocks) kept by page across revision views: a view is dropped on
 * every write to its revision, and a copy of a page (a change request, a new revision after an
 * import) has the same content, so neither parses it again. One per platform and purpose (the
 * state's content cache), the last content of each page, least recently used dropped beyond
 * {@link ANALYSES_KEPT} characters, so what it holds is bounded by configuration, never by what
 * clients write.
 */
export class AnalysisCache<T = PageAnalysis> {
  readonly #entries: WeightedLru<string, { title: string; markdown: string; analysis: T }>
  readonly #budget: number

  constructor(budget = ANALYSES_KEPT) {
    this.#budget = budget
    this.#entries = new WeightedLru(budget)
  }

  /** Whether the analysis of this title and content is kept. */
  has(page: string, title: string, markdown: string): boolean {
    const hit = this.#entries.peek(page)
    return hit !== undefined && hit.title === title && hit.markdown === markdown
  }

  /** The analysis of a page's title and content, kept or made now by `analyze` (read-only). */
  get(page: string, title: string, markdown: string, analyze: () => T): T {
    const hit = this.#entries.get(page)
    if (hit && hit.title === title && hit.markdown === markdown) return hit.analysis
    if (hit) this.#entries.delete(page)
    const analysis = analyze()
    // Blocks, sections and previews (or quotes) are about as long again as the markdown they come from.
    const size = 2 * markdown.length + title.length
    // One page worth more than a quarter of the budget would push out everything else.
    if (size <= this.#budget / 4) this.#entries.set(page, { title, markdown, analysis }, size)
    return analysis
  }
}
