import { parseMarkdown } from '../mock/markdown/parse.ts'
import { mdastToDocument } from '../mock/markdown/document.ts'

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

/** Wall-clock and CPU milliseconds (the process's CPU time: what other work on the machine does not inflate). */
function time(text: string): { wall: number; cpu: number } {
  const cpu = process.cpuUsage()
  const start = performance.now()
  mdastToDocument(parseMarkdown(text))
  const wall = performance.now() - start
  const used = process.cpuUsage(cpu)
  return { wall, cpu: (used.user + used.system) / 1000 }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * Milliseconds to turn each shape into a document (parse, then convert), in this process, at each
 * size: the median of `runs` runs after two warm-up runs (a server converts many bodies; the first
 * one after start also compiles the parser's code), and the slowest of those runs.
 */
export function markdownShapeTimes(sizes = [16, 64], runs = 5): Array<{ shape: string; median: number[]; worst: number[]; cpu: number[] }> {
  const rows: Array<{ shape: string; median: number[]; worst: number[]; cpu: number[] }> = []
  for (const [shape, build] of Object.entries(markdownShapes)) {
    const row = { shape, median: [] as number[], worst: [] as number[], cpu: [] as number[] }
    for (const kb of sizes) {
      const text = build(kb * 1024)
      time(text)
      time(text)
      const times = Array.from({ length: runs }, () => time(text))
      row.median.push(median(times.map((t) => t.wall)))
      row.worst.push(Math.max(...times.map((t) => t.wall)))
      row.cpu.push(median(times.map((t) => t.cpu)))
    }
    rows.push(row)
  }
  return rows
}

/** Goal: no request holds the state lock more than 50 ms; one body of the largest size is one conversion. */
export const SHAPE_GOAL_MS = 50

/** The table for docs/performance.md: the median ms per size, the slowest run at the largest, and the ratio to the ordinary document. */
export function markdownShapesTable(sizes = [16, 64], runs = 5): { lines: string[]; goal: string } {
  const rows = markdownShapeTimes(sizes, runs)
  const last = sizes.length - 1
  const base = rows[0]!.median[last]!
  const worst = rows.reduce((a, b) => (b.median[last]! > a.median[last]! ? b : a))
  const lines = [
    `| Shape | ${sizes.map((s) => `${s} KB (ms)`).join(' | ')} | ${sizes[last]} KB slowest run (ms) | ${sizes[last]} KB CPU (ms) | ${sizes[last]} KB / ordinary |`,
    `| --- | ${sizes.map(() => '---').join(' | ')} | --- | --- | --- |`,
    ...rows.map(
      (r) =>
        `| ${r.shape} | ${r.median.map((v) => v.toFixed(1)).join(' | ')} | ${r.worst[last]!.toFixed(1)} | ${r.cpu[last]!.toFixed(1)} | ${(r.median[last]! / base).toFixed(1)}x |`,
    ),
  ]
  const met = worst.median[last]! <= SHAPE_GOAL_MS
  const goal = `Goal (markdown shapes): a ${sizes[last]} KB body of any shape becomes a document in at most ${SHAPE_GOAL_MS} ms (median of ${runs} runs): ${met ? 'met' : 'NOT met'} (slowest shape ${worst.shape}: ${worst.median[last]!.toFixed(1)} ms, ${(worst.median[last]! / base).toFixed(1)}x the ordinary document).`
  return { lines, goal }
}

if (import.meta.main) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0)
  const { lines, goal } = markdownShapesTable(sizes.length > 0 ? sizes : undefined)
  for (const line of lines) console.log(line)
  console.log(`\n${goal}`)
}

/** The section of docs/performance.md written by `npm run bench`. */
export function markdownShapesSection(quick = false): string[] {
  const { lines, goal } = markdownShapesTable(quick ? [16] : [16, 64], quick ? 3 : 5)
  return [
    '### Markdown shapes (`bench/markdown-shapes.ts`: parse with markdown-it and convert to a document, in-process; median ms)',
    '',
    ...lines,
    '',
    goal,
  ]
}
