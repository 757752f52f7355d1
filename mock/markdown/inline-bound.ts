/**
 * Most emphasis delimiters (`*`, `~`, and `_` not between letters or digits) one inline run may
 * hold before the rest are read as literal text. micromark matches each closer against the
 * openers before it, so a paragraph of 10 KB of `*a` took seconds; runs of this many cost about
 * what ordinary text of the same size does.
 */
export const MAX_INLINE_DELIMITERS = 500

/** Most `[` and `]` one inline run may hold before the rest are literal (label ends look back at every opener). */
export const MAX_INLINE_BRACKETS = 1000

/**
 * Farthest a `[` may be from its `]` (in characters, within one block) before it is read as
 * literal text. With GFM, each word after an open `[` walks back through the parse to it (autolink
 * literals must not start inside a link label), so one `[` before 32 KB of words took over a second.
 * An unmatched `[` is literal text anyway; only link texts longer than this change.
 */
export const MAX_LABEL_LENGTH = 1000

/**
 * The bound for a block of lines with no blank line between them, whatever the markers that may
 * start new runs inside it (list items, table rows, headings, definitions): the pre-pass does not
 * parse, so a line it takes for a new run may be the same paragraph to the parser.
 */
const BLOCK_FACTOR = 4

const fenceOpen = /^(`{3,}|~{3,})(.*)$/
const containerPrefix = /^(?:[ \t]{0,3}(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$))[ \t]?)*/
const thematicBreak = /^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const htmlEnd: Array<[RegExp, RegExp]> = [
  [/^<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<!\[CDATA\[/, /\]\]>/],
  [/^<![A-Za-z]/, />/],
]
const wordChar = /[\p{L}\p{N}]/u

/**
 * The markdown with every emphasis delimiter and bracket beyond the bounds above backslash-escaped,
 * so the parser's cost stays close to linear in the input; the same string when nothing exceeds
 * them (every ordinary document). Counts restart at blank lines; a line that may start a new inline
 * run (a list item, a table row, a heading, a definition) restarts the per-run count, while the
 * block's count (four times the bound) only restarts at blank lines, so no guess about where the
 * parser starts a run can let a run exceed four times the bound. Fenced code at column 0 is left as
 * it is. Deterministic: the result depends on the text only.
 */
export function boundInlineRuns(markdown: string): string {
  const farOpeners = farLabelOpeners(markdown)
  if (farOpeners.size === 0 && !exceedsAnywhere(markdown)) return markdown
  const lines = markdown.split(/(\r\n|\r|\n)/)
  const out: string[] = []
  let fence: { char: string; length: number } | undefined
  let html: RegExp | 'blank' | undefined
  let delimiters = { run: 0, block: 0 }
  let brackets = { run: 0, block: 0 }
  let offset = 0
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!
    const lineStart = offset
    offset += line.length
    if (k % 2 === 1) {
      out.push(line) // a line ending
      continue
    }
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length) fence = undefined
      out.push(line)
      continue
    }
    if (/^[ \t>]*$/.test(line)) {
      delimiters = { run: 0, block: 0 }
      brackets = { run: 0, block: 0 }
      if (html === 'blank') html = undefined
      out.push(line)
      continue
    }
    if (html === undefined && line.startsWith('<')) {
      html = htmlEnd.find(([start]) => start.test(line))?.[1] ?? 'blank'
    }
    if (html instanceof RegExp && html.test(line)) html = undefined
    else if (html === undefined) {
      const open = fenceOpen.exec(line)
      if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
        fence = { char: open[1]![0]!, length: open[1]!.length }
        delimiters = { run: 0, block: 0 }
        brackets = { run: 0, block: 0 }
        out.push(line)
        continue
      }
    }
    const prefix = containerPrefix.exec(line)![0]
    const rest = line.slice(prefix.length)
    if (thematicBreak.test(rest)) {
      out.push(line)
      continue
    }
    if (/[-+*)]|\d[.)]/.test(prefix) || /^[ \t]*(?:#|\[[^\]]*\]:)/.test(rest) || rest.includes('|')) {
      delimiters.run = 0
      brackets.run = 0
    }
    out.push(prefix + boundLine(rest, lineStart + prefix.length, farOpeners, delimiters, brackets))
  }
  return out.join('')
}

function boundLine(
  text: string,
  start: number,
  farOpeners: Set<number>,
  delimiters: { run: number; block: number },
  brackets: { run: number; block: number },
): string {
  let result = ''
  let from = 0
  let escaped = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '\\') {
      i++
      continue
    }
    let counter: { run: number; block: number } | undefined
    let limit = 0
    if (c === '*' || c === '~' || (c === '_' && !(wordChar.test(text[i - 1] ?? '') && wordChar.test(text[i + 1] ?? '')))) {
      counter = delimiters
      limit = MAX_INLINE_DELIMITERS
    } else if (c === '[' || c === ']') {
      counter = brackets
      limit = MAX_INLINE_BRACKETS
    }
    if (!counter) continue
    counter.run++
    counter.block++
    if (counter.run > limit || counter.block > limit * BLOCK_FACTOR || (c === '[' && farOpeners.has(start + i))) {
      result += text.slice(from, i) + '\\'
      from = i
      escaped = true
      if (c === '[' && text[i + 1] === '^') {
        // Many `\[^` are superlinear in the GFM footnote extension; `\[\^` reads the same.
        result += '[\\'
        from = i + 1
        i++
      }
    }
  }
  return escaped ? result + text.slice(from) : text
}

/** Whether the whole text holds more delimiters or brackets than one run may: if not, nothing can exceed. */
function exceedsAnywhere(markdown: string): boolean {
  // Counted with native searches (every page read comes here, and few pages hold many of them).
  return (
    occurrences(markdown, ['*', '_', '~'], MAX_INLINE_DELIMITERS) > MAX_INLINE_DELIMITERS ||
    occurrences(markdown, ['[', ']'], MAX_INLINE_BRACKETS) > MAX_INLINE_BRACKETS
  )
}

/** How many times these characters occur in the text, counting no further than past `limit`. */
function occurrences(text: string, chars: readonly string[], limit: number): number {
  let n = 0
  for (const c of chars) {
    for (let i = text.indexOf(c); i !== -1 && n <= limit; i = text.indexOf(c, i + 1)) n++
  }
  return n
}

/**
 * Positions of the `[` whose `]` is more than {@link MAX_LABEL_LENGTH} characters on, or missing,
 * matching brackets with a stack that restarts at blank lines and skips escaped characters and
 * code spans (where a backslash would show).
 */
function farLabelOpeners(markdown: string): Set<number> {
  const far = new Set<number>()
  if (!markdown.includes('[')) return far
  const ticks = new BacktickRuns(markdown)
  const open: number[] = []
  const unmatchedTicks = new Set<number>() // backtick run lengths with no closing run after some point
  let blockEnd = -1
  const blankLine = /[\n\r][ \t>]*(?:[\n\r]|$)/g
  const flush = () => {
    for (const position of open) far.add(position)
    open.length = 0
    unmatchedTicks.clear()
  }
  for (let i = 0; i < markdown.length; i++) {
    const c = markdown.charCodeAt(i)
    if (c === 92)
      i++ // backslash
    else if (c === 10 || c === 13) {
      let j = i + 1
      while (j < markdown.length && (markdown[j] === ' ' || markdown[j] === '\t' || markdown[j] === '>')) j++
      if (j >= markdown.length || markdown[j] === '\n' || markdown[j] === '\r') flush()
    } else if (c === 96) {
      let j = i
      while (markdown.charCodeAt(j) === 96) j++
      const length = j - i
      if (blockEnd < i) {
        blankLine.lastIndex = i
        blockEnd = blankLine.exec(markdown)?.index ?? markdown.length
      }
      const close = unmatchedTicks.has(length) ? -1 : ticks.next(j, length, blockEnd)
      if (close === -1) {
        unmatchedTicks.add(length)
        i = j - 1
      } else i = close + length - 1
    } else if (c === 91) open.push(i)
    else if (c === 93 && open.length > 0) {
      const from = open.pop()!
      if (i - from > MAX_LABEL_LENGTH) far.add(from)
    }
  }
  flush()
  return far
}

/**
 * The maximal runs of backticks of a text, by length, so finding the next run of a length is a
 * binary search (scanning forward for each opener was quadratic: 64 KB of ever longer runs took
 * 100 ms).
 */
class BacktickRuns {
  readonly #starts = new Map<number, number[]>()

  constructor(text: string) {
    let i = text.indexOf('`')
    while (i !== -1) {
      let j = i
      while (text.charCodeAt(j) === 96) j++
      let list = this.#starts.get(j - i)
      if (!list) this.#starts.set(j - i, (list = []))
      list.push(i)
      i = text.indexOf('`', j)
    }
  }

  /** Where the next run of exactly `length` backticks starts at or after `from` and before `end`, or -1. */
  next(from: number, length: number, end: number): number {
    const list = this.#starts.get(length)
    if (!list) return -1
    let low = 0
    let high = list.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (list[mid]! < from) low = mid + 1
      else high = mid
    }
    return low < list.length && list[low]! < end ? list[low]! : -1
  }
}
