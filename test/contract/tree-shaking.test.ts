import { build } from 'esbuild'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { modules, operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { annotate, esbuildPureAnnotations, pureAnnotations, unmarkedCalls } from '../../build/pure-annotations.ts'

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
    expect(
      inputs.filter((path) => path.includes('src/contract/')),
      'contract modules in the bundle',
    ).toEqual([])
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

  it("the build's source map points every mapped position back at the same code", () => {
    const file = join(root, 'src/schemas/space.ts')
    const text = readFileSync(file, 'utf8')
    const { code, map } = annotate(file, text)!
    const generatedLines = code.split('\n')
    const originalLines = text.split('\n')
    let checked = 0
    const segments = decodeMappings(map.mappings)
    segments.forEach(({ line, generated, original }, i) => {
      // Up to where the next mark goes in: the code between two marks is unchanged.
      const next = segments[i + 1]?.line === line ? segments[i + 1]!.original : Infinity
      const length = Math.min(12, next - original)
      expect(generatedLines[line]!.slice(generated, generated + length), `line ${line + 1}`).toBe(
        originalLines[line]!.slice(original, original + length),
      )
      checked++
    })
    // And the marks sit right before the positions they map: the generated code there starts with one.
    for (const [i, { line, generated }] of segments.entries()) {
      const previous = segments[i - 1]
      if (previous?.line === line)
        expect(generatedLines[line]!.slice(generated - '/*@__PURE__*/ '.length, generated)).toBe('/*@__PURE__*/ ')
    }
    expect(checked).toBeGreaterThan(originalLines.length)
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

/** The segments of a source map's `mappings` (one source, lines kept): generated and original columns. */
function decodeMappings(mappings: string): Array<{ line: number; generated: number; original: number }> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  const out: Array<{ line: number; generated: number; original: number }> = []
  let originalLine = 0
  let original = 0
  mappings.split(';').forEach((segments, line) => {
    let generated = 0
    for (const segment of segments ? segments.split(',') : []) {
      const values: number[] = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = alphabet.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      generated += values[0]!
      originalLine += values[2]!
      original += values[3]!
      expect(originalLine, 'each line maps to the same line').toBe(line)
      out.push({ line, generated, original })
    }
  })
  return out
}
