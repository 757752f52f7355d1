import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkExamples, uncomment } from './tsdoc-blocks.ts'

const root = new URL('../../', import.meta.url).pathname

/** The hand-written `@example` blocks of the SDK core's doc comments (the generated ones have their own test). */
function examples(): Array<{ file: string; code: string }> {
  const files = [...readdirSync(join(root, 'src/core')).map((f) => `src/core/${f}`), 'src/client.ts']
  return files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/@example\s*\n\s*\* ```ts\n((?:(?!\*\/)[\s\S])*?)\n\s*\* ```/g)].map((m) => ({
      file,
      code: uncomment(m[1]!),
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
    const { files, program, errors } = checkExamples({
      dir,
      blocks: blocks.map(({ file, code }, i) => ({ name: `${file.replace(/\W+/g, '_')}_${i}`, code })),
      // A block without imports is a fragment: it runs after a client is made, as generated examples do.
      preamble: (code) =>
        /^import /m.test(code)
          ? ''
          : "import { createClient } from 'docplat'\n\nconst client = createClient({ token: 'dpt_example' })\nconst organizationId = 'org_1'\n\n",
      nodeTypes: true,
    })
    expect(errors).toEqual([])
    expect(files.every((file) => program.getSourceFile(file))).toBe(true)
  }, 300_000)
})
