import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { chromiumPath, ROOT } from './support.ts'

const run = promisify(execFile)

// examples/playwright as its README runs it: its own vitest config, one CLI server in another
// process shared by four parallel workers (a platform per test), the app on another origin, real Chromium.
it('examples/playwright passes in Chromium against docplat-mock serve', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docplat-playwright-recipe-'))
  const output = join(dir, 'report.json')
  // The child must not believe it runs inside this vitest (it inherits its VITEST_* variables).
  // The example launches the Chromium of CHROMIUM_PATH, as a machine without Playwright's download does.
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))),
    CHROMIUM_PATH: await chromiumPath(),
  }
  try {
    await run(
      process.execPath,
      [
        join(ROOT, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'examples/playwright/vitest.config.ts',
        '--reporter=json',
        `--outputFile=${output}`,
      ],
      {
        cwd: ROOT,
        env,
        timeout: 360_000,
      },
    )
  } catch (error) {
    if (!existsSync(output)) throw error
  }
  const report = JSON.parse(await readFile(output, 'utf8').finally(() => rm(dir, { recursive: true, force: true }))) as {
    success: boolean
    testResults: Array<{
      name: string
      message?: string
      assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>
    }>
  }
  const results = report.testResults.flatMap((file) =>
    file.assertionResults.map(
      (test) => `${test.fullName}: ${test.status}${test.failureMessages.length ? ` ${test.failureMessages[0]!.slice(0, 300)}` : ''}`,
    ),
  )
  expect({ results: results.sort(), errors: report.testResults.map((f) => f.message).filter(Boolean) }).toEqual({
    results: [
      'the app against docplat-mock serve, in Chromium lists the spaces from the server, on another origin (CORS): passed',
      'the app against docplat-mock serve, in Chromium shows an error when the API fails (an injected fault): passed',
      'the app against docplat-mock serve, in Chromium stamps a rename with platform time (a clock advance): passed',
      ...[1, 2, 3, 4].flatMap((n) => [
        `worker ${n} of 4 runs while the other workers run, each on a platform of its own: passed`,
        `worker ${n} of 4 writes the same titles, deletes the same space, moves its own clock: sees only its own: passed`,
      ]),
    ].sort(),
    errors: [],
  })
  expect(report.success).toBe(true)
}, 420_000)
