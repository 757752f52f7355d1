import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import * as sdk from '../../src/index.ts'
import { handlers } from '../../mock/handlers/index.ts'

const declared = Object.values(operations) as OperationDef[]
const root = new URL('../../', import.meta.url).pathname

/** Operations the spec leaves open that we added (documented in docs/decisions/). */
const ADDITIONS = new Set(['listSites', 'getSiteById'])

/** The rows of operations.md (the spec's list, copied into the repository), paths expanded from its abbreviations. */
function specOperations(): Map<string, { method: string; path: string; status: number; sdk: string }> {
  const file = join(root, 'test/contract/operations.md')
  const rows = new Map<string, { method: string; path: string; status: number; sdk: string }>()
  if (!existsSync(file)) return rows
  const expand = (p: string) =>
    p
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

function testSources(dir: string): string {
  let text = ''
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) text += testSources(path)
    else if (entry.name.endsWith('.test.ts') && !path.endsWith('coverage.test.ts')) text += readFileSync(path, 'utf8')
  }
  return text
}

describe('contract coverage', () => {
  const spec = specOperations()
  const client = sdk.createClient({ token: 'x' }) as unknown as Record<string, unknown>
  const tests = testSources(join(root, 'test'))

  it.each(declared.map((op) => [op.id, op] as const))('%s has an SDK method, a standalone function, a handler and a test', (_id, op) => {
    const method = op.sdk.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], client)
    expect(typeof method, `client.${op.sdk}`).toBe('function')
    expect(typeof (sdk as Record<string, unknown>)[op.id], `standalone ${op.id}`).toBe('function')
    expect(typeof (handlers as Record<string, unknown>)[op.id], `handler ${op.id}`).toBe('function')
    expect(tests.includes(`.${op.sdk}(`) || tests.includes(op.id), `a test calling client.${op.sdk}`).toBe(true)
  })

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
    console.info(`declared ${declared.length} operations; ${missing.length} of operations.md not declared yet${missing.length ? `: ${missing.join(', ')}` : ''}`)
    expect(declared.length + missing.length).toBeGreaterThanOrEqual(spec.size)
  })
})
