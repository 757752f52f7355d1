import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Where test/setup/record-operations.ts writes what each test file called (relative to the repository). */
export const RECORDS_DIR = 'test-results/operations-called'

/** What one test file called: operationId -> the statuses the mock answered. */
export interface CalledOperations {
  testFile: string
  operations: Record<string, number[]>
}

/**
 * operationId -> the statuses it answered in the running test file: filled by the platforms the
 * file creates, emptied as the next file of the worker starts (test/setup/record-operations.ts).
 */
export const called = new Map<string, Set<number>>()

/** The records of the test files that still exist (a deleted test file's record no longer counts). */
export function readCalledOperations(root: string): CalledOperations[] {
  const dir = join(root, RECORDS_DIR)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CalledOperations)
    .filter((record) => existsSync(join(root, record.testFile)))
}
