import type { DocumentTree } from '../model/markdown/document.ts'

/** How long conversions run before other requests get the event loop back. */
const SLICE_MS = 10

/**
 * Comment bodies asked as documents (`format=document`), converted once the operation has left
 * the state lock. A page of 100 bodies of 64 KB each costs seconds of parsing; done under the
 * lock, every other client would wait that long. The markdown is read under the lock, so the
 * answer is the state the operation saw; converting is pure, so it can happen afterwards, in
 * slices between which other requests run.
 */
export class PendingDocuments {
  readonly #jobs: Array<() => void> = []

  get size(): number {
    return this.#jobs.length
  }

  /** A body whose document {@link settle} fills in, from the markdown read now. */
  add(markdown: string, convert: (markdown: string) => DocumentTree): { document: DocumentTree } {
    const body: { document: DocumentTree } = { document: { object: 'document', nodes: [] } }
    this.#jobs.push(() => {
      body.document = convert(markdown)
    })
    return body
  }

  /** Converts every body, yielding to other work whenever a slice has run {@link SLICE_MS}. */
  async settle(): Promise<void> {
    let slice = performance.now()
    for (const job of this.#jobs.splice(0)) {
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0))
        slice = performance.now()
      }
      job()
    }
  }
}
