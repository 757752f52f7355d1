import { parseMarkdown } from '../mock/model/markdown/parse.ts'
import { mdastToDocument } from '../mock/model/markdown/document.ts'

/** Hostile inline shapes (each repeats a short unit to the size asked) and an ordinary baseline. */
export const markdownShapes: Record<string, (bytes: number) => string> = {
  'ordinary document': (n) => ordinary(n),
  '`*a` run': (n) => fill('*a', n),
  '`_a` run': (n) => fill('_a', n),
  '`*` run': (n) => fill('*', n),
  '`_` run': (n) => fill('_', n),
  '`~` run': (n) => fill('~', n),
  '`~a` run': (n) => fill('~a', n),
  '`**a` run': (n) => fill('**a', n),
  '`*a_` run': (n) => fill('*a_', n),
  'unclosed `[a](`': (n) => fill('[a](', n),
  'unclosed `[`': (n) => fill('[', n),
  'unclosed `![`': (n) => fill('![', n),
  '`[a]` runs': (n) => fill('[a]', n),
  '`](` runs': (n) => fill('](', n),
  'nested `[[[...]]]`': (n) => `${'['.repeat(n / 2)}a${']'.repeat(n / 2)}`,
  'backtick runs': (n) => fill('`a``b', n),
  'growing backticks': (n) => growing('`', n),
  '`<` autolink openers': (n) => fill('<a', n),
  '`<http:` openers': (n) => fill('<http:a ', n),
  'html openers `<a `': (n) => fill('<a b=', n),
  'table with many pipes': (n) => `|a|b|\n|-|-|\n${fill('|x', n - 12)}\n`,
  'long table': (n) => `|a|b|\n|-|-|\n${fill('|x|y|\n', n - 12)}`,
  '`www.` autolinks': (n) => fill('www.a.b ', n),
  'footnote refs `[^a`': (n) => fill('[^a', n),
  'one `[` before words': (n) => `[${fill('a ', n - 1)}`,
  '`[` then words then `]`': (n) => `[${fill('a ', n - 2)}]`,
  'entity `&#` runs': (n) => fill('&#1', n),
}

function fill(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes)
}

function growing(unit: string, bytes: number): string {
  let text = ''
  for (let k = 1; text.length < bytes; k++) text += `${unit.repeat(k)}a`
  return text.slice(0, bytes)
}

function ordinary(bytes: number): string {
  const section = [
    '## A section with `code`',
    '',
    'Some *emphasis*, **strong**, ~~strike~~ and a [link](https://example.com/a "title") and ![img](a.png).',
    'A second line with <https://example.com> and www.example.com and a footnote[^1].',
    '',
    '- item one',
    '- item two with `code`',
    '  - nested [ref][r]',
    '',
    '> quoted _text_',
    '',
    '| a | b |',
    '| - | - |',
    '| 1 | 2 |',
    '',
    '```ts',
    'const x = 1',
    '```',
    '',
    '[r]: https://example.com/r',
    '[^1]: A note.',
    '',
  ].join('\n')
  return section.repeat(Math.ceil(bytes / section.length)).slice(0, bytes)
}

function time(text: string): number {
  const start = performance.now()
  mdastToDocument(parseMarkdown(text))
  return performance.now() - start
}

/**
 * Milliseconds to turn each shape of 10, 20, 40 and 80 KB into a document, in this process.
 * A shape that takes more than `cutoffMs` at one size is not timed at the larger ones (the
 * parser was quadratic on some: 80 KB of `[a](` took 17 s).
 */
export function markdownShapeTimes(sizes = [10, 20, 40, 80], cutoffMs = 3000): Array<{ shape: string; ms: Array<number | undefined> }> {
  const rows: Array<{ shape: string; ms: Array<number | undefined> }> = []
  for (const [shape, build] of Object.entries(markdownShapes)) {
    const ms: Array<number | undefined> = []
    let skip = false
    for (const kb of sizes) {
      if (skip) {
        ms.push(undefined)
        continue
      }
      const text = build(kb * 1024)
      time(text.slice(0, 512)) // warm the code paths
      const t = time(text)
      ms.push(t)
      if (t > cutoffMs) skip = true
    }
    rows.push({ shape, ms })
  }
  return rows
}

/** The table for docs/performance.md: ms per size, and the 80 KB time over the ordinary 80 KB document. */
export function markdownShapes80(sizes = [10, 20, 40, 80]): string[] {
  const rows = markdownShapeTimes(sizes)
  const base = rows[0]!.ms[rows[0]!.ms.length - 1]!
  const cell = (v: number | undefined) => (v === undefined ? 'skipped' : v.toFixed(0))
  return [
    `| Shape | ${sizes.map((s) => `${s} KB (ms)`).join(' | ')} | largest / ordinary |`,
    `| --- | ${sizes.map(() => '---').join(' | ')} | --- |`,
    ...rows.map((r) => {
      const last = r.ms[r.ms.length - 1]
      return `| ${r.shape} | ${r.ms.map(cell).join(' | ')} | ${last === undefined ? '-' : (last / base).toFixed(1)}x |`
    }),
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0)
  for (const line of markdownShapes80(sizes.length > 0 ? sizes : undefined)) console.log(line)
}

/** The section of docs/performance.md written by `npm run bench`. */
export async function markdownShapesSection(quick = false): Promise<string[]> {
  const sizes = quick ? [10, 20] : [10, 20, 40, 80]
  return [
    '### Markdown shapes (`bench/markdown-shapes.ts`: parse and convert to a document, in-process, one run each)',
    '',
    ...markdownShapes80(sizes),
    '',
    'Goal: every shape within 4x the ordinary document of the same size: ' + goalMet(sizes) + '.',
  ]
}

function goalMet(sizes: number[]): string {
  const rows = markdownShapeTimes(sizes.slice(-1))
  const base = rows[0]!.ms[0]!
  const worst = Math.max(...rows.map((r) => (r.ms[0] ?? Infinity) / base))
  return `${worst <= 4 ? 'met' : 'NOT met'} (worst ${worst.toFixed(1)}x)`
}
