/**
 * Type-check cost for a consumer of the published declarations: builds the SDK's `.d.ts` with
 * tsdown into a temporary directory (as `npm run build` does) and type-checks
 * bench/types/consumer.ts (20 operations across namespaces) against it with
 * `tsc --extendedDiagnostics`. The same-run baseline is the SDK as it was before its generator
 * named its types (commit BASELINE, taken with `git archive`): declarations built and checked the
 * same way.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'tsdown'
import { fmt, median } from './harness.ts'

/**
 * The last commit whose generated SDK re-derived zod inference in every declaration. Its
 * declarations name ky's types, so ky stays a devDependency for this baseline alone (the SDK no
 * longer uses it).
 */
const BASELINE = '5623ecd'

const root = fileURLToPath(new URL('../', import.meta.url))
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

interface Check {
  seconds: number
  instantiations: number
}

/** Builds `<tree>/src/index.ts`'s declarations into `<out>/dist` and returns the size of `index.d.ts`. */
async function declarations(tree: string, out: string): Promise<number> {
  await build({
    config: false,
    cwd: tree,
    entry: { index: join(tree, 'src/index.ts') },
    format: ['esm'],
    platform: 'neutral',
    target: 'es2022',
    dts: true,
    outDir: join(out, 'dist'),
    logLevel: 'error',
    report: false,
    tsconfig: join(tree, 'tsconfig.json'),
  } as Parameters<typeof build>[0])
  return statSync(join(out, 'dist/index.d.ts')).size
}

function check(out: string, file: string, skipLibCheck: boolean, runs: number): Check {
  const config = join(out, `tsconfig.${skipLibCheck}.json`)
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        lib: ['es2023', 'dom', 'dom.iterable'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        types: [],
        skipLibCheck,
        paths: { docplat: [join(out, 'dist/index.d.ts')] },
      },
      files: [file],
    }),
  )
  const results: Check[] = []
  for (let i = 0; i < runs; i++) {
    let text: string
    try {
      text = execFileSync(process.execPath, [tsc, '-p', config, '--extendedDiagnostics'], { encoding: 'utf8' })
    } catch (error) {
      throw new Error(`the consumer does not type-check against ${out}:\n${(error as { stdout?: string }).stdout ?? error}`)
    }
    const number = (label: string) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(text)?.[1])
    results.push({ seconds: number('Check time'), instantiations: number('Instantiations') })
  }
  return { seconds: median(results.map((r) => r.seconds)), instantiations: results[0]!.instantiations }
}

export async function types(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docplat-types-'))
  try {
    const consumer = join(root, 'bench/types/consumer.ts')
    const calls = readFileSync(consumer, 'utf8').match(/\b(?:client\.[\w.]+|getSpaceById|listSpacesInCollectionById)\(/g)?.length ?? 0
    const now = join(dir, 'now')
    const before = join(dir, 'before')
    const tree = join(dir, 'before-tree')
    for (const d of [now, before, tree]) mkdirSync(d)
    // The declarations import zod: both builds resolve it from this repository.
    for (const d of [now, before, tree]) symlinkSync(join(root, 'node_modules'), join(d, 'node_modules'), 'dir')
    execFileSync('sh', ['-c', `git -C "${root}" archive ${BASELINE} src tsconfig.json package.json | tar -x -C "${tree}"`])
    const size = { now: await declarations(root, now), before: await declarations(tree, before) }
    const rows: string[] = []
    for (const [skipLibCheck, runs] of [
      [true, 5],
      [false, 1],
    ] as const) {
      const b = check(before, consumer, skipLibCheck, runs)
      const a = check(now, consumer, skipLibCheck, runs)
      rows.push(
        `| skipLibCheck: ${skipLibCheck} | ${fmt(a.seconds, 2)} s | ${fmt(b.seconds, 2)} s | ${fmt(a.seconds / b.seconds, 2)}x | ${fmt(a.instantiations)} | ${fmt(b.instantiations)} | ${fmt(a.instantiations / b.instantiations, 2)}x |`,
      )
    }
    return [
      `## 6. Type-check cost (\`tsc --extendedDiagnostics\` on bench/types/consumer.ts, ${calls} calls across namespaces, against the built declarations)`,
      '',
      `Baseline: the SDK at commit ${BASELINE}, before the generator named its types, built and checked the same way in this run.`,
      '',
      '| | now | baseline | ratio |',
      '|---|---|---|---|',
      `| SDK declarations (\`index.d.ts\`) | ${fmt(size.now / 1024)} KB | ${fmt(size.before / 1024)} KB | ${fmt(size.now / size.before, 2)}x |`,
      '',
      '| consumer check | check time | baseline | ratio | instantiations | baseline | ratio |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) console.log((await types()).join('\n'))
