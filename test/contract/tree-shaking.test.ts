import { build } from 'esbuild'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { modules, operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { esbuildPureAnnotations, pureAnnotations, unmarkedCalls } from '../../build/pure-annotations.ts'

const root = new URL('../../', import.meta.url).pathname
const all = Object.values(operations) as OperationDef[]

/** Bundles an app that imports one standalone function, as `npm run size` does (with the build's pure marks). */
async function bundle(id: string, plugins = [esbuildPureAnnotations()]) {
  const result = await build({
    stdin: { contents: `import { ${id} } from './src/index.ts'\nexport default ${id}\n`, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  })
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) }
}

// One operation of each contract module: every area, and lists and streams beside plain calls.
const samples = Object.values(modules).map((mod) => Object.keys(mod).find((name) => name in operations)!)

describe('tree-shaking of standalone operations', () => {
  it.each(samples)('an app that calls %s ships no other operation and no request schema', async (id) => {
    const { code, inputs } = await bundle(id)
    expect(code).toMatch(new RegExp(`["'\`]${id}["'\`]`))
    const others = all.filter((op) => op.id !== id && new RegExp(`["'\`]${op.id}["'\`]`).test(code)).map((op) => op.id)
    expect(others, 'operations kept by the bundle').toEqual([])
    expect(inputs.filter((path) => path.includes('src/contract/')), 'contract modules in the bundle').toEqual([])
  })
})

/**
 * esbuild keeps a module-level call unless it is marked `@__PURE__` (it ignores
 * `@__NO_SIDE_EFFECTS__` on functions from other modules, zod's included). The sources hold no
 * such marks: the build adds them (build/pure-annotations.ts, in tsdown's build and in the esbuild
 * builds of `npm run size` and of this test), so an app ships only the schemas it uses.
 */
describe('pure marks added by the build', () => {
  const files = ['src/contract', 'src/schemas'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(dir, file)),
  )

  it('the schema and contract sources hold no hand-written mark', () => {
    const marked = files.filter((file) => /\/\*\s*[@#]__PURE__\s*\*\//.test(readFileSync(join(root, file), 'utf8')))
    expect(marked).toEqual([])
  })

  it.each(files)('%s: the build marks every module-level call that needs it', async (file) => {
    const text = readFileSync(join(root, file), 'utf8')
    const transform = pureAnnotations().transform
    expect(transform.filter.id.test(join(root, file))).toBe(true)
    const built = transform.handler(text, join(root, file))?.code ?? text
    expect(unmarkedCalls(file, built)).toEqual([])
    // Only comments were added: the code is the same once they are taken out.
    expect(built.replaceAll('/*@__PURE__*/ ', '')).toBe(text)
  })

  it('the marks are what lets esbuild drop the unused schemas of a module', async () => {
    // From the sources, esbuild drops whole unused files (`sideEffects: false`) but keeps every
    // unmarked call of a file it uses: space.ts's other schemas here (in the built package, where
    // the schemas share one module, every schema of the package).
    const marked = await bundle('getSpaceById')
    const unmarked = await bundle('getSpaceById', [])
    expect(marked.code.length).toBeLessThan(unmarked.code.length)
  })
})
