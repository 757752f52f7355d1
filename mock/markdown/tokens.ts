import type { Nodes, Parents, PhrasingContent, Root, RootContent, Table } from 'mdast'
import type { Token } from 'markdown-it'

/**
 * markdown-it's token stream as an mdast tree, the tree the rest of the mock reads (documents,
 * sections, links, excerpts). markdown-it's tokens are flat (open, content, close), so the tree is
 * built with a stack of open nodes: no recursion, whatever the nesting.
 *
 * What markdown-it does not do the GitHub way is finished here: task list items (`[ ]`, `[x]` at
 * the start of an item's first paragraph) and autolink literals (only `www.` domains, `http(s)://`
 * URLs and e-mail addresses are links, as on GitHub, not every bare domain).
 */

/** Where each line starts in the parsed text, for block positions (markdown-it gives lines). */
function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++
    if (c === 10 || c === 13) starts.push(i + 1)
  }
  return starts
}

const ALIGN = /text-align:(left|right|center)/

/** Autolink literals GitHub recognises; linkify's other fuzzy matches (`example.com`) stay text. */
const GFM_LITERAL = /^(?:https?:\/\/|www\.|mailto:)/i

type Parent = Extract<Nodes, { children: unknown }>

/** `text` is what was parsed, for the top-level blocks' positions; without it they have none. */
export function tokensToMdast(tokens: readonly Token[], text?: string): Root {
  const root: Root = { type: 'root', children: [] }
  let starts: number[] | undefined
  const position = (map: [number, number] | null) => {
    if (!map || text === undefined) return undefined
    starts ??= lineStarts(text)
    const end = map[1] < starts.length ? starts[map[1]]! : text.length
    // The end of the block's last line, before its line ending.
    let endOffset = end
    while (endOffset > starts[map[0]]! && (text[endOffset - 1] === '\n' || text[endOffset - 1] === '\r')) endOffset--
    return {
      start: { line: map[0] + 1, column: 1, offset: starts[map[0]]! },
      end: { line: map[1], column: 1 + endOffset - starts[map[1] - 1]!, offset: endOffset },
    }
  }
  const stack: Parent[] = [root]
  /** The current table's alignment, from its header cells. */
  let table: Table | undefined
  let headerRow = false

  // Positions only for the top-level blocks (where a reader cuts a text): they cost an object each.
  const open = (node: Parent, token: Token) => {
    const pos = stack.length === 1 ? position(token.map) : undefined
    if (pos) node.position = pos
    ;(stack[stack.length - 1]!.children as Nodes[]).push(node)
    stack.push(node)
  }
  const leaf = (node: RootContent, token: Token) => {
    const pos = stack.length === 1 ? position(token.map) : undefined
    if (pos) node.position = pos
    ;(stack[stack.length - 1]!.children as Nodes[]).push(node)
  }

  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph_open':
        open({ type: 'paragraph', children: [] }, token)
        break
      case 'heading_open':
        open({ type: 'heading', depth: Number(token.tag.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6, children: [] }, token)
        break
      case 'blockquote_open':
        open({ type: 'blockquote', children: [] }, token)
        break
      case 'bullet_list_open':
        open({ type: 'list', ordered: false, start: null, spread: false, children: [] }, token)
        break
      case 'ordered_list_open':
        open({ type: 'list', ordered: true, start: Number(token.attrGet('start') ?? 1), spread: false, children: [] }, token)
        break
      case 'list_item_open':
        open({ type: 'listItem', spread: false, checked: null, children: [] }, token)
        break
      case 'table_open':
        open((table = { type: 'table', align: [], children: [] }), token)
        break
      case 'thead_open':
        headerRow = true
        break
      case 'tbody_open':
        headerRow = false
        break
      case 'tr_open':
        open({ type: 'tableRow', children: [] }, token)
        break
      case 'th_open':
      case 'td_open': {
        if (headerRow && table)
          table.align!.push((ALIGN.exec(String(token.attrGet('style') ?? ''))?.[1] as 'left' | 'right' | 'center' | undefined) ?? null)
        open({ type: 'tableCell', children: [] }, token)
        break
      }
      case 'footnote_reference_open': {
        const label = (token.meta as { label: string }).label
        open({ type: 'footnoteDefinition', identifier: label.toLowerCase(), label, children: [] }, token)
        break
      }
      case 'paragraph_close': {
        const paragraph = stack.pop()!
        // Tight lists hide their paragraphs in HTML; the tree keeps them (mdast's `spread`).
        const parent = stack[stack.length - 1]!
        if (parent.type === 'listItem') {
          if (!token.hidden) parent.spread = true
          if (parent.children[0] === paragraph) taskItem(parent, paragraph as Parents & { type: 'paragraph' })
        }
        break
      }
      case 'bullet_list_close':
      case 'ordered_list_close': {
        const list = stack.pop()!
        if (list.type === 'list') list.spread = list.children.some((item) => item.spread)
        break
      }
      case 'table_close':
        table = undefined
        stack.pop()
        break
      case 'heading_close':
      case 'blockquote_close':
      case 'list_item_close':
      case 'tr_close':
      case 'th_close':
      case 'td_close':
      case 'footnote_reference_close':
        stack.pop()
        break
      case 'inline':
        inline(token.children ?? [], stack[stack.length - 1]!.children as PhrasingContent[])
        break
      case 'fence': {
        const info = token.info.trim()
        const space = info.search(/\s/)
        const lang = space === -1 ? info : info.slice(0, space)
        const meta = space === -1 ? '' : info.slice(space).trim()
        leaf({ type: 'code', lang: lang || null, meta: meta || null, value: withoutFinalNewline(token.content) }, token)
        break
      }
      case 'code_block':
        leaf({ type: 'code', lang: null, meta: null, value: withoutFinalNewline(token.content) }, token)
        break
      case 'hr':
        leaf({ type: 'thematicBreak' }, token)
        break
      case 'html_block':
        leaf({ type: 'html', value: withoutFinalNewline(token.content) }, token)
        break
      default:
        break
    }
  }
  return root
}

/** A code block's text: its content without the line ending markdown-it keeps after the last line. */
export function withoutFinalNewline(value: string): string {
  return value.endsWith('\n') ? value.slice(0, -1) : value
}

/** `[ ]`, `[x]` or `[X]` then a space, a tab or a line ending, at the start of an item's first paragraph: a task. */
function taskItem(item: Parents & { type: 'listItem' }, paragraph: Parents & { type: 'paragraph' }): void {
  const head = paragraph.children[0]
  if (head?.type !== 'text' || !isTaskMarker(head.value, paragraph.children.length === 1)) return
  item.checked = head.value[1] !== ' '
  head.value = head.value.slice(4)
  if (!head.value) paragraph.children.shift()
}

/**
 * Whether a list item's first paragraph, whose first node is the text `head` (its only node when
 * `alone`), makes the item a task: `[ ]`, `[x]` or `[X]` then a space, a tab or a line ending,
 * and something after it (a lone `[x]` is text). The marker is the text's first four characters.
 */
export function isTaskMarker(head: string, alone: boolean): boolean {
  if (head.length < 4 || head[0] !== '[' || head[2] !== ']') return false
  const mark = head[1]
  const after = head[3]
  if ((mark !== ' ' && mark !== 'x' && mark !== 'X') || (after !== ' ' && after !== '\t' && after !== '\n')) return false
  return !(head.length === 4 && alone)
}

/**
 * Whether a `link_open` is a literal linkify found that GitHub leaves as text (a bare domain, not
 * `www.`, `http(s)://` or an e-mail address); `next` is the token after it (the link's text).
 */
export function bareLiteral(link: Token, next: Token | undefined): boolean {
  if (link.markup !== 'linkify') return false
  const text = next?.content ?? ''
  return !GFM_LITERAL.test(text) && !(String(link.attrGet('href') ?? '').startsWith('mailto:') && text.includes('@'))
}

/** Inline tokens into `out`, with a stack for emphasis and links. */
function inline(tokens: readonly Token[], out: PhrasingContent[]): void {
  const stack: PhrasingContent[][] = [out]
  const text = (value: string) => {
    const children = stack[stack.length - 1]!
    const last = children[children.length - 1]
    if (last?.type === 'text') last.value += value
    else if (value) children.push({ type: 'text', value })
  }
  const push = (node: PhrasingContent) => stack[stack.length - 1]!.push(node)
  const openNode = (node: PhrasingContent & { children: PhrasingContent[] }) => {
    push(node)
    stack.push(node.children)
  }
  /** For each open link, whether it is a bare domain linkify found, which GitHub leaves as text. */
  const links: boolean[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    switch (token.type) {
      case 'text':
        text(token.content)
        break
      case 'softbreak':
        text('\n')
        break
      case 'hardbreak':
        push({ type: 'break' })
        break
      case 'code_inline':
        push({ type: 'inlineCode', value: token.content })
        break
      case 'html_inline':
        push({ type: 'html', value: token.content })
        break
      case 'em_open':
        openNode({ type: 'emphasis', children: [] })
        break
      case 'strong_open':
        openNode({ type: 'strong', children: [] })
        break
      case 's_open':
        openNode({ type: 'delete', children: [] })
        break
      case 'link_open': {
        const href = String(token.attrGet('href') ?? '')
        const bare = bareLiteral(token, tokens[i + 1])
        links.push(bare)
        if (bare) break
        const title = token.attrGet('title')
        openNode({ type: 'link', url: href, title: title === null ? null : String(title), children: [] })
        break
      }
      case 'link_close':
        if (!links.pop()) stack.pop()
        break
      case 'em_close':
      case 'strong_close':
      case 's_close':
        stack.pop()
        break
      case 'image': {
        const title = token.attrGet('title')
        push({
          type: 'image',
          url: String(token.attrGet('src') ?? ''),
          title: title === null ? null : String(title),
          alt: altText(token.children ?? []),
        })
        break
      }
      case 'footnote_ref': {
        const label = (token.meta as { label: string }).label
        push({ type: 'footnoteReference', identifier: label.toLowerCase(), label })
        break
      }
      default:
        if (token.content) text(token.content)
    }
  }
}

/** An image's alt text: the text of its label, without markup (nested images give their own alt). */
export function altText(tokens: readonly Token[]): string {
  let alt = ''
  const stack = [{ tokens, next: 0 }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    const token = top.tokens[top.next++]
    if (!token) stack.pop()
    else if (token.type === 'softbreak') alt += '\n'
    else if (token.type === 'image') stack.push({ tokens: token.children ?? [], next: 0 })
    else if (token.type === 'text' || token.type === 'code_inline' || token.type === 'html_inline') alt += token.content
  }
  return alt
}
