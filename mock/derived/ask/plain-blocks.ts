import type { Nodes, RootContent } from 'mdast'
import type { MarkdownLibrary } from '../../tables/libraries.ts'

/**
 * A page's prose as plain text, section by section (the part before the first heading, then one
 * per heading): what an answer quotes from (`services/ask/excerpt.ts`). Kept per page and content
 * by the platform (`state.answerQuotes`), so quoting a page parses it once, and that parse can
 * run outside the state lock. Variables are left as written: readers of different revisions and
 * pages fill them in differently.
 */
export type PlainBlock =
  | { kind: 'text'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'code'; syntax?: string | undefined; text: string }

/** Each section's plain blocks, in page order. */
export type QuotableSections = PlainBlock[][]

/** A paragraph that only shows images has no prose to quote (its alt text is a caption, not an answer). */
function onlyImages(node: Nodes): boolean {
  return (
    node.type === 'paragraph' &&
    node.children.every((c) => c.type === 'image' || c.type === 'imageReference' || (c.type === 'text' && !c.value.trim()))
  )
}

function blockOf(plainText: MarkdownLibrary['plainText'], node: RootContent): PlainBlock | undefined {
  switch (node.type) {
    case 'paragraph':
    case 'blockquote':
      return onlyImages(node) ? undefined : { kind: 'text', text: plainText(node) }
    case 'list':
      return { kind: 'list', ordered: node.ordered === true, items: node.children.map((item) => plainText(item)) }
    case 'code':
      return { kind: 'code', syntax: node.lang ?? undefined, text: node.value }
    default:
      // Tables, HTML, dividers and definitions do not read as an answer on their own.
      return undefined
  }
}

/** The plain blocks of each section of a page's markdown. */
export function quotableSections(md: MarkdownLibrary, markdown: string): QuotableSections {
  const sections: PlainBlock[][] = [[]]
  for (const child of md.parseMarkdown(markdown).children) {
    if (child.type === 'heading') {
      sections.push([])
      continue
    }
    const block = blockOf(md.plainText, child)
    if (block) sections.at(-1)!.push(block)
  }
  return sections
}
