import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatWithOptions } from 'node:util'
import ts from 'typescript'

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

const markdownIn = (dir: string, recursive: boolean) =>
  readdirSync(join(ROOT, dir), { recursive, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length).replaceAll('\\', '/'))
    // The API reference `npm run docs` writes (ignored by git) copies the documents: not a source.
    .filter((path) => !path.startsWith('docs/api/'))

/**
 * The documents a user reads: README.md, docs/ (decisions included) and the examples' READMEs.
 * Found on disk, so a new guide is checked without anyone adding it to a list.
 */
export const DOCUMENTS: readonly string[] = [
  'README.md',
  ...markdownIn('docs', true),
  ...readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => markdownIn(join('examples', entry.name), false).filter((path) => path.endsWith('/README.md'))),
].sort()

/** One fenced TypeScript block of a document. */
export interface CodeBlock {
  /** The document, relative to the repository root. */
  readonly document: string
  /** 1-based position among the document's TypeScript blocks. */
  readonly index: number
  /** Line of the document where the code starts (the line after the fence). */
  readonly line: number
  readonly code: string
  /** Fenced as ```ts run: executed by the test too, not only type-checked. */
  readonly run: boolean
  /**
   * Fenced as ```ts consumer: it imports a test runner this repository does not install (Jest,
   * `@playwright/test`), so the consumer checks (scripts/consumer.ts) type-check it, in a project
   * made by `tsc --init` with that runner installed, instead of test/docs/code-blocks.test.ts.
   */
  readonly consumer: boolean
}

const OPEN = /^```(ts|typescript)(?:[ \t]+(.*))?$/
const CLOSE = /^```\s*$/

/** The fenced blocks of a document whose fence matches `open`, in order. */
function fenced(document: string, open: RegExp): Array<{ line: number; code: string; info: string }> {
  const lines = readFileSync(join(ROOT, document), 'utf8').split('\n')
  const found: Array<{ line: number; code: string; info: string }> = []
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('```')) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !CLOSE.test(lines[end]!)) end++
    if (end === lines.length) throw new Error(`${document}:${i + 1}: code block never closed`)
    const match = open.exec(lines[i]!)
    if (match) found.push({ line: start + 1, code: lines.slice(start, end).join('\n'), info: match[2] ?? '' })
    i = end
  }
  return found
}

/** The TypeScript blocks of a document, in order. */
export function codeBlocks(document: string): CodeBlock[] {
  return fenced(document, OPEN).map(({ line, code, info }, i) => ({
    document,
    index: i + 1,
    line,
    code,
    run: info.split(/\s+/).includes('run'),
    consumer: info.split(/\s+/).includes('consumer'),
  }))
}

/**
 * The ```text output blocks of a document: what a program the document names prints, compared
 * by the test that runs that program (lines as in {@link matchesLines}).
 */
export function outputBlocks(document: string): Array<{ line: number; text: string }> {
  return fenced(document, /^```(text)(?:[ \t]+(.*))?$/)
    .filter(({ info }) => info.split(/\s+/).includes('output'))
    .map(({ line, code }) => ({ line, text: code }))
}

const ARROW = /\/\/ → ?(.*)$/

/**
 * What a block says it prints: the text after each `// → `, in the order of the source, one
 * printed line each. A `console.log(...)` line carries the first line it prints; a comment line
 * of its own (`// → ...`) carries a further one (a loop's next line, an object's next line).
 */
export function declaredOutput(code: string): string[] {
  return code.split('\n').flatMap((line) => {
    const arrow = ARROW.exec(line)
    return arrow ? [arrow[1]!.trimEnd()] : []
  })
}

/**
 * Lines of a block that print and carry a comment saying something other than `// → output`:
 * what they claim would go unchecked.
 */
export function unmarkedClaims(code: string): string[] {
  return code.split('\n').filter((line) => /console\.log\(.*\)\s*\/\/(?! →)/.test(line))
}

/** What `console.log(...args)` writes (no colours: what a pipe or a file gets), as lines. */
export function printedLines(args: unknown[]): string[] {
  return formatWithOptions({}, ...args).split('\n')
}

/**
 * Whether the printed lines are the documented ones, line for line. `…` in a documented line
 * stands for any text (an ID, a port, a duration) that changes from run to run.
 */
export function matchesLines(documented: readonly string[], printed: readonly string[]): boolean {
  if (documented.length !== printed.length) return false
  return documented.every((expected, i) => lineMatcher(expected).test(printed[i]!.trimEnd()))
}

function lineMatcher(expected: string): RegExp {
  return new RegExp(
    `^${expected
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*?')}$`,
  )
}

/**
 * The compiler options of a project made by the `tsc --init` of the project's TypeScript, with
 * `skipLibCheck: false` (the compiler's own default): the strictest settings users have. Read
 * from what the real command writes, so they follow each TypeScript upgrade.
 */
export function initCompilerOptions(): ts.CompilerOptions {
  const dir = mkdtempSync(join(tmpdir(), 'docplat-tsc-init-'))
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '--init'], { cwd: dir, stdio: 'ignore' })
    const file = join(dir, 'tsconfig.json')
    // The file is JSONC (comments, trailing commas): the compiler's own reader parses it.
    const { config, error } = ts.readConfigFile(file, ts.sys.readFile)
    if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'))
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir, undefined, file)
    const { configFilePath: _, ...options } = parsed.options
    return { ...options, skipLibCheck: false }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Where the package's public names point inside the repository. */
export const SOURCES: Record<string, string> = {
  docplat: 'src/index.ts',
  'docplat/mock': 'mock/index.ts',
  'docplat/mock/node': 'mock/node/index.ts',
  'docplat/mock/browser': 'mock/browser/index.ts',
  'docplat/mock/matchers': 'mock/verify/matchers.ts',
}

/** The block with `from 'docplat...'` pointed at the sources, so it runs without a build. */
export function withSourceImports(code: string): string {
  return code.replace(/(from\s+|import\s*\(\s*)(['"])(docplat(?:\/[\w/]+)?)\2/g, (_whole, lead: string, quote: string, name: string) => {
    const source = SOURCES[name]
    if (!source) throw new Error(`No source for the import '${name}'`)
    return `${lead}${quote}${join(ROOT, source)}${quote}`
  })
}
