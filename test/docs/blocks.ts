import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The documents whose TypeScript blocks must compile (and, when marked `ts run`, run). */
export const DOCUMENTS = [
  'README.md',
  'docs/getting-started.md',
  'docs/sdk.md',
  'docs/mocking.md',
  'docs/cli.md',
  'examples/node/README.md',
  'examples/vitest/README.md',
  'examples/storybook/README.md',
] as const

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
}

const OPEN = /^```(ts|typescript)(?:[ \t]+(.*))?$/
const CLOSE = /^```\s*$/

/** The TypeScript blocks of a document, in order. */
export function codeBlocks(document: string): CodeBlock[] {
  const lines = readFileSync(join(ROOT, document), 'utf8').split('\n')
  const blocks: CodeBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!)
    if (!open) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !CLOSE.test(lines[end]!)) end++
    if (end === lines.length) throw new Error(`${document}:${i + 1}: code block never closed`)
    const flags = (open[2] ?? '').split(/\s+/)
    blocks.push({ document, index: blocks.length + 1, line: start + 1, code: lines.slice(start, end).join('\n'), run: flags.includes('run') })
    i = end
  }
  return blocks
}

/** Where the package's public names point inside the repository. */
export const SOURCES: Record<string, string> = {
  docplat: 'src/index.ts',
  'docplat/mock': 'mock/index.ts',
  'docplat/mock/node': 'mock/node/index.ts',
  'docplat/mock/browser': 'mock/browser/index.ts',
}

/** The block with `from 'docplat...'` pointed at the sources, so it runs without a build. */
export function withSourceImports(code: string): string {
  return code.replace(/(from\s+|import\s*\(\s*)(['"])(docplat(?:\/[\w/]+)?)\2/g, (_whole, lead: string, quote: string, name: string) => {
    const source = SOURCES[name]
    if (!source) throw new Error(`No source for the import '${name}'`)
    return `${lead}${quote}${join(ROOT, source)}${quote}`
  })
}
