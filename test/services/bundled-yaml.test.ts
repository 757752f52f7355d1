import { build } from 'esbuild'
import fc from 'fast-check'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { esbuildYamlStubs } from '../../build/aliases.ts'
import * as source from '../../mock/tables/libraries/yaml.ts'

/**
 * The bundles (tsdown's dist/, `npm run size`) leave out the parts of the `yaml` package that only
 * unused methods of its documents reach (build/aliases.ts); the tests run the package whole. The
 * OpenAPI sources' reader bundled that way must read every text as it does with the package whole.
 */

const root = new URL('../../', import.meta.url).pathname
let dir: string
let bundled: typeof source
let whole: typeof source
let inputs: string[]

/** The reader bundled as the bundles bundle it (yaml's browser build, its `default` export), with `plugins`. */
async function bundle(name: string, plugins: Parameters<typeof build>[0]['plugins']) {
  const result = await build({
    entryPoints: [`${root}mock/tables/libraries/yaml.ts`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  })
  const file = join(dir, `${name}.mjs`)
  await writeFile(file, result.outputFiles[0]!.contents)
  return { library: (await import(pathToFileURL(file).href)) as typeof source, inputs: Object.keys(result.metafile.inputs) }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docplat-yaml-'))
  const stubbed = await bundle('stubbed', [esbuildYamlStubs()])
  bundled = stubbed.library
  inputs = stubbed.inputs
  // yaml's browser build differs from its Node build where Node has more (`!!binary` is a
  // Uint8Array, not a Buffer): the stand-ins are compared with the same build whole.
  whole = (await bundle('whole', [])).library
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The reader's value, or the message it refuses the text with. */
function read(library: typeof source, text: string): { value: unknown } | { error: string } {
  try {
    const steps = library.parseYAMLSteps(text)
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return { value: step.value }
  } catch (error) {
    return { error: String(error instanceof Error ? error.message : error) }
  }
}

describe('the YAML reader as the bundles ship it', () => {
  it('leaves out building, writing and reviving documents', () => {
    expect(inputs.some((path) => path.endsWith('build/unused-yaml-document.ts'))).toBe(true)
    expect(
      inputs.filter((path) =>
        /yaml\/browser\/dist\/(?:doc\/createNode|stringify\/stringifyDocument|doc\/applyReviver|parse\/cst-visit)\.js$/.test(path),
      ),
    ).toEqual([])
  })

  it('reads sources, keys made of collections, tags, YAML 1.1 and broken text as the package whole does', () => {
    const texts = [
      'openapi: 3.1.0\ninfo:\n  title: Pets\n  version: "1.0"\npaths:\n  /pets:\n    get:\n      responses:\n        "200": { description: ok }\n',
      'base: &b { a: 1, b: [x, y] }\nuse: *b\nmerged:\n  <<: *b\n  c: 3\n',
      '? [a, b]\n: pair\n? { k: v }\n: map\n',
      '%YAML 1.1\n---\nflag: yes\nwhen: 2001-12-14\nset: !!set { a, b }\n',
      'bin: !!binary aGVsbG8=\nstr: !!str 12\nfloat: .inf\nhex: 0x1F\nnull: ~\n',
      'text: |\n  kept\n  lines\nfolded: >-\n  folded\n  text\n',
      'a: 1\na: 2\n',
      'a: [1, 2\n',
      '- one\n---\n- two\n',
      'key: "unterminated\n',
      'unknown: !custom value\n',
      '',
    ]
    const outcomes = texts.map((text) => read(whole, text))
    // The same as the sources, but for the build's binary type.
    expect(outcomes.filter((_, i) => i !== 4)).toEqual(texts.filter((_, i) => i !== 4).map((text) => read(source, text)))
    expect(outcomes[2]).toEqual({ value: { '[ a, b ]': 'pair', '{ k: v }': 'map' } })
    expect(outcomes[3]).toMatchObject({ value: { flag: true } })
    expect(outcomes[6]).toEqual({ error: 'Map keys must be unique' })
    expect(texts.map((text) => read(bundled, text))).toEqual(outcomes)
  })

  it('reads any text as the package whole does', () => {
    const piece = fc.constantFrom(
      'a',
      'key',
      '1',
      ': ',
      '- ',
      '? ',
      '[',
      ']',
      '{',
      '}',
      ', ',
      '&x ',
      '*x',
      '!!str ',
      '!!set ',
      '!t ',
      '"q"',
      "'s'",
      '|',
      '>',
      '#c',
      '---',
      '%YAML 1.1\n---\n',
      '\n',
      '\n  ',
      ' ',
      'yes',
      '~',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('')
        expect(read(bundled, text)).toEqual(read(whole, text))
      }),
      { numRuns: 300 },
    )
  })
})
