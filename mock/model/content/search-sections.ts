import type { Nodes } from 'mdast'
import { parseMarkdown, plainText } from '../markdown/parse.ts'
import { blockId, sectionsOf, type SectionInfo } from './markdown.ts'

/**
 * The sections of a page (what search indexes), the same as `analyzePage(...).sections` but
 * without the rest of the analysis (every block's ID and preview, links): only headings get an
 * ID, and each top-level block's text is read once. The first search of a revision extracts
 * every page's sections, so this is most of its cost; `search-sections.test.ts` proves the two
 * agree over varied markdown.
 */
export function pageSections(pageId: string, title: string, markdown: string): SectionInfo[] {
  // Only texts are read: autolink literals may stay text (same characters, a third less parsing).
  const root = parseMarkdown(markdown, { links: false, positions: false })
  // A heading's ID counts the identical headings before it, nested ones included (as blockIds does).
  const ids = new Map<Nodes, string>()
  const seen = new Map<string, number>()
  for (const node of blocks(root)) {
    if (node.type !== 'heading') continue
    const signature = `heading\u0000${plainText(node)}`
    const n = seen.get(signature) ?? 0
    seen.set(signature, n + 1)
    ids.set(node, blockId(pageId, signature, n))
  }
  return sectionsOf(root, pageId, title, ids)
}

/** Where a heading can be: the blocks of a tree, parents before children, without going into inline content. */
function* blocks(root: Nodes): Generator<Nodes> {
  const stack: Nodes[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    yield node
    if (node.type === 'root' || node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem' || node.type === 'footnoteDefinition') {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes)
    }
  }
}
