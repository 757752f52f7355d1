import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/index.ts'
import { checkExamples, uncomment } from '../docs/tsdoc-blocks.ts'

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
      code: uncomment(m[2]!),
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
    const { files, program, errors } = checkExamples({ dir, blocks, preamble: () => preamble, nodeTypes: false })
    expect(errors).toEqual([])
    // A program that found nothing to check would pass too: it must have read every example.
    expect(files.every((file) => program.getSourceFile(file))).toBe(true)
    // One program over every operation's example: minutes on a busy machine, as the SDK core's.
  }, 300_000)
})
