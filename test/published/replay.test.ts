import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createChecker, type Finding } from '../../scripts/published/validate.ts'
import { ANSWERS_DIR, type RecordedAnswers } from '../setup/published-answers.ts'

/**
 * Replays the answers the node project's tests received (test/setup/published-answers.ts) against
 * the published description, less the rows of docs/decisions/published-shapes.md. Runs in the
 * coverage project, after the node project.
 */
describe('every answer the suite received, against the published description', () => {
  it('is valid wherever the description does not contradict the seed', () => {
    const root = new URL('../../', import.meta.url).pathname
    const dir = join(root, ANSWERS_DIR)
    const records = existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as RecordedAnswers)
          .filter((record) => existsSync(join(root, record.testFile)))
      : []
    expect(records.length, `no recorded answers in ${ANSWERS_DIR}: run the node project first`).toBeGreaterThan(0)
    const checker = createChecker()
    const findings: Array<Finding & { testFile: string }> = []
    for (const record of records)
      for (const { operationId, status, body } of record.answers) {
        const finding = checker.check(operationId, status, body)
        if (finding) findings.push({ ...finding, testFile: record.testFile, errors: finding.errors.slice(0, 5) })
      }
    expect(findings).toEqual([])
  })
})
