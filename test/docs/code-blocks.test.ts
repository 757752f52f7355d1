import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { codeBlocks, DOCUMENTS, ROOT, withSourceImports, type CodeBlock } from './blocks.ts'

// Documentation that does not compile is worse than none: every ```ts block of the guides and of
// the examples' READMEs is type-checked as a module of its own, with `docplat` resolving to the
// sources (examples/tsconfig.json's `paths`), in one program with the examples themselves.
const blocks = DOCUMENTS.flatMap(codeBlocks)
const VIRTUAL_DIR = join(ROOT, 'test/docs/__blocks__')
const virtualPath = (block: CodeBlock) => join(VIRTUAL_DIR, `${block.document.replace(/[^\w]+/g, '_')}_${block.index}.ts`)

function typeCheck() {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'examples/tsconfig.json'), { noEmit: true }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  })!
  // Each block is a module even without imports, so two blocks may both declare `client`.
  const options = { ...config.options, moduleDetection: ts.ModuleDetectionKind.Force }
  const virtual = new Map(blocks.map((block) => [virtualPath(block), block]))
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, getSourceFile } = host
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file)
  host.readFile = (file) => virtual.get(file)?.code ?? readFile.call(host, file)
  host.getSourceFile = (file, language, ...rest) => {
    const block = virtual.get(file)
    return block ? ts.createSourceFile(file, block.code, language, true) : getSourceFile.call(host, file, language, ...rest)
  }
  const program = ts.createProgram({ rootNames: [...config.fileNames, ...virtual.keys()], options, host })
  const describeDiagnostic = (d: ts.Diagnostic): { where: string; message: string } => {
    const message = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
    if (!d.file) return { where: '(program)', message }
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start ?? 0)
    const block = virtual.get(d.file.fileName)
    if (block) return { where: `${block.document}:${block.line + line} (block ${block.index}, column ${character + 1})`, message }
    return { where: `${relative(ROOT, d.file.fileName)}:${line + 1}:${character + 1}`, message }
  }
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ({ ...describeDiagnostic(d), file: d.file?.fileName }))
  const examples = new Set(config.fileNames)
  return {
    examples: config.fileNames.map((file) => relative(ROOT, file)),
    inBlocks: diagnostics.filter((d) => d.file && virtual.has(d.file)).map(({ where, message }) => `${where}: ${message}`),
    inExamples: diagnostics.filter((d) => !d.file || examples.has(d.file)).map(({ where, message }) => `${where}: ${message}`),
  }
}

const checked = typeCheck()

describe('the code in the guides', () => {
  it('finds the blocks of every document', () => {
    const count = (document: string) => blocks.filter((b) => b.document === document).length
    expect(Object.fromEntries(DOCUMENTS.map((d) => [d, count(d) > 0]))).toEqual(Object.fromEntries(DOCUMENTS.map((d) => [d, true])))
    expect(count('docs/sdk.md')).toBeGreaterThanOrEqual(8)
    expect(count('docs/mocking.md')).toBeGreaterThanOrEqual(8)
  })

  it('type-checks every ts block', () => {
    expect(checked.inBlocks).toEqual([])
  })

  it('type-checks every example', () => {
    expect(checked.examples).toEqual(expect.arrayContaining(['examples/node/main.ts', 'examples/vitest/spaces.test.ts', 'examples/storybook/.storybook/preview.ts']))
    expect(checked.inExamples).toEqual([])
  })
})

describe('the runnable blocks (```ts run) run', () => {
  const dir = join(ROOT, 'test-results/doc-blocks')
  afterAll(() => rm(dir, { recursive: true, force: true }))
  const runnable = blocks.filter((block) => block.run)

  it('there are some in each guide', () => {
    expect(new Set(runnable.map((b) => b.document))).toEqual(new Set(['docs/getting-started.md', 'docs/sdk.md', 'docs/mocking.md']))
  })

  it.each(runnable.map((block) => [`${block.document} block ${block.index} (line ${block.line})`, block] as const))('%s', async (_, block) => {
    // Inside the repository, so the block's other imports (msw, vitest) resolve from node_modules.
    await mkdir(dir, { recursive: true })
    const file = join(dir, `${block.document.replace(/[^\w]+/g, '_')}_${block.index}.ts`)
    await writeFile(file, withSourceImports(block.code))
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      await import(pathToFileURL(file).href)
      expect(log).toHaveBeenCalled()
    } finally {
      log.mockRestore()
    }
  })
})
