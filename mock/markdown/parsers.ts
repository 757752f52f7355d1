import MarkdownIt from 'markdown-it'
import type { Token } from 'markdown-it'
import footnote from 'markdown-it-footnote'
import { markdownDepth, MAX_MARKDOWN_DEPTH } from '../base/markdown-depth.ts'
import { boundInlineRuns } from './inline-bound.ts'
import { strikethrough } from './strikethrough.ts'

// The parsers and their tokens. Kept apart from parse.ts, whose declarations the library's public
// types reach (`Libraries`): markdown-it's own types must not appear in them.

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
// markdown-it's first rule makes a copy of the whole text with its line endings made `\n` (every
// `\n` too) and NUL characters replaced: a text with neither `\r` nor NUL is already what it
// makes, and is read as it is (the copy was about a twelfth of what reading a page's sections
// allocated), and any other through markdown-it's own rule (the first of its core chain, which
// `search-line-endings.test.ts` checks). The parser keeps markdown-it's rule: a rendered
// document's tokens hold slices of its copy.
const LINE_END_OR_NUL = /[\r\0]/
const normalize = textParser.core.ruler.getRules('')[0]!
textParser.core.ruler.at('normalize', (state) => LINE_END_OR_NUL.test(state.src) && normalize(state))

/**
 * markdown-it's tokens for a reader of the text only (the parser of `links: false`), without the
 * tree: `undefined` for markdown nested deeper than {@link MAX_MARKDOWN_DEPTH}, which
 * `parseMarkdown` keeps as one paragraph of its text.
 */
export function textTokens(markdown: string): Token[] | undefined {
  return markdownTokens(markdown, false)?.tokens
}

/**
 * The tokens of `markdown` and the text they were parsed from (its inline runs bounded), by the
 * parser (`links`) or the text parser; `undefined` when nested too deeply to parse.
 */
export function markdownTokens(markdown: string, links: boolean): { text: string; tokens: Token[] } | undefined {
  const used = links ? parser : textParser
  if (markdownDepth(markdown) > MAX_MARKDOWN_DEPTH) return undefined
  const text = boundInlineRuns(markdown)
  const tokens = used.parse(text, {})
  // A fence's info string is kept raw (markdown-it's renderer unescapes it): `~~~ a\-b` is `a-b`.
  for (const token of tokens) if (token.type === 'fence' && token.info) token.info = used.utils.unescapeAll(token.info)
  return { text, tokens }
}
