/**
 * The response hook: records the JSON answers each test file receives through `platform.fetch`
 * (the SDK against the mock, MSW) and through the global `fetch` from a running server, a few per
 * operation and status, for
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

/**
 * This test file's answers. Module state on purpose: the node project shares modules between the
 * test files of a worker (no isolation), so the setup empties it as each file starts
 * ({@link startRecordingAnswers}) rather than relying on a fresh module per file.
 */
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

/** Answers still being read (a server's body arrives after its headers): written with the rest. */
const pending = new Set<Promise<void>>()

/**
 * Keeps the answer to `method path` when it is a success with a JSON body of an operation the
 * contract names, and this file has fewer than {@link PER_OPERATION} of it. The body is read from
 * a clone, so the caller gets the response as it came, not delayed by the reading.
 */
function keep(method: string, path: string, response: Response): void {
  // Only what the published description describes: a success with a JSON body.
  if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return
  const route = routes.find((r) => r.method === method && r.pattern.test(path))
  const key = route && `${route.id} ${response.status}`
  if (!route || !key || (kept.get(key) ?? 0) >= PER_OPERATION) return
  kept.set(key, (kept.get(key) ?? 0) + 1)
  const reading = response
    .clone()
    .json()
    .then(
      (body: unknown) => void answers.push({ operationId: route.id, status: response.status, body }),
      // A body cut off (the test aborted it, the server went away) is no answer to check.
      () => undefined,
    )
    .finally(() => pending.delete(reading))
  pending.add(reading)
}

/** The request's method, read from the arguments, not a new Request: the request's body may be used. */
const methodOf = (input: Request | string | URL, init?: RequestInit) =>
  (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
const urlOf = (input: Request | string | URL) => new URL(input instanceof Request ? input.url : String(input))

/** Wraps a platform's `fetch` so its answers are recorded. */
export function recordAnswers<P extends { readonly fetch: Fetch; readonly baseUrl: string }>(platform: P): P {
  const answer = platform.fetch
  const basePath = new URL(platform.baseUrl).pathname.replace(/\/+$/, '')
  ;(platform as { fetch: Fetch }).fetch = async (input, init) => {
    const response = await answer(input, init)
    keep(methodOf(input, init), urlOf(input).pathname.slice(basePath.length), response)
    return response
  }
  return platform
}

const WRAPPED = Symbol.for('docplat.test.recordedFetch')

/**
 * Wraps the global `fetch`, which the SDK uses against a running server (`docplat-mock serve`,
 * `startMockServer`, a host's platforms), so the HTTP server's answers are recorded as
 * `platform.fetch`'s are. An operation's path is what follows the first `/v1/` (a host serves
 * its platforms under a prefix), and only answers with the mock's `x-request-id` count: anything
 * else fetched (a tunnel, a specification's URL, a test's stand-in server) is left alone.
 */
export function recordServerAnswers(): void {
  const original = globalThis.fetch as Fetch & { [WRAPPED]?: true }
  if (original[WRAPPED]) return
  const wrapped = Object.assign(
    async (input: Request | string | URL, init?: RequestInit) => {
      const response = await original(input, init)
      const { pathname } = urlOf(input)
      const at = pathname.indexOf('/v1/')
      // The mock's answers carry its request ID; a test's own stand-in server's do not.
      if (at >= 0 && /^req_\d+$/.test(response.headers.get('x-request-id') ?? '')) keep(methodOf(input, init), pathname.slice(at), response)
      return response
    },
    { [WRAPPED]: true as const },
  )
  globalThis.fetch = wrapped as typeof fetch
}

/** Forgets what the previous test file of this worker recorded: called as a file starts. */
export function startRecordingAnswers(): void {
  answers.length = 0
  kept.clear()
}

/** Writes this test file's answers, replacing its previous record. */
export async function writeAnswers(root: string, testFile: string): Promise<void> {
  await Promise.all([...pending])
  const record: RecordedAnswers = { testFile, answers }
  mkdirSync(join(root, ANSWERS_DIR), { recursive: true })
  writeFileSync(join(root, ANSWERS_DIR, `${testFile.replace(/[\\/]/g, '__')}.json`), `${JSON.stringify(record)}\n`)
}
