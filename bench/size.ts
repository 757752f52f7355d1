/**
 * `npm run size`: bundles three apps with esbuild (minified, browser, ESM), gzips them and checks
 * the budgets. Exits non-zero when a budget is broken; the tests never assert sizes.
 *
 * The apps import the sources (what CI checks). When the package is built (`npm run build`),
 * the same apps are also bundled against `dist/`, as a user of the published package would,
 * for information. `--why` lists what each bundle holds, by package.
 */
import { build, type Plugin } from 'esbuild'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { esbuildPureAnnotations } from '../build/pure-annotations.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const apps = [
  { name: 'one operation (standalone function + core)', entry: 'bench/size/one-operation.ts', budget: 18 * 1024 },
  { name: 'full namespaced client', entry: 'bench/size/full-client.ts', budget: 45 * 1024 },
  { name: 'docplat/mock with the demo scenario', entry: 'bench/size/mock-demo.ts', budget: undefined },
]

/** Points the apps' imports of the sources at the built package instead. */
const toDist: Plugin = {
  name: 'dist',
  setup(b) {
    b.onResolve({ filter: /\/src\/index\.ts$/ }, () => ({ path: `${root}dist/index.js` }))
    b.onResolve({ filter: /\/mock\/index\.ts$/ }, () => ({ path: `${root}dist/mock/index.js` }))
  },
}

export interface SizeRow {
  name: string
  from: 'sources' | 'dist'
  minified: number
  gzipped: number
  budget: number | undefined
  inputs: Record<string, number>
}

export async function sizes(): Promise<SizeRow[]> {
  const rows: SizeRow[] = []
  const targets = existsSync(`${root}dist/index.js`) ? (['sources', 'dist'] as const) : (['sources'] as const)
  for (const from of targets) {
    for (const app of apps) {
      const result = await build({
        entryPoints: [`${root}${app.entry}`],
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        write: false,
        metafile: true,
        logLevel: 'error',
        // From the sources, the build's `@__PURE__` marks are added as tsdown adds them to dist/.
        plugins: from === 'dist' ? [toDist] : [esbuildPureAnnotations()],
      })
      const code = result.outputFiles[0]!.contents
      const inputs: Record<string, number> = {}
      for (const [path, input] of Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)) {
        const key = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.replace(/^(?:\.\.\/)*/, '').split('/').slice(0, 2).join('/')
        inputs[key] = (inputs[key] ?? 0) + input.bytesInOutput
      }
      rows.push({ name: app.name, from, minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, budget: app.budget, inputs })
    }
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
      const budget = r.budget === undefined ? 'none' : `${kb(r.budget)}${r.gzipped <= r.budget ? ' met' : r.from === 'sources' ? ' BROKEN' : ' over'}`
      const ratio = r.budget === undefined ? '' : `${(r.gzipped / r.budget).toFixed(2)}x`
      return `| ${r.name} | ${r.from === 'sources' ? 'sources' : 'dist/ (built package)'} | ${kb(r.minified)} | ${kb(r.gzipped)} | ${budget} | ${ratio} |`
    }),
  ]
}

if (import.meta.main) {
  const rows = await sizes()
  console.log(sizeTable(rows).join('\n'))
  if (process.argv.includes('--why')) {
    for (const r of rows) {
      const parts = Object.entries(r.inputs).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${kb(v)}`)
      console.log(`\n${r.name} (${r.from}), minified bytes by origin (largest 12): ${parts.join(', ')}`)
    }
  }
  // Budgets hold for the sources, which CI bundles; dist/ may be stale, so it only informs.
  if (rows.some((r) => r.from === 'sources' && r.budget !== undefined && r.gzipped > r.budget)) {
    console.error('\nA size budget is broken.')
    process.exit(1)
  }
}
