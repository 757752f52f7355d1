import { evaluate, type Variables } from '../../../derived/content/document.ts'
import { quotableSections, type PlainBlock, type QuotableSections } from '../../../derived/ask/plain-blocks.ts'
import type { PageNode, RevisionView } from '../../../derived/content/view.ts'
import type { State } from '../../state.ts'

/**
 * What an answer quotes from a section: its lead, in the words of the page (extractive, so
 * an answer never says what the content does not). Variables are filled in, as readers see them,
 * and whitespace collapsed.
 */
export type ExcerptBlock = PlainBlock

/** Characters of prose quoted from one section: the first sentences that fit. */
export const TEXT_BUDGET = 280
/** Blocks quoted from one section (a sentence and the command after it, say). */
const MAX_BLOCKS = 2
const MAX_ITEMS = 5
const MAX_ITEM = 120
const MAX_CODE_LINES = 8

const flat = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Cuts text to `max` characters at a word boundary. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const at = text.lastIndexOf(' ', max - 1)
  return `${text.slice(0, at > max / 2 ? at : max - 1).replace(/[\s,;:]+$/, '')}…`
}

/** The first whole sentences of a text within `budget` characters (at least one, cut if it alone is longer). */
export function leadSentences(text: string, budget: number): string {
  const sentences = text.split(/(?<=[.!?])\s+(?=\S)/)
  let out = sentences[0]!
  for (const next of sentences.slice(1)) {
    if (out.length + 1 + next.length > budget) break
    out += ` ${next}`
  }
  return cut(out, budget)
}

function filled(block: PlainBlock, fill: (text: string) => string): ExcerptBlock | undefined {
  switch (block.kind) {
    case 'text': {
      const text = flat(fill(block.text))
      return text ? { kind: 'text', text } : undefined
    }
    case 'list': {
      const items = block.items.map((item) => cut(flat(fill(item)), MAX_ITEM)).filter(Boolean)
      return items.length ? { kind: 'list', ordered: block.ordered, items: items.slice(0, MAX_ITEMS) } : undefined
    }
    case 'code': {
      const text = fill(block.text).split('\n').slice(0, MAX_CODE_LINES).join('\n').trimEnd()
      return text ? { kind: 'code', syntax: block.syntax, text } : undefined
    }
  }
}

/** The plain blocks of a page, kept by the platform by page and content (parsed once, maybe outside the state lock: `answerPreparation`). */
export function quotableSectionsOf(state: State, { page, markdown }: { page: string; markdown: string }): QuotableSections {
  return state.answerQuotes.get(page, '', markdown, () => quotableSections(state.libraries.markdown, markdown))
}

/**
 * The quotable blocks of every section of a page, in the order of the page's sections (the part
 * before the first heading, then one per top-level heading, as the content area splits them).
 */
export function pageExcerpts(state: State, view: RevisionView, node: PageNode): ExcerptBlock[][] {
  const vars: Variables = { space: view.revision?.variables ?? {}, page: node.record.variables }
  const fill = (text: string) => evaluate(text, vars)
  return quotableSectionsOf(state, node.record).map((blocks) => blocks.flatMap((block) => filled(block, fill) ?? []))
}

/** The lead of a section: its first blocks, prose cut to whole sentences within the budget. */
export function excerptOf(blocks: readonly ExcerptBlock[]): ExcerptBlock[] {
  const out: ExcerptBlock[] = []
  let budget = TEXT_BUDGET
  for (const block of blocks) {
    if (out.length === MAX_BLOCKS || budget <= 0) break
    if (block.kind === 'text') {
      const text = leadSentences(block.text, budget)
      out.push({ kind: 'text', text })
      budget -= text.length
      // A paragraph cut short is the whole lead: what follows it would read out of context.
      if (text.length < block.text.length) break
    } else if (block.kind === 'list') {
      out.push(block)
      budget -= block.items.join(' ').length
    } else {
      out.push(block)
    }
  }
  return out
}
