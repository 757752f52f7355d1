/**
 * `npm run size`: bundles four apps with esbuild (minified, browser, ESM), gzips them and checks
 * the budgets. Exits non-zero when a budget is broken; the tests never assert sizes.
 *
 * The browser mock app (`bench/size/mock-browser.ts`: the demo platform in MSW's service worker)
 * is bundled with code splitting, as apps are, and reported three ways, each chunk gzipped on its
 * own as a server sends it: its entry chunk with the chunks it imports statically (what the
 * page loads before any of it runs); what is loaded before
 * the mock answers its first request (the entry, what it imports, msw, which `startMockWorker`
 * imports before it resolves, and the demo scenario, which the platform imports to build it);
 * and every chunk (the libraries the mock loads on
 * first need included: docs/decisions/lazy-loading.md).
 *
 * The apps import the sources (what CI checks). When the package is built (`npm run build`),
 * the same apps are also bundled against `dist/`, as a user of the published package would,
 * for information. `--why` lists what each bundle holds, by package and by file.
 */
import { build, type Plugin } from 'esbuild'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { bundleAliases, esbuildMarkdownItStubs, esbuildYamlStubs } from '../build/aliases.ts'
import { esbuildPureAnnotations } from '../build/pure-annotations.ts'
import { moduleWeights, type ModuleWeight } from './size/by-module.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
/**
 * The browser mock app's budgets, gzipped: each stands up to 2 KB above what the app measures, so
 * that weight added without a reason shows. A budget is raised only with a decision record
 * (docs/decisions/lazy-loading.md, "The browser mock's budgets") naming what was added and what
 * was tried to make room.
 *
 * - The entry chunk with its static imports (102.0 KB): the platform, the contract and zod.
 * - Before the first answer (197.5 KB): that, msw (87.4 KB, most of it the public suffix list its
 *   cookie store brings through tough-cookie) and the demo scenario's chunk. The goal is 180 KB.
 * - Every chunk (268.0 KB): that and the libraries loaded on first need: markdown (34.4 KB), the
 *   YAML parser of OpenAPI sources (28.5 KB), MiniSearch (5.8 KB), lz-string and the JWT signer.
 *   The goal is 240 KB: the app weighed 229.6 KB before the YAML parser came.
 */
const BROWSER_ENTRY_BUDGET = 102.5 * 1024
const BROWSER_FIRST_ANSWER_BUDGET = 198 * 1024
const BROWSER_TOTAL_BUDGET = 269 * 1024

/** docplat/mock/matchers: the verification code and the contract it checks operation IDs against (24.2 KB measured). */
const MATCHERS_BUDGET = 26 * 1024

const apps = [
  { name: 'one operation (standalone function + core)', entry: 'bench/size/one-operation.ts', budget: 18 * 1024 },
  { name: 'full namespaced client', entry: 'bench/size/full-client.ts', budget: 45 * 1024 },
  { name: 'docplat/mock with the demo scenario', entry: 'bench/size/mock-demo.ts', budget: undefined },
  // The matchers alone: verification and the contract's operation table (to name and route operations).
  { name: 'docplat/mock/matchers', entry: 'bench/size/matchers.ts', budget: MATCHERS_BUDGET },
]

/** Points the apps' imports of the sources at the built package instead. */
const toDist: Plugin = {
  name: 'dist',
  setup(b) {
    b.onResolve({ filter: /\/src\/index\.ts$/ }, () => ({ path: `${root}dist/index.js` }))
    b.onResolve({ filter: /\/mock\/index\.ts$/ }, () => ({ path: `${root}dist/mock/index.js` }))
    b.onResolve({ filter: /\/mock\/browser\/index\.ts$/ }, () => ({ path: `${root}dist/mock/browser/index.js` }))
    b.onResolve({ filter: /\/mock\/verify\/matchers\.ts$/ }, () => ({ path: `${root}dist/mock/matchers/index.js` }))
  },
}

export interface SizeRow {
  name: string
  from: 'sources' | 'dist'
  minified: number
  gzipped: number
  budget: number | undefined
  inputs: Record<string, number>
  /** Minified bytes by source file (a package's files under its name). */
  files: Record<string, number>
}

/** Minified bytes by file, paths from the package's root or a package's name. */
function byFile(inputs: Record<string, { bytesInOutput: number }>, into: Record<string, number> = {}): Record<string, number> {
  for (const [path, input] of Object.entries(inputs)) {
    const key = path.replace(/^.*node_modules\//, '').replace(/^(?:\.\.\/)*/, '')
    into[key] = (into[key] ?? 0) + input.bytesInOutput
  }
  return into
}

/** Minified bytes by origin (a package, or the first two folders of a source path). */
function byOrigin(inputs: Record<string, { bytesInOutput: number }>, into: Record<string, number> = {}): Record<string, number> {
  for (const [path, input] of Object.entries(inputs)) {
    const key =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ??
      path
        .replace(/^(?:\.\.\/)*/, '')
        .split('/')
        .slice(0, 2)
        .join('/')
    into[key] = (into[key] ?? 0) + input.bytesInOutput
  }
  return into
}

function buildOptions(from: 'sources' | 'dist') {
  return {
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'error',
    // From the sources, the build's `@__PURE__` marks, aliases and stand-ins apply as tsdown applies them to dist/.
    plugins: from === 'dist' ? [toDist] : [esbuildPureAnnotations(), esbuildMarkdownItStubs(), esbuildYamlStubs()],
    ...(from === 'sources' ? { alias: bundleAliases } : {}),
  } as const
}

/** The browser mock app, split: its entry chunk, what loads before the first answer, every chunk. */
async function browserMock(from: 'sources' | 'dist'): Promise<SizeRow[]> {
  const result = await build({
    ...buildOptions(from),
    entryPoints: [`${root}bench/size/mock-browser.ts`],
    splitting: true,
    outdir: `${root}bench/size/out`,
  })
  const outputs = result.metafile.outputs
  const chunks = new Map(
    result.outputFiles.map((file) => {
      const key = Object.keys(outputs).find((name) => file.path.endsWith(name.replace(/^(?:\.\.\/)*/, '')))!
      return [key, { code: file.contents, meta: outputs[key]! }] as const
    }),
  )
  // The app's own entry: chunks loaded by `import()` have an `entryPoint` of their own too.
  const entry = [...chunks.keys()].find((name) => outputs[name]!.entryPoint?.endsWith('bench/size/mock-browser.ts'))!
  // Before the first answer: the entry's static imports, msw's modules (`startMockWorker` awaits
  // them) and the demo scenario's (`platform.ready` awaits it), with theirs; not the libraries
  // loaded on first need.
  const awaited = /node_modules\/msw\/|browser\/msw-imports\.ts$|scenarios\/demo\/index\.ts$|\/(?:demo|msw-imports)-[\w-]+\.js$/
  const closure = (dynamic: RegExp | undefined) => {
    const names = new Set<string>()
    const visit = (name: string) => {
      if (names.has(name)) return
      names.add(name)
      for (const i of outputs[name]!.imports) {
        if (i.external || !chunks.has(i.path)) continue
        if (i.kind === 'import-statement') visit(i.path)
        else if (i.kind === 'dynamic-import' && dynamic?.test(outputs[i.path]!.entryPoint ?? '')) visit(i.path)
      }
    }
    visit(entry)
    return names
  }
  // The entry chunk with the chunks it imports statically (a bundler may move shared code there).
  const start = closure(undefined)
  const first = closure(awaited)
  const row = (name: string, names: Iterable<string>, budget: number | undefined): SizeRow => {
    let minified = 0
    let gzipped = 0
    const inputs: Record<string, number> = {}
    const files: Record<string, number> = {}
    for (const n of names) {
      const chunk = chunks.get(n)!
      minified += chunk.code.length
      gzipped += gzipSync(chunk.code, { level: 9 }).length
      byOrigin(chunk.meta.inputs, inputs)
      byFile(chunk.meta.inputs, files)
    }
    return { name, from, minified, gzipped, budget, inputs, files }
  }
  return [
    row(`browser mock (demo + startMockWorker, split): entry chunk (${start.size} with its static imports)`, start, BROWSER_ENTRY_BUDGET),
    row(`browser mock: before the first answer, msw included (${first.size} chunks)`, first, BROWSER_FIRST_ANSWER_BUDGET),
    row(`browser mock: every chunk (${chunks.size})`, chunks.keys(), BROWSER_TOTAL_BUDGET),
  ]
}

/**
 * The browser mock app's modules by weight, across every chunk (built again with source maps, so
 * the figures above stay those of the code alone): for `--why`.
 */
async function browserMockModules(): Promise<ModuleWeight[]> {
  const result = await build({
    ...buildOptions('sources'),
    entryPoints: [`${root}bench/size/mock-browser.ts`],
    splitting: true,
    outdir: `${root}bench/size/out`,
    sourcemap: 'external',
  })
  const maps = new Map(result.outputFiles.filter((f) => f.path.endsWith('.map')).map((f) => [f.path, f.text]))
  return result.outputFiles
    .filter((f) => f.path.endsWith('.js'))
    .flatMap((f) => moduleWeights(f.path.replace(/^.*[\\/]/, ''), f.text, maps.get(`${f.path}.map`)!))
    .sort((a, b) => b.gzipped - a.gzipped)
}

export async function sizes(): Promise<SizeRow[]> {
  const rows: SizeRow[] = []
  const targets = existsSync(`${root}dist/index.js`) ? (['sources', 'dist'] as const) : (['sources'] as const)
  for (const from of targets) {
    for (const app of apps) {
      const result = await build({ ...buildOptions(from), entryPoints: [`${root}${app.entry}`] })
      const code = result.outputFiles[0]!.contents
      const output = Object.values(result.metafile.outputs)[0]!
      const inputs = byOrigin(output.inputs)
      const files = byFile(output.inputs)
      rows.push({
        name: app.name,
        from,
        minified: code.length,
        gzipped: gzipSync(code, { level: 9 }).length,
        budget: app.budget,
        inputs,
        files,
      })
    }
    rows.push(...(await browserMock(from)))
  }
  return rows
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

/** The markdown table of `npm run size` (also a section of docs/performance.md). */
export function sizeTable(rows: SizeRow[]): string[] {
  return [
    '| app | bundled from | minified | gzipped | budget (gzipped) | gzipped vs budget |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const budget =
        r.budget === undefined ? 'none' : `${kb(r.budget)}${r.gzipped <= r.budget ? ' met' : r.from === 'sources' ? ' BROKEN' : ' over'}`
      const ratio = r.budget === undefined ? '' : `${(r.gzipped / r.budget).toFixed(2)}x`
      return `| ${r.name} | ${r.from === 'sources' ? 'sources' : 'dist/ (built package)'} | ${kb(r.minified)} | ${kb(r.gzipped)} | ${budget} | ${ratio} |`
    }),
  ]
}

if (import.meta.main) {
  const rows = await sizes()
  console.log(sizeTable(rows).join('\n'))
  if (process.argv.includes('--why')) {
    const largest = (bytes: Record<string, number>) =>
      Object.entries(bytes)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([k, v]) => `${k} ${kb(v)}`)
        .join(', ')
    for (const r of rows) {
      console.log(`\n${r.name} (${r.from}), minified bytes by origin (largest 12): ${largest(r.inputs)}`)
      console.log(`  by file (largest 12): ${largest(r.files)}`)
    }
    console.log('\nbrowser mock (sources), the 20 heaviest modules of every chunk, each gzipped alone:')
    for (const m of (await browserMockModules()).slice(0, 20)) {
      console.log(`  ${kb(m.gzipped).padStart(8)} gzipped ${kb(m.minified).padStart(8)} minified  ${m.module}  (${m.chunk})`)
    }
  }
  // Budgets hold for the sources, which CI bundles; dist/ may be stale, so it only informs.
  if (rows.some((r) => r.from === 'sources' && r.budget !== undefined && r.gzipped > r.budget)) {
    console.error('\nA size budget is broken.')
    process.exit(1)
  }
}
