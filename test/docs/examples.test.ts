import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { matchesLines, outputBlocks, ROOT } from './blocks.ts'

// The recipes are run the way their READMEs say, as child processes, and their output checked:
// an example that no longer runs is a broken promise to whoever copies it.
// No deadline of their own: a busy machine runs them slowly, and a test's timeout (generous here:
// each starts Node, and the vitest recipe a whole vitest) aborts the child through the test's signal.
const run = promisify(execFile)
const CHILD_TEST = { timeout: 120_000 }

describe('examples/node', () => {
  it('shows pagination, errors by class and retries against the mock over HTTP', CHILD_TEST, async ({ signal }) => {
    // `npm run example:node`, without npm in between.
    const { stdout, stderr } = await run(process.execPath, ['--import', './examples/node/from-source.ts', 'examples/node/main.ts'], {
      cwd: ROOT,
      signal,
    })
    expect(stderr).toBe('')
    // What the README says it prints, line for line (`…` where a run differs: port, ID, time).
    const documented = outputBlocks('examples/node/README.md')
    expect(documented).toHaveLength(1)
    const expected = documented[0]!.text.split('\n')
    const printed = stdout.replace(/\n$/, '').split('\n')
    if (!matchesLines(expected, printed)) expect(printed).toEqual(expected)
    expect(stdout).toMatch(/^Mock platform on http:\/\/127\.0\.0\.1:\d+\n/)
    const members = stdout.slice(stdout.indexOf('three per request:\n'), stdout.indexOf('Pages:')).split('\n').slice(1, -1)
    expect(members.map((line) => line.trim().split(/\s{2,}|\s(?=\S+$)/))).toEqual([
      ['Ada Admin', 'admin'],
      ['Carl Creator', 'create'],
      ['Cora Commenter', 'comment'],
      ['Eddie Editor', 'edit'],
      ['Gus Guest', 'guest'],
      ['Reed Reader', 'read'],
      ['Rita Reviewer', 'review'],
    ])
    expect(stdout).toContain('Pages: 3 + 3 + 1 = 7 members\n')
    expect(stdout).toContain('  NotFoundError 404: Space no-such-space not found\n')
    expect(stdout).toMatch(/ {2}PermissionDeniedError 403: Missing permission "edit" on space \S+\n/)
    // Two 429s with Retry-After: 1, each waited out, then the answer.
    const retried = /orgs\.list\(\) gave Acme on attempt (\d), after ([\d.]+) s of Retry-After waits/.exec(stdout)
    expect(retried?.[1]).toBe('3')
    expect(Number(retried?.[2])).toBeGreaterThanOrEqual(1.9)
    expect(stdout).toMatch(/ {2}RateLimitError 429: retry after 30 s\n$/)
  })
})

describe('examples/vitest', () => {
  it('passes as a team would run it, with its own config', CHILD_TEST, async ({ signal }) => {
    const dir = await mkdtemp(join(tmpdir(), 'docplat-vitest-recipe-'))
    const output = join(dir, 'report.json')
    // The child must not believe it runs inside this vitest (it inherits its VITEST_* variables).
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')))
    try {
      await run(
        process.execPath,
        [
          join(ROOT, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--config',
          'examples/vitest/vitest.config.ts',
          '--reporter=json',
          `--outputFile=${output}`,
        ],
        {
          cwd: ROOT,
          env,
          signal,
        },
      )
    } catch (error) {
      // A failing recipe exits non-zero: the report below says which test failed.
      if (!existsSync(output)) throw error
    }
    const report = JSON.parse(await readFile(output, 'utf8').finally(() => rm(dir, { recursive: true, force: true }))) as {
      success: boolean
      testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string }> }>
    }
    const results = report.testResults.flatMap((file) =>
      file.assertionResults.map((test) => `${file.name.slice(ROOT.length)} > ${test.fullName}: ${test.status}`),
    )
    expect(results.sort()).toEqual(
      [
        'examples/vitest/errors.test.ts > failures, as the real service gives them lets a test override one endpoint with a plain MSW handler: passed',
        'examples/vitest/errors.test.ts > failures, as the real service gives them retries a GET through an injected 503, invisibly to the caller: passed',
        'examples/vitest/errors.test.ts > failures, as the real service gives them answers 403 to a member without the edit permission, and changes nothing: passed',
        'examples/vitest/spaces.test.ts > spaces, through the app code and the mock builds exactly the state a test needs, a line per thing: passed',
        'examples/vitest/spaces.test.ts > spaces, through the app code and the mock renames a space, and the platform keeps the new title: passed',
        'examples/vitest/spaces.test.ts > spaces, through the app code and the mock restores a deleted space within 7 days of platform time, not after: passed',
        'examples/vitest/spaces.test.ts > spaces, through the app code and the mock walks every page of a list: passed',
        'examples/vitest/verify.test.ts > what the app sent, checked with the docplat matchers renaming a space sends one update with the new title, and nothing the platform could not match: passed',
      ].sort(),
    )
    expect(report.success).toBe(true)
  })
})
