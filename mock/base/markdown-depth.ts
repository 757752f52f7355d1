/**
 * Deepest nesting of containers (lists, block quotes) markdown may have. Real documents rarely
 * go past ten; the parser's cost grows with the square of the depth (8,000 nested list markers
 * took seconds), so the platform refuses deeper input rather than let one body stall everyone.
 */
export const MAX_MARKDOWN_DEPTH = 50

/**
 * An upper bound of the container nesting a markdown text opens, in one pass without parsing:
 * per line, the quote and list markers it starts with, plus half the indentation before the first
 * of them (a nested list item is indented by at least two columns per level). Over-counts at worst (indented code),
 * never under-counts.
 */
export function markdownDepth(markdown: string): number {
  let deepest = 0
  let depth = 0
  let columns = 0
  let atLineStart = true
  // Where the next `\r` is (-1: none left), found once and again only when passed.
  let nextCr = markdown.indexOf('\r')
  for (let i = 0; i < markdown.length; i++) {
    if (!atLineStart) {
      // The rest of a line counts for nothing: go to its end (the next `\n` or `\r`) natively.
      if (nextCr !== -1 && nextCr < i) nextCr = markdown.indexOf('\r', i)
      const lf = markdown.indexOf('\n', i)
      const end = lf === -1 ? nextCr : nextCr === -1 ? lf : Math.min(lf, nextCr)
      if (end === -1) break
      i = end
    }
    const c = markdown.charCodeAt(i)
    if (c === 10 || c === 13) {
      deepest = Math.max(deepest, depth + (columns >> 1))
      depth = 0
      columns = 0
      atLineStart = true
      continue
    }
    // Indentation counts before the line's first marker; spaces between markers do not.
    if (c === 32) columns += depth === 0 ? 1 : 0
    else if (c === 9) columns += depth === 0 ? 4 : 0
    else if (c === 62)
      depth++ // '>'
    else if ((c === 45 || c === 42 || c === 43) && isMarkerEnd(markdown.charCodeAt(i + 1)))
      depth++ // '-', '*', '+'
    else if (c >= 48 && c <= 57) {
      // An ordered list marker: up to nine digits, then '.' or ')'.
      let j = i
      while (j < markdown.length && j - i < 9 && markdown.charCodeAt(j) >= 48 && markdown.charCodeAt(j) <= 57) j++
      const after = markdown.charCodeAt(j)
      if ((after === 46 || after === 41) && isMarkerEnd(markdown.charCodeAt(j + 1))) {
        depth++
        i = j
      } else atLineStart = false
    } else atLineStart = false
  }
  return Math.max(deepest, depth + (columns >> 1))
}

function isMarkerEnd(c: number): boolean {
  return Number.isNaN(c) || c === 32 || c === 9 || c === 10 || c === 13
}
