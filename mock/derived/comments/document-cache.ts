import { WeightedLru } from '../../base/weighted-lru.ts'
import type { DocNode, DocumentTree } from '../../markdown/document.ts'

/**
 * How much of converted documents a platform keeps, in units of about a byte: each node counts
 * {@link NODE_WEIGHT}, each character of text one. A 64 KB ordinary comment converts to about
 * 10,000 nodes (about 1 MB of heap), so the default keeps the documents of about 30 such
 * comments, or of thousands of ordinary ones.
 */
export const DEFAULT_DOCUMENT_CACHE_WEIGHT = 32 * 1024 * 1024

/** What one node of a document costs in the budget, besides its text (object, marks array). */
const NODE_WEIGHT = 96

/**
 * Documents converted from markdown, by markdown text, most recently used kept: reading the same
 * comment bodies again (a list with `format=document`, page after page) costs no parse. Owned by
 * the platform's state (never module-global), bounded by weight; the documents it returns are
 * frozen and shared, so nothing can change what a later read gets. The converter is passed in, so
 * holding the cache does not load the markdown parser.
 */
export class DocumentCache {
  readonly #entries: WeightedLru<string, DocumentTree>
  readonly #budget: number

  constructor(budget = DEFAULT_DOCUMENT_CACHE_WEIGHT) {
    this.#budget = budget
    this.#entries = new WeightedLru(budget)
  }

  /** The document of `markdown`, converted by `convert` unless it is held (read-only). */
  get(markdown: string, convert: (markdown: string) => DocumentTree): DocumentTree {
    const hit = this.#entries.get(markdown)
    if (hit) return hit
    const document = convert(markdown)
    const weight = freeze(document) + markdown.length
    // A document worth more than a quarter of the budget would push out everything else.
    if (weight <= this.#budget / 4) this.#entries.set(markdown, document, weight)
    return document
  }

  /** How many documents are held (for tests and the inspector). */
  get size(): number {
    return this.#entries.size
  }
}

/** Freezes a document and every node in it, without recursion; returns its weight. */
function freeze(document: DocumentTree): number {
  let weight = NODE_WEIGHT
  const stack: DocNode[] = [...document.nodes]
  Object.freeze(document.nodes)
  Object.freeze(document)
  while (stack.length > 0) {
    const node = stack.pop()!
    weight += NODE_WEIGHT + (typeof node.text === 'string' ? node.text.length : 0)
    for (const value of Object.values(node)) if (Array.isArray(value) || (value !== null && typeof value === 'object')) Object.freeze(value)
    if (Array.isArray(node.nodes)) for (const child of node.nodes as DocNode[]) stack.push(child)
    Object.freeze(node)
  }
  return weight
}
