import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname

/** The hand-written `@example` blocks of the SDK core's doc comments (the generated ones have their own test). */
function examples(): Array<{ file: string; code: string }> {
  const files = [...readdirSync(join(root, 'src/core')).map((f) => `src/core/${f}`), 'src/client.ts']
  return files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/@example\s*\n\s*\* ```ts\n((?:(?!\*\/)[\s\S])*?)\n\s*\* ```/g)].map((m) => ({
      file,
      code: m[1]!
        .split('\n')
        .map((line) => line.replace(/^\s*\* ?/, ''))
        .join('\n'),
    })),
  )
}

describe('@example blocks of the SDK core', () => {
  const blocks = examples()
  // Inside the repository, so that zod and the other imports resolve from node_modules.
  const dir = join(root, 'test-results/tsdoc-examples')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('compile (strict TypeScript, against the SDK sources)', () => {
    expect(blocks.map((b) => b.file)).toEqual(
      expect.arrayContaining([
        'src/core/raw-request.ts',
        'src/core/middleware.ts',
        'src/core/redact.ts',
        'src/core/client.ts',
        'src/client.ts',
      ]),
    )
    mkdirSync(dir, { recursive: true })
    const files = blocks.map(({ file, code }, i) => {
      const path = join(dir, `${file.replace(/\W+/g, '_')}_${i}.ts`)
      // A block without imports is a fragment: it runs after a client is made, as generated examples do.
      const preamble = /^import /m.test(code)
        ? ''
        : "import { createClient } from 'docplat'\n\nconst client = createClient({ token: 'dpt_example' })\nconst organizationId = 'org_1'\n\n"
      writeFileSync(path, `${preamble}${code}\n\nexport {}\n`)
      return path
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
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
      baseUrl: root,
      paths: { docplat: [join(root, 'src/index.ts')] },
    })
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && d.file.fileName.startsWith(dir))
      .map((d) => `${d.file!.fileName.slice(dir.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
    expect(errors).toEqual([])
    expect(files.every((file) => program.getSourceFile(file))).toBe(true)
  }, 300_000)
})
