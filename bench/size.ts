/**
 * `npm run size`: bundles three apps with esbuild (minified, browser, ESM), gzips them and checks
 * the budgets. Exits non-zero when a budget is broken; the tests never assert sizes.
 */
import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'

const apps = [
  { name: 'one operation (standalone function + core)', entry: 'bench/size/one-operation.ts', budget: 16 * 1024 },
  { name: 'full namespaced client', entry: 'bench/size/full-client.ts', budget: 45 * 1024 },
  { name: 'docplat/mock with the demo scenario', entry: 'bench/size/mock-demo.ts', budget: undefined },
]

let failed = false
const rows: string[] = ['| app | minified | gzipped | budget (gzipped) |', '|---|---|---|---|']
for (const app of apps) {
  const result = await build({
    entryPoints: [app.entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  const code = result.outputFiles[0]!.contents
  const gz = gzipSync(code, { level: 9 }).length
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  const ok = app.budget === undefined || gz <= app.budget
  if (!ok) failed = true
  rows.push(`| ${app.name} | ${kb(code.length)} | ${kb(gz)} | ${app.budget ? `${kb(app.budget)} ${ok ? 'met' : 'BROKEN'}` : 'none'} |`)
}
console.log(rows.join('\n'))
if (failed) {
  console.error('\nA size budget is broken.')
  process.exit(1)
}
