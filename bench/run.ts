/**
 * `npm run bench`: runs every benchmark and writes docs/performance.md. Figures are ratios
 * against baselines measured in the same run, so they compare across machines. Run it on a
 * quiet machine (the load average is recorded): the HTTP and call-overhead figures follow the
 * CPU time left to them. `--quick` uses smaller sizes and shorter runs (a smoke run).
 */
import { writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { durability } from './durability.ts'
import { hostile } from './hostile.ts'
import { openapiSources } from './openapi-sources.ts'
import { coldStart } from './cold-start.ts'
import { markdownShapesSection } from './markdown-shapes.ts'
import { memberSpaces } from './member-spaces.ts'
import { http } from './http.ts'
import { overhead } from './overhead.ts'
import { perTest } from './per-test.ts'
import { platforms } from './platforms.ts'
import { renderMemory } from './reliability.ts'
import { scale } from './scale.ts'
import { search } from './search.ts'
import { sizes, sizeTable } from './size.ts'
import { types } from './types.ts'

const quick = process.argv.includes('--quick')
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')
const loadBefore = load()
const started = performance.now()

async function size(): Promise<string[]> {
  const rows = await sizes()
  const goal = (name: string, label: string) => {
    const r = rows.find((row) => row.from === 'sources' && row.name.startsWith(name))!
    return `Goal (${label}): at most ${(r.budget! / 1024).toFixed(0)} KB gzipped: ${r.gzipped <= r.budget! ? 'met' : 'NOT met'} (${(r.gzipped / 1024).toFixed(1)} KB, ${(r.gzipped / r.budget!).toFixed(2)}x the budget).`
  }
  const target = (name: string, label: string, limit: number) => {
    const r = rows.find((row) => row.from === 'sources' && row.name.startsWith(name))!
    return `Goal (${label}): at most ${(limit / 1024).toFixed(1)} KB gzipped: ${r.gzipped <= limit ? 'met' : 'NOT met'} (${(r.gzipped / 1024).toFixed(1)} KB, ${(r.gzipped / limit).toFixed(2)}x).`
  }
  return [
    '## 5. Bundle size (`npm run size`: esbuild, minified, browser, ESM; gzip level 9)',
    '',
    ...sizeTable(rows),
    '',
    goal('one operation', 'one operation'),
    goal('full namespaced client', 'the full client'),
    goal('browser mock (demo + startMockWorker, split): entry chunk', "the browser mock's entry chunk"),
    goal('browser mock: before the first answer', 'the browser mock before its first answer, msw included'),
    goal('browser mock: every chunk', 'every chunk of the browser mock'),
    // The goals, whatever the budgets (which follow what the app weighs) say.
    target('browser mock: before the first answer', 'target, the browser mock before its first answer, msw included', 180 * 1024),
    target('browser mock: every chunk', 'target, every chunk of the browser mock', 240 * 1024),
  ]
}

const sections: Array<[string, () => string[] | Promise<string[]>]> = [
  ['call overhead', overhead],
  ['scale', () => scale(quick ? [1_000, 10_000] : [1_000, 10_000, 100_000])],
  ['per-test cost', perTest],
  ['HTTP server', () => http(quick ? { seconds: 3, rounds: 1 } : { seconds: 5, rounds: 3 })],
  ['bundle size', size],
  ['type-check cost', types],
  ['search', () => search(quick ? 2 : 5)],
  ['durability', () => durability(quick ? { seconds: 3, rounds: 1 } : { seconds: 5, rounds: 3 })],
  ['hostile payloads', () => hostile(quick ? 5 : 20)],
  ['OpenAPI sources', () => openapiSources(quick ? 1 : 3)],
  ['markdown shapes', () => markdownShapesSection(quick)],
  ['render memory', () => renderMemory(quick ? 3_000 : 10_000)],
  ['cold start', () => coldStart(quick ? 1 : 3)],
  ['member spaces and questions', memberSpaces],
  ['many platforms', () => platforms(quick)],
]
const results: string[][] = []
for (const [name, run] of sections) {
  const t = performance.now()
  results.push(await run())
  console.error(`bench: ${name} done in ${((performance.now() - t) / 1000).toFixed(0)} s`)
}

const goals = results.flat().filter((line) => line.startsWith('Goal'))
const header = [
  '# Performance',
  '',
  'Written by `npm run bench` (bench/run.ts), whole, on every run: do not edit by hand. Figures are medians; every ratio compares with a baseline measured in the same run (named in each section). What the figures led to, and why each goal stands where it does: [decisions/performance.md](decisions/performance.md).',
  '',
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${new Date().toISOString().slice(0, 10)}; load average ${loadBefore} at the start, ${load()} at the end; ${((performance.now() - started) / 60_000).toFixed(1)} minutes${quick ? ' (quick run: smaller sizes, shorter runs)' : ''}.`,
  '',
  '## Goals',
  '',
  ...goals.map((goal) => `- ${goal}`),
  '',
]
// The report is the bench's alone, rewritten whole on every run: what the figures led to (what was
// changed, why a goal stands where it does) lives in docs/decisions/performance.md.
const text = [...header, results.map((s) => s.join('\n')).join('\n\n'), ''].join('\n')
writeFileSync(new URL('../docs/performance.md', import.meta.url), text)
console.log(text)
