/**
 * Records which operations each test file called, for test/contract/coverage.test.ts ("has a
 * test" means a test called it, as the mock's request log saw it).
 *
 * Every platform a test file creates gets its request log observed: each logged request adds its
 * operationId and status here. After the file, the set is written to
 * `test-results/operations-called/<test file>.json`, replacing that file's previous record. The
 * collection lives only in the test process (the library keeps no global state for it). The
 * answers themselves are recorded for the published description's replay (published-answers.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, vi } from 'vitest'
import type { LoggedRequest } from '../../mock/base/request-log.ts'
import { called, RECORDS_DIR, type CalledOperations } from './operations-called.ts'
import { recordAnswers, recordServerAnswers, startRecordingAnswers, writeAnswers } from './published-answers.ts'

// The node project's test files share a worker's modules (no isolation): what the previous file
// recorded is forgotten here, and the platform's mock below (made once per worker) records into
// the shared `called`, not into a variable of one evaluation of this file.
called.clear()
startRecordingAnswers()

// A running server's answers reach the tests through the global fetch: recorded there.
recordServerAnswers()

vi.mock('../../mock/platform.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../mock/platform.ts')>()
  const createMockPlatform: typeof original.createMockPlatform = (...args) => {
    // Its answers through platform.fetch are recorded too, for test/published/replay.test.ts.
    const platform = recordAnswers(original.createMockPlatform(...args))
    const log = platform.requests
    const push = log.push.bind(log)
    log.push = (entry: LoggedRequest) => {
      if (entry.operationId)
        (called.get(entry.operationId) ?? called.set(entry.operationId, new Set()).get(entry.operationId)!).add(entry.status)
      return push(entry)
    }
    return platform
  }
  return { ...original, createMockPlatform }
})

// The first argument is the (empty) fixture context, which vitest wants destructured.
// biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures a hook uses from this pattern
afterAll(async ({}, suite) => {
  const root = new URL('../../', import.meta.url).pathname
  const testFile = relative(root, 'filepath' in suite ? suite.filepath : suite.file.filepath)
  const record: CalledOperations = {
    testFile,
    operations: Object.fromEntries([...called].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, statuses]) => [id, [...statuses].sort()])),
  }
  mkdirSync(join(root, RECORDS_DIR), { recursive: true })
  writeFileSync(join(root, RECORDS_DIR, `${testFile.replace(/[\\/]/g, '__')}.json`), `${JSON.stringify(record)}\n`)
  await writeAnswers(root, testFile)
})
