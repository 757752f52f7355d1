import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const root = new URL('../../', import.meta.url).pathname

/** The code of an `@example` block as a user reads it: without the doc comment's ` * ` margin. */
export function uncomment(code: string): string {
  return code
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
}

/** The modules written, the program that checked them, and its errors in the example modules. */
export interface CheckedExamples {
  readonly files: string[]
  readonly program: ts.Program
  readonly errors: string[]
}

/**
 * Type-checks `@example` blocks as a user would write them: each goes into its own module in
 * `dir` (after `preamble(code)`), and one strict TypeScript program checks them all, with
 * `docplat` resolved to the sources. `nodeTypes` adds `@types/node` (for examples that use
 * Node's globals).
 */
export function checkExamples(options: {
  readonly dir: string
  readonly blocks: ReadonlyArray<{ readonly name: string; readonly code: string }>
  readonly preamble: (code: string) => string
  readonly nodeTypes: boolean
}): CheckedExamples {
  const { dir } = options
  const files = options.blocks.map(({ name, code }) => {
    const file = join(dir, `${name}.ts`)
    writeFileSync(file, `${options.preamble(code)}${code}\n\nexport {}\n`)
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
    ...(options.nodeTypes ? { types: ['node'], typeRoots: [join(root, 'node_modules/@types')] } : { types: [] }),
    baseUrl: root,
    paths: { docplat: [join(root, 'src/index.ts')] },
  })
  const errors = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName.startsWith(dir))
    .map((d) => `${d.file!.fileName.slice(dir.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
  return { files, program, errors }
}
