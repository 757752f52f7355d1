import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildPackageOpenAPIDocument } from '../../mock/control/openapi.ts'
import {
  codeBlocks,
  declaredOutput,
  DOCUMENTS,
  initCompilerOptions,
  matchesLines,
  printedLines,
  ROOT,
  SOURCES,
  unmarkedClaims,
  withSourceImports,
  type CodeBlock,
} from './blocks.ts'

// Documentation that does not compile is worse than none. Every ```ts block of the documents is
// type-checked as a module of its own under the settings a new project gets (the current
// `tsc --init`, skipLibCheck off), with `docplat` resolving to the sources. The examples' own files
// are type-checked as their tsconfig says (examples/tsconfig.json).
const blocks = DOCUMENTS.flatMap(codeBlocks)
const VIRTUAL_DIR = join(ROOT, 'test/docs/__blocks__')
const virtualPath = (block: CodeBlock) => join(VIRTUAL_DIR, `${block.document.replace(/[^\w]+/g, '_')}_${block.index}.ts`)

type Where = { where: string; message: string }

function describeDiagnostic(d: ts.Diagnostic, virtual: ReadonlyMap<string, CodeBlock>): Where {
  const message = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
  if (!d.file) return { where: '(program)', message }
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start ?? 0)
  const block = virtual.get(d.file.fileName)
  if (block) return { where: `${block.document}:${block.line + line} (block ${block.index}, column ${character + 1})`, message }
  return { where: `${relative(ROOT, d.file.fileName)}:${line + 1}:${character + 1}`, message }
}

/**
 * Third-party declarations that do not compile under skipLibCheck: false on their own, whatever
 * docplat does, and what the document that uses them tells the reader to do about it.
 */
const THIRD_PARTY_NEEDS: Record<string, { document: string; says: string }> = {
  // Storybook's declarations import React's types, even for the html renderer.
  storybook: { document: 'examples/storybook/README.md', says: '@types/react' },
}
const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file.slice(ROOT.length))?.[1]

/** The documents' blocks, as a user's project made by `tsc --init` would compile them. */
function typeCheckBlocks() {
  const options: ts.CompilerOptions = {
    ...initCompilerOptions(),
    // What the generated file's own comment says to do for Node (the blocks use `process`).
    types: ['node'],
    // What this repository needs, not the user: `docplat` is the sources (which import `.ts`),
    // and nothing is written.
    noEmit: true,
    allowImportingTsExtensions: true,
    paths: {
      ...Object.fromEntries(Object.entries(SOURCES).map(([name, source]) => [name, [join(ROOT, source)]])),
      'docplat/openapi.json': [join(ROOT, 'openapi.json')],
    },
  }
  // openapi.json is generated at build time: the type check gets the document the build writes.
  const virtual = new Map(blocks.filter((block) => !block.consumer).map((block) => [virtualPath(block), block]))
  const generated = new Map([[join(ROOT, 'openapi.json'), JSON.stringify(buildPackageOpenAPIDocument())]])
  const textOf = (file: string) => virtual.get(file)?.code ?? generated.get(file)
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, getSourceFile } = host
  host.fileExists = (file) => textOf(file) !== undefined || fileExists.call(host, file)
  host.readFile = (file) => textOf(file) ?? readFile.call(host, file)
  host.getSourceFile = (file, language, ...rest) => {
    const text = textOf(file)
    return text !== undefined ? ts.createSourceFile(file, text, language, true) : getSourceFile.call(host, file, language, ...rest)
  }
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host })
  // The blocks, and every declaration file they reach (what skipLibCheck: false adds); the
  // repository's own sources are checked by `tsc -p .` under the project's settings.
  const files = program
    .getSourceFiles()
    .filter((file) => virtual.has(file.fileName) || (file.isDeclarationFile && !(packageOf(file.fileName)! in THIRD_PARTY_NEEDS)))
  return {
    options,
    inBlocks: diagnosticsOf(program, files)
      .map((d) => describeDiagnostic(d, virtual))
      .map(({ where, message }) => `${where}: ${message}`),
  }
}

function diagnosticsOf(program: ts.Program, files: readonly ts.SourceFile[]): ts.Diagnostic[] {
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...files.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ]
}

/** The examples' own files, under examples/tsconfig.json. */
function typeCheckExamples() {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'examples/tsconfig.json'),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )!
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options })
  const examples = new Set(config.fileNames)
  const files = program.getSourceFiles().filter((file) => examples.has(file.fileName))
  return {
    examples: config.fileNames.map((file) => relative(ROOT, file)),
    inExamples: diagnosticsOf(program, files)
      .map((d) => describeDiagnostic(d, new Map()))
      .map(({ where, message }) => `${where}: ${message}`),
  }
}

// Computed while the file is collected, not inside a test: how long a type check takes depends
// on the machine, and no test time limit should.
const checkedBlocks = typeCheckBlocks()
const checkedExamples = typeCheckExamples()

describe('the code in the guides', () => {
  it('finds the blocks of the guides and the examples', () => {
    const count = (document: string) => blocks.filter((b) => b.document === document).length
    const guides = [
      'README.md',
      'docs/getting-started.md',
      'docs/sdk.md',
      'docs/mocking.md',
      'docs/cli.md',
      'docs/capture.md',
      'docs/openapi.md',
    ]
    const examples = ['examples/node/README.md', 'examples/vitest/README.md', 'examples/storybook/README.md']
    for (const document of [...guides, ...examples]) expect(DOCUMENTS).toContain(document)
    expect(Object.fromEntries([...guides, ...examples].map((d) => [d, count(d) > 0]))).toEqual(
      Object.fromEntries([...guides, ...examples].map((d) => [d, true])),
    )
    expect(count('docs/sdk.md')).toBeGreaterThanOrEqual(8)
    expect(count('docs/mocking.md')).toBeGreaterThanOrEqual(8)
  })

  it('type-checks every ts block under the settings of `tsc --init` with skipLibCheck off', () => {
    const checked = checkedBlocks
    // The settings are the ones that find what a lax project would not.
    expect(checked.options).toMatchObject({
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      verbatimModuleSyntax: true,
      skipLibCheck: false,
    })
    expect(checked.inBlocks).toEqual([])
  })

  it('leaves to the consumer checks only blocks that import a runner this repository does not install', () => {
    const consumer = blocks.filter((block) => block.consumer)
    expect(consumer.map((block) => block.document)).toEqual(['docs/mocking.md', 'docs/mocking.md'])
    for (const block of consumer) {
      const runners = [...block.code.matchAll(/^import .* from '(@jest\/globals|@playwright\/test)'$/gm)].map((m) => m[1]!)
      expect(runners, `${block.document} block ${block.index}`).toHaveLength(1)
      expect(existsSync(join(ROOT, 'node_modules', runners[0]!)), `${runners[0]} is installed: check the block here`).toBe(false)
    }
  })

  it('says what a third party needs where its declarations need it', () => {
    for (const [name, { document, says }] of Object.entries(THIRD_PARTY_NEEDS)) {
      expect(DOCUMENTS, name).toContain(document)
      expect(readFileSync(join(ROOT, document), 'utf8'), `${document} names what ${name} needs`).toContain(says)
    }
  })

  it('type-checks every example', () => {
    const checked = checkedExamples
    expect(checked.examples).toEqual(
      expect.arrayContaining(['examples/node/main.ts', 'examples/vitest/spaces.test.ts', 'examples/storybook/.storybook/preview.ts']),
    )
    expect(checked.inExamples).toEqual([])
  })
})

describe('what the blocks say they print', () => {
  it('is said with `// → output`, so that it is checked', () => {
    const unmarked = blocks.flatMap((block) =>
      unmarkedClaims(block.code).map((line) => `${block.document} block ${block.index}: ${line.trim()}`),
    )
    expect(unmarked).toEqual([])
  })

  it('is said only in blocks that run', () => {
    const unchecked = blocks
      .filter((block) => !block.run && declaredOutput(block.code).length > 0)
      .map((block) => `${block.document} block ${block.index} (line ${block.line})`)
    expect(unchecked).toEqual([])
  })

  it('matches lines as documented: `…` for what changes between runs, nothing else', () => {
    expect(matchesLines(['403 Missing … on organization … req_2'], ['403 Missing permission "admin" on organization AbC req_2'])).toBe(true)
    expect(matchesLines(['true'], ['false'])).toBe(false)
    expect(matchesLines(['1 [ 200 ]'], ['1 [ 200 ]', 'extra'])).toBe(false)
    expect(matchesLines(['a.b (c)'], ['aXb (c)'])).toBe(false)
    expect(printedLines([{ a: 1 }, 'x'])).toEqual(['{ a: 1 } x'])
  })
})

describe('the runnable blocks (```ts run) run and print what they say', () => {
  const dir = join(ROOT, 'test-results/doc-blocks')
  afterAll(() => rm(dir, { recursive: true, force: true }))
  const runnable = blocks.filter((block) => block.run)

  it('there are some in each guide', () => {
    expect(new Set(runnable.map((b) => b.document))).toEqual(
      new Set(['docs/getting-started.md', 'docs/sdk.md', 'docs/mocking.md', 'docs/integrations.md', 'examples/vitest/README.md']),
    )
  })

  it.each(runnable.map((block) => [`${block.document} block ${block.index} (line ${block.line})`, block] as const))(
    '%s',
    async (_, block) => {
      // Inside the repository, so the block's other imports (msw, vitest) resolve from node_modules.
      await mkdir(dir, { recursive: true })
      const file = join(dir, `${block.document.replace(/[^\w]+/g, '_')}_${block.index}.ts`)
      await writeFile(file, withSourceImports(block.code))
      const printed: string[] = []
      const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(...printedLines(args)))
      try {
        await import(pathToFileURL(file).href)
      } finally {
        log.mockRestore()
      }
      const documented = declaredOutput(block.code)
      expect(documented.length).toBeGreaterThan(0)
      // On a mismatch, the two lists side by side say which line differs.
      if (!matchesLines(documented, printed)) expect(printed).toEqual(documented)
    },
  )
})
