/** A markdown source's first `# heading`: the title it gives, and where the body after it starts. */
export interface SourceHeading {
  title: string
  end: number
}

/** Sources read so far, at most: an import reads one, so a few cover every import under way. */
const HEADINGS_KEPT = 8

/**
 * The first headings of large markdown sources, found outside the state lock before an import
 * (`importPreparation`), by URL and content; one per platform (the state's content cache). Holds
 * no more than what the registered sources hold already, for a few of them.
 */
export class SourceHeadings {
  readonly #entries = new Map<string, { markdown: string; heading: SourceHeading | undefined }>()

  /** The heading found for this URL's content, if it was; `null` when it was found to have none. */
  find(url: string, markdown: string): SourceHeading | null | undefined {
    const hit = this.#entries.get(url)
    if (hit?.markdown !== markdown) return undefined
    return hit.heading ?? null
  }

  keep(url: string, markdown: string, heading: SourceHeading | undefined): void {
    this.#entries.delete(url)
    this.#entries.set(url, { markdown, heading })
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= HEADINGS_KEPT) break
      this.#entries.delete(key)
    }
  }
}
