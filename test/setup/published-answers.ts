/**
 * The response hook: records the JSON answers each test file receives through `platform.fetch`
 * (the SDK against the mock, MSW), a few per operation and status, for
 * test/published/replay.test.ts, which checks them all against the platform's published
 * description (`@gitbook/api`) after the node project ran. Validating in every test file instead
 * costs each file the description's load and its schemas' compilation (docs/decisions/published-shapes.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { operations } from '../../src/contract/index.ts'

/** Where each test file's answers go (relative to the repository), one JSON file per test file. */
export const ANSWERS_DIR = 'test-results/published-answers'

/** How many answers of one operation and status a test file keeps: enough variety, bounded size. */
const PER_OPERATION = 4

/** One test file's answers. */
export interface RecordedAnswers {
  testFile: string
  answers: Array<{ operationId: string; status: number; body: unknown }>
}

const answers: RecordedAnswers['answers'] = []
const kept = new Map<string, number>()

/** Each operation's method and path as a pattern, most literal segments first. */
const routes = Object.values(operations)
  .map((op) => ({
    id: op.id,
    method: op.method as string,
    pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`),
    literal: op.path.replace(/\{\w+\}/g, '').length,
  }))
  .sort((a, b) => b.literal - a.literal)

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>

/** Wraps a platform's `fetch` so its answers are recorded. */
export function recordAnswers<P extends { readonly fetch: Fetch; readonly baseUrl: string }>(platform: P): P {
  const answer = platform.fetch
  const basePath = new URL(platform.baseUrl).pathname.replace(/\/+$/, '')
  ;(platform as { fetch: Fetch }).fetch = async (input, init) => {
    const response = await answer(input, init)
    // Only what the published description describes: a success with a JSON body.
    if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return response
    // Read from the arguments, not a new Request: the request's body is already used.
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname.slice(basePath.length)
    const route = routes.find((r) => r.method === method && r.pattern.test(path))
    const key = route && `${route.id} ${response.status}`
    if (!key || (kept.get(key) ?? 0) >= PER_OPERATION) return response
    kept.set(key, (kept.get(key) ?? 0) + 1)
    answers.push({ operationId: route.id, status: response.status, body: await response.clone().json() })
    return response
  }
  return platform
}

/** Writes this test file's answers, replacing its previous record. */
export function writeAnswers(root: string, testFile: string): void {
  const record: RecordedAnswers = { testFile, answers }
  mkdirSync(join(root, ANSWERS_DIR), { recursive: true })
  writeFileSync(join(root, ANSWERS_DIR, `${testFile.replace(/[\\/]/g, '__')}.json`), `${JSON.stringify(record)}\n`)
}
