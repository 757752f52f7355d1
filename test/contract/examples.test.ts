import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/index.ts'

const root = new URL('../../', import.meta.url).pathname

/** The `@example` code blocks of a file's doc comments, by the declaration that follows each. */
function examples(file: string): Array<{ name: string; code: string }> {
  const text = readFileSync(join(root, file), 'utf8')
  const found: Array<{ name: string; code: string }> = []
  for (const m of text.matchAll(
    /\/\*\*((?:(?!\*\/)[\s\S])*?)@example\s*\n\s*\* ```ts\n((?:(?!\*\/)[\s\S])*?)\s*\* ```[\s\S]*?\*\/\s*\nexport const (\w+)/g,
  )) {
    found.push({
      name: m[3]!,
      code: m[2]!
        .split('\n')
        .map((line) => line.replace(/^\s*\* ?/, ''))
        .join('\n'),
    })
  }
  return found
}

/**
 * Every generated example compiles against the package as a user would write it: each goes into
 * its own module in a temporary folder, after a client is made, and one TypeScript program checks
 * them all (strict, `docplat` resolved to the sources).
 */
describe('generated @example blocks', () => {
  const blocks = examples('src/generated/operations.ts')
  const dir = mkdtempSync(join(tmpdir(), 'docplat-examples-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('there is one per operation', () => {
    expect(blocks.map((b) => b.name).sort()).toEqual(Object.keys(operations).sort())
  })

  it('each compiles (strict TypeScript, against the SDK sources)', () => {
    const preamble = "import { createClient } from 'docplat'\n\nconst client = createClient({ token: 'dpt_example' })\n\n"
    const files = blocks.map(({ name, code }) => {
      const file = join(dir, `${name}.ts`)
      writeFileSync(file, `${preamble}${code}\n\nexport {}\n`)
      return file
    })
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      baseUrl: root,
      paths: { docplat: [join(root, 'src/index.ts')] },
    })
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName.startsWith(dir))
      .map((d) => `${d.file!.fileName.slice(dir.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
    expect(errors).toEqual([])
    // A program that found nothing to check would pass too: it must have read every example.
    expect(files.every((file) => program.getSourceFile(file))).toBe(true)
  })
})
