import { build } from 'esbuild'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { modules, operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { unmarkedCalls } from '../../scripts/mark-pure.ts'

const root = new URL('../../', import.meta.url).pathname
const all = Object.values(operations) as OperationDef[]

/** Bundles an app that imports one standalone function, as `npm run size` does. */
async function bundle(id: string) {
  const result = await build({
    stdin: { contents: `import { ${id} } from './src/index.ts'\nexport default ${id}\n`, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
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
 * `@__NO_SIDE_EFFECTS__` on functions from other modules, zod's included). In the built package
 * the schemas share one module, so a schema file must mark every call for an app to ship only
 * the schemas it uses; the contract (which the SDK does not import) marks its `.check(...)` and
 * `List(...)` calls and the checks they take, which would otherwise keep zod's checks.
 */
describe('pure marks on module-level schema calls', () => {
  const files = ['src/contract', 'src/schemas'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(dir, file)),
  )

  it.each(files)('%s marks its module-level calls (`node scripts/mark-pure.ts <file>` adds the marks)', (file) => {
    const text = readFileSync(join(root, file), 'utf8')
    const lines = unmarkedCalls(file, text).map((at) => {
      const line = text.slice(0, at).split('\n').length
      return `${file}:${line}: ${text.slice(at, at + 60).split('\n')[0]}`
    })
    expect(lines).toEqual([])
  })
})
