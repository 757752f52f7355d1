import type { Nodes, Root } from 'mdast'
import MarkdownIt, { type Token } from 'markdown-it'
import footnote from 'markdown-it-footnote'
import { markdownDepth, MAX_MARKDOWN_DEPTH } from '../../core/markdown-depth.ts'
import { strikethrough } from './strikethrough.ts'
import { boundInlineRuns, type MAX_INLINE_BRACKETS, type MAX_INLINE_DELIMITERS } from './inline-bound.ts'
import { tokensToMdast } from './tokens.ts'

/**
 * The parser, configured once (it is not changed by parsing). CommonMark with HTML, GFM tables and
 * strikethrough, footnotes (definitions kept where they are written, as GitHub's tree has them,
 * instead of gathered at the end for HTML; no `^[inline]` notes, which GitHub does not have) and
 * autolink literals. URLs are kept as written, neither percent-encoded nor refused
 * (`javascript:`): the tree says what the author wrote, a renderer decides what to link.
 * `maxNesting` leaves room for {@link MAX_MARKDOWN_DEPTH} containers (two levels per list).
 */
const MAX_NESTING = 4 * MAX_MARKDOWN_DEPTH + 20

function configured(): MarkdownIt {
  const md = new MarkdownIt('default', { html: true, linkify: true }).use(footnote).use(strikethrough)
  // Not in @types/markdown-it's options, though markdown-it reads it there.
  Object.assign(md.options, { maxNesting: MAX_NESTING })
  md.core.ruler.disable('footnote_tail')
  md.inline.ruler.disable('footnote_inline')
  md.linkify.set({ fuzzyLink: true })
  md.linkify.add('ftp:', null).add('//', null)
  md.normalizeLink = (url) => url
  md.normalizeLinkText = (text) => text
  md.validateLink = () => true
  return md
}

const parser = configured()

/**
 * The same parser without turning autolink literals into links, for those who read only the text
 * (search sections): a literal's link holds exactly the literal's text, and finding literals in
 * every text is about a third of markdown-it's time on ordinary prose. The inline rule that keeps a
 * `https://` URL whole (no emphasis inside it) still runs, with the same schemes as the parser's
 * (an `ftp://` URL is text to both), so the text is the same.
 */
const textParser = configured()
textParser.core.ruler.disable('linkify')

export interface ParseOptions {
  /**
   * `false` leaves autolink literals (`www.example.com`) as text instead of links: the text of
   * the tree is the same, for a reader that needs only that.
   */
  links?: boolean
  /** `false` leaves out the top-level blocks' `position` (for a reader that does not cut the text). */
  positions?: boolean
}

/**
 * Markdown read with a real parser (markdown-it): CommonMark with GitHub's extensions (tables,
 * task lists, strikethrough, footnotes, autolink literals), as an mdast tree. Markdown nested
 * deeper than {@link MAX_MARKDOWN_DEPTH} (which the API refuses, but a state file or a builder
 * may hold) is kept as one paragraph of its text. Emphasis delimiters and brackets beyond
 * {@link MAX_INLINE_DELIMITERS} and {@link MAX_INLINE_BRACKETS} in one inline run are read as
 * literal text ({@link boundInlineRuns}), so the cost stays close to linear in the input.
 */
export function parseMarkdown(markdown: string, options: ParseOptions = {}): Root {
  const parsed = tokensOf(markdown, options.links === false ? textParser : parser)
  if (!parsed) return { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: markdown }] }] }
  return tokensToMdast(parsed.tokens, options.positions === false ? undefined : parsed.text)
}

/**
 * markdown-it's tokens for a reader of the text only (the parser of `links: false`), without the
 * tree: `undefined` for markdown nested deeper than {@link MAX_MARKDOWN_DEPTH}, which
 * {@link parseMarkdown} keeps as one paragraph of its text.
 */
export function textTokens(markdown: string): Token[] | undefined {
  return tokensOf(markdown, textParser)?.tokens
}

/** The tokens of `markdown` and the text they were parsed from (its inline runs bounded). */
function tokensOf(markdown: string, used: MarkdownIt): { text: string; tokens: Token[] } | undefined {
  if (markdownDepth(markdown) > MAX_MARKDOWN_DEPTH) return undefined
  const text = boundInlineRuns(markdown)
  const tokens = used.parse(text, {})
  // A fence's info string is kept raw (markdown-it's renderer unescapes it): `~~~ a\-b` is `a-b`.
  for (const token of tokens) if (token.type === 'fence' && token.info) token.info = used.utils.unescapeAll(token.info)
  return { text, tokens }
}

/** The text a leaf contributes; undefined for a node with children. */
function leafText(node: Nodes): string | undefined {
  if ('value' in node && typeof node.value === 'string') return node.type === 'html' ? '' : node.value
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? ''
  if (node.type === 'break') return '\n'
  if (!('children' in node)) return ''
  return undefined
}

function separatorOf(node: Nodes): string {
  if (node.type === 'root' || node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote' || node.type === 'table') return '\n'
  return node.type === 'tableRow' ? ' | ' : ''
}

/**
 * The plain text of a node (code keeps its source; images their alt text). Walks with its own
 * stack rather than recursion, so no depth of input can overflow the call stack.
 */
export function plainText(node: Nodes): string {
  const parts: string[] = []
  const stack: Array<{ node: Nodes; next: number }> = [{ node, next: -1 }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (top.next === -1) {
      const leaf = leafText(top.node)
      if (leaf !== undefined) {
        parts.push(leaf)
        stack.pop()
        continue
      }
      top.next = 0
    }
    const children = (top.node as { children: Nodes[] }).children
    if (top.next >= children.length) {
      stack.pop()
      continue
    }
    if (top.next > 0) parts.push(separatorOf(top.node))
    stack.push({ node: children[top.next++]!, next: -1 })
  }
  return parts.join('')
}

/** Every node of a tree, parents before children, without recursion. */
export function* walk(root: Nodes): Generator<Nodes> {
  const stack: Nodes[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    yield node
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes)
  }
}
