import { build } from 'esbuild'
import fc from 'fast-check'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleAliases, esbuildMarkdownItStubs } from '../../build/aliases.ts'
import * as source from '../../mock/markdown/markdown.ts'

/**
 * The bundles (tsdown's dist/, `npm run size`) leave markdown-it's HTML renderer, typographer
 * rules, strikethrough rules (replaced by GitHub's) and unused presets out (build/aliases.ts); the tests run the package whole. The markdown library bundled
 * that way must read every page as the sources do, or users would see other documents than the
 * tests check.
 */

const root = new URL('../../', import.meta.url).pathname
let dir: string
let bundled: typeof source
let inputs: string[]

beforeAll(async () => {
  const result = await build({
    entryPoints: [`${root}mock/markdown/markdown.ts`],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    metafile: true,
    logLevel: 'silent',
    alias: bundleAliases,
    plugins: [esbuildMarkdownItStubs()],
  })
  inputs = Object.keys(result.metafile.inputs)
  dir = await mkdtemp(join(tmpdir(), 'docplat-markdown-'))
  const file = join(dir, 'markdown.mjs')
  await writeFile(file, result.outputFiles[0]!.contents)
  bundled = (await import(pathToFileURL(file).href)) as typeof source
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const read = (library: typeof source, text: string) => {
  const tree = library.parseMarkdown(text)
  return { document: library.mdastToDocument(tree), text: library.plainText(tree), analysis: library.analyzePage('page', 'Title', text) }
}

describe('the markdown library as the bundles ship it', () => {
  it('leaves out the renderer, the typographer rules, the replaced strikethrough rules and the unused presets', () => {
    for (const standIn of [
      'unused-markdown-it-renderer',
      'typographer-off',
      'replaced-markdown-it-strikethrough',
      'unused-markdown-it-preset',
    ])
      expect(inputs.some((path) => path.endsWith(`build/${standIn}.ts`))).toBe(true)
    expect(
      inputs.filter((path) =>
        /markdown-it\/lib\/(?:renderer|rules_core\/(?:smartquotes|replacements)|rules_inline\/strikethrough|presets\/(?:zero|commonmark))\.mjs$/.test(
          path,
        ),
      ),
    ).toEqual([])
  })

  it('reads quotes, dashes, footnotes, tables and references as the sources do', () => {
    const text = [
      '# "Quoted" title -- with (c) and (tm)...',
      '',
      'He said "hi" and \'bye\' +- 1990--2000, see[^1] &copy; &notit; ~~gone~~ https://example.com',
      '',
      '| a | "b" |',
      '|---|---|',
      '| 1 -- 2 | (r) |',
      '',
      '[^1]: A *note* with "quotes".',
    ].join('\n')
    const expected = read(source, text)
    expect(expected.text).toContain('"hi"')
    expect(read(bundled, text)).toEqual(expected)
  })

  it('reads any text as the sources do', () => {
    const piece = fc.constantFrom(
      '"',
      "'",
      '--',
      '---',
      '...',
      '(c)',
      '(tm)',
      '+-',
      '[^1]',
      '[^1]: ',
      '*',
      '_',
      '~~',
      '# ',
      '> ',
      '- ',
      '| a |',
      '\n',
      '\n\n',
      'word',
      ' ',
      '&amp;',
      '`',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('')
        expect(read(bundled, text)).toEqual(read(source, text))
      }),
      { numRuns: 300 },
    )
  })
})
