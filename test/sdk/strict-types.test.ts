/**
 * The public options and parameters under `exactOptionalPropertyTypes` (what the current
 * `tsc --init` turns on): test/consumer/fixtures/strict.ts and strict-browser.ts compiled against the sources, as the
 * package's entry points. `npm run test:consumer` (section `strict`) compiles the same file against
 * the packed declarations with real `tsc --init` settings on TypeScript 5 and 7.
 */
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const fixtures = ['strict.ts', 'strict-browser.ts'].map((name) => fileURLToPath(new URL(`../consumer/fixtures/${name}`, import.meta.url)))

/** The fixture's own diagnostics (the sources' are the repository's tsconfig's business), as text. */
function diagnostics(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    baseUrl: root,
    paths: {
      docplat: ['src/index.ts'],
      'docplat/mock': ['mock/index.ts'],
      'docplat/mock/node': ['mock/node/index.ts'],
      'docplat/mock/browser': ['mock/browser/index.ts'],
    },
  })
  return files.flatMap((file) => {
    const source = program.getSourceFile(file)!
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${file}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    )
  })
}

describe('exactOptionalPropertyTypes', () => {
  it('every option and parameter takes undefined as "not given" (the README snippet compiles)', () => {
    expect(diagnostics(fixtures)).toEqual([])
  }, 600_000)
})
