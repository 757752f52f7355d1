import type { Token } from 'markdown-it'
import { textTokens } from './parsers.ts'
import { altText, bareLiteral, isTaskMarker, withoutFinalNewline } from './tokens.ts'
import { anchorOf, blockId, type SectionInfo } from './page-analysis.ts'

/**
 * The sections of a page (what search indexes), the same as `analyzePage(...).sections` but
 * read straight from markdown-it's tokens, without the tree and the rest of the analysis: the
 * first search of a revision extracts every page's sections, so this is most of its cost, and the
 * tree's nodes and the texts walked out of them were a third of it (in time and garbage).
 * `search-sections.test.ts` proves the two agree over varied markdown.
 *
 * What a block's text is follows `plainText` over the tree `tokensToMdast` would build: the
 * children of lists, items, quotes and tables one per line, a row's cells joined by ` | `, a
 * task's marker left out, HTML as nothing, code as its source, images as their alt text.
 */
export function pageSections(pageId: string, title: string, markdown: string): SectionInfo[] {
  const tokens = textTokens(markdown)
  // Too deeply nested to parse: one paragraph of the whole text, as parseMarkdown keeps it.
  if (!tokens) return [{ id: pageId, anchor: '', title, text: markdown }]
  const sections: SectionInfo[] = [{ id: pageId, anchor: '', title, text: '' }]
  const texts: string[][] = [[]]
  const anchors = new Map<string, number>()
  // A heading's ID counts the identical headings before it, nested ones included (as blockIds does).
  const headings = new Map<string, number>()
  const open: Block[] = []
  const close = (text: string) => {
    const parent = open[open.length - 1]
    if (!parent) texts[texts.length - 1]!.push(text)
    else {
      if (parent.children > 0) parent.text += parent.separator
      parent.text += text
      parent.children++
    }
  }
  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph_open': {
        const parent = open[open.length - 1]
        open.push({ separator: '', text: '', children: 0, task: parent?.item === true && parent.children === 0 })
        break
      }
      case 'heading_open':
      case 'th_open':
      case 'td_open':
      case 'footnote_reference_open':
        open.push({ separator: '', text: '', children: 0 })
        break
      case 'blockquote_open':
      case 'bullet_list_open':
      case 'ordered_list_open':
      case 'table_open':
        open.push({ separator: '\n', text: '', children: 0 })
        break
      case 'list_item_open':
        open.push({ separator: '\n', text: '', children: 0, item: true })
        break
      case 'tr_open':
        open.push({ separator: ' | ', text: '', children: 0 })
        break
      case 'inline': {
        const block = open[open.length - 1]!
        const run = inlineText(token.children ?? [])
        block.text += block.task && run.head !== undefined && isTaskMarker(run.head, run.children === 1) ? run.text.slice(4) : run.text
        break
      }
      case 'heading_close': {
        const text = open.pop()!.text
        const signature = `heading\u0000${text}`
        const n = headings.get(signature) ?? 0
        headings.set(signature, n + 1)
        if (open.length > 0) close(text)
        else {
          sections.push({ id: blockId(pageId, signature, n), anchor: anchorOf(text, anchors), title: text, text: '' })
          texts.push([])
        }
        break
      }
      case 'paragraph_close':
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_close':
      case 'table_close':
      case 'tr_close':
      case 'th_close':
      case 'td_close':
      case 'footnote_reference_close':
        close(open.pop()!.text)
        break
      case 'fence':
      case 'code_block':
        close(withoutFinalNewline(token.content))
        break
      case 'hr':
      case 'html_block':
        close('')
        break
      default:
        break
    }
  }
  sections.forEach((s, i) => (s.text = texts[i]!.filter(Boolean).join('\n')))
  return sections
}

/** A block being read: its text so far, how many children it has, how they are joined. */
interface Block {
  separator: string
  text: string
  children: number
  /** A list item (its first paragraph may start with a task's marker). */
  item?: boolean
  /** A list item's first paragraph. */
  task?: boolean
}

/**
 * The text of an inline run, with what a task's marker is read from: the run's first node if it
 * is text (adjacent texts are one node, as in the tree) and how many nodes the run has at its top.
 */
function inlineText(tokens: readonly Token[]): { text: string; head: string | undefined; children: number } {
  // Most runs (headings, plain sentences, list items) are one text token.
  if (tokens.length === 1 && tokens[0]!.type === 'text') {
    const text = tokens[0]!.content
    return { text, head: text || undefined, children: text ? 1 : 0 }
  }
  let text = ''
  let head: string | undefined
  let children = 0
  // Nodes open around the current token (emphasis, links); texts merge only at the top.
  let depth = 0
  let lastIsText = false
  /** For each open link, whether it is a literal left as text (its content joins its parent's). */
  const links: boolean[] = []
  const addText = (value: string) => {
    text += value
    if (depth > 0) return
    if (lastIsText) {
      if (children === 1) head += value
    } else if (value) {
      children++
      lastIsText = true
      if (children === 1) head = value
    }
  }
  const addNode = (value: string) => {
    text += value
    if (depth > 0) return
    children++
    lastIsText = false
  }
  const openNode = () => {
    if (depth === 0) {
      children++
      lastIsText = false
    }
    depth++
  }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    switch (token.type) {
      case 'text':
        addText(token.content)
        break
      case 'softbreak':
        addText('\n')
        break
      case 'hardbreak':
        addNode('\n')
        break
      case 'code_inline':
        addNode(token.content)
        break
      case 'html_inline':
      case 'footnote_ref':
        addNode('')
        break
      case 'image':
        addNode(altText(token.children ?? []))
        break
      case 'em_open':
      case 'strong_open':
      case 's_open':
        openNode()
        break
      case 'link_open': {
        const bare = bareLiteral(token, tokens[i + 1])
        links.push(bare)
        if (!bare) openNode()
        break
      }
      case 'link_close':
        if (!links.pop()) depth--
        break
      case 'em_close':
      case 'strong_close':
      case 's_close':
        depth--
        break
      default:
        if (token.content) addText(token.content)
    }
  }
  return { text, head, children }
}
