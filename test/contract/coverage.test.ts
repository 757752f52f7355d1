import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import * as sdk from '../../src/index.ts'
import { handlers } from '../../mock/handlers/index.ts'
import { RECORDS_DIR, readCalledOperations } from '../setup/operations-called.ts'

const declared = Object.values(operations) as OperationDef[]
const root = new URL('../../', import.meta.url).pathname

/** Operations the spec leaves open that we added (documented in docs/decisions/). */
const ADDITIONS = new Set(['listSites', 'getSiteById', 'listCommentRepliesInSpace', 'getAuthenticatedUser'])

/** The rows of operations.md (the spec's list, copied into the repository), paths expanded from its abbreviations. */
function specOperations(): Map<string, { method: string; path: string; status: number; sdk: string }> {
  const file = join(root, 'test/contract/operations.md')
  const rows = new Map<string, { method: string; path: string; status: number; sdk: string }>()
  if (!existsSync(file)) return rows
  const expand = (p: string) =>
    p
      .replace(/^INST\b/, '/v1/integrations/{integrationName}/installations/{installationId}')
      .replace(/^CR\b/, 'SP/change-requests/{changeRequestId}')
      .replace(/^SP\b/, '/v1/spaces/{spaceId}')
      .replace(/^SITE\b/, 'ORG/sites/{siteId}')
      .replace(/^ORG\b/, '/v1/orgs/{organizationId}')
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\| (\w+) \| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \| (\d+) \| client\.(\S+) \|/.exec(line)
    if (!m) continue
    let path = m[3]!
    for (let i = 0; i < 3; i++) path = expand(path)
    rows.set(m[1]!, { method: m[2]!, path, status: Number(m[4]), sdk: m[5]! })
  }
  return rows
}

/**
 * Which operations the tests called and how the mock answered, by the request log of every
 * platform they made (recorded by test/setup/record-operations.ts, one record per test file).
 */
function calledByTests(): { files: number; statuses: Map<string, Set<number>> } {
  const records = readCalledOperations(root)
  const statuses = new Map<string, Set<number>>()
  for (const record of records) {
    for (const [id, answered] of Object.entries(record.operations))
      for (const status of answered) (statuses.get(id) ?? statuses.set(id, new Set()).get(id)!).add(status)
  }
  return { files: records.length, statuses }
}

describe('contract coverage', () => {
  const spec = specOperations()
  const client = sdk.createClient({ token: 'x' }) as unknown as Record<string, unknown>
  const called = calledByTests()

  it('reads which operations the tests called', () => {
    expect(
      called.files,
      `${RECORDS_DIR}/ holds no record of the tests' calls: run the whole suite once (\`npx vitest run\`), which runs this file last; run alone, it then reads the record of each test file's last run`,
    ).toBeGreaterThan(0)
    // For information: calls that only ever failed still count as called, as a refused call is a test of that operation too.
    const success = (op: OperationDef, status: number) => status === op.status || op.alsoStatus?.includes(status)
    const failedOnly = declared.filter(
      (op) => called.statuses.has(op.id) && ![...called.statuses.get(op.id)!].some((status) => success(op, status)),
    )
    console.info(
      `${called.files} test files recorded; ${failedOnly.length} operations called only with an error answer${failedOnly.length ? `: ${failedOnly.map((op) => `${op.id} (${[...called.statuses.get(op.id)!].join(', ')})`).join(', ')}` : ''}`,
    )
  })

  it.each(declared.map((op) => [op.id, op] as const))(
    '%s has an SDK method, a standalone function, a handler and a test that called it',
    (_id, op) => {
      const method = op.sdk.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], client)
      expect(typeof method, `client.${op.sdk}`).toBe('function')
      expect(typeof (sdk as Record<string, unknown>)[op.id], `standalone ${op.id}`).toBe('function')
      expect(typeof (handlers as Record<string, unknown>)[op.id], `handler ${op.id}`).toBe('function')
      if (called.files === 0) return
      expect(
        called.statuses.has(op.id),
        `a test calling client.${op.sdk} (the request logs of the tests' platforms never saw ${op.id})`,
      ).toBe(true)
    },
  )

  it('declares every operation as operations.md fixes it (id, method, path, status, SDK method)', () => {
    const mismatches = declared
      .filter((op) => !ADDITIONS.has(op.id))
      .flatMap((op) => {
        const row = spec.get(op.id)
        if (!row) return [`${op.id}: not in operations.md`]
        const got = { method: op.method, path: op.path, status: op.status, sdk: op.sdk }
        return JSON.stringify(got) === JSON.stringify(row) ? [] : [`${op.id}: ${JSON.stringify(got)} != ${JSON.stringify(row)}`]
      })
    expect(mismatches).toEqual([])
  })

  it('lists the operations of operations.md not declared yet', () => {
    const missing = [...spec.keys()].filter((id) => !(id in operations))
    console.info(
      `declared ${declared.length} operations; ${missing.length} of operations.md not declared yet${missing.length ? `: ${missing.join(', ')}` : ''}`,
    )
    expect(declared.length + missing.length).toBeGreaterThanOrEqual(spec.size)
  })
})
