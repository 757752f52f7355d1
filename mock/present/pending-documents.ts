import { nextTurn, SLICE_MS } from '../base/turns.ts'
import type { DocumentTree } from '../markdown/document.ts'

/** Markdown long enough (about 10 ms to convert here) that other requests go first. */
const LARGE = 16 * 1024

/**
 * Markdown asked as documents (`format=document`: comment bodies, page content), converted once
 * the operation has left the state lock. A page of 100 comments of 64 KB each, or a page of
 * 1 MB, costs seconds or a second of parsing; done under the lock, every other client would wait
 * that long. The markdown is read under the lock, so the answer is the state the operation saw; converting is pure, so it can happen afterwards, in
 * slices between which other requests run.
 */
export class PendingDocuments {
  readonly #jobs: Array<{ size: number; run: () => void }> = []

  get size(): number {
    return this.#jobs.length
  }

  /**
   * `into` with a `document` that {@link settle} fills in with `convert()`. What `convert` reads
   * of the state must be captured now, under the lock: the markdown, never a record that a later
   * write changes in place.
   */
  add<T extends object>(into: T, size: number, convert: () => DocumentTree): T & { document: DocumentTree } {
    const empty: DocumentTree = { object: 'document', nodes: [] }
    const answer = Object.assign(into, { document: empty })
    this.#jobs.push({
      size,
      run: () => {
        answer.document = convert()
      },
    })
    return answer
  }

  /**
   * Converts every body, yielding to other work before a large one and whenever a slice has run
   * {@link SLICE_MS}; small documents (most reads) are converted at once, with no extra turn.
   */
  async settle(): Promise<void> {
    let slice = performance.now()
    for (const job of this.#jobs.splice(0)) {
      if (job.size >= LARGE || performance.now() - slice > SLICE_MS) {
        await nextTurn()
        slice = performance.now()
      }
      job.run()
    }
  }
}
