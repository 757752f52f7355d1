/**
 * The response hook: every JSON answer a test receives through `platform.fetch` (the SDK against
 * the mock, MSW) is checked against the platform's published description (`@gitbook/api`), less
 * the rows of docs/decisions/published-shapes.md. A test whose answers break it fails after it
 * ran, naming the operation and the finding, so a field the seed adds or renames cannot go unseen.
 *
 * Cost: the description is parsed once per worker, on the first answer; each operation's schema
 * compiles on its first answer; only JSON answers of operations the description names are checked.
 */
import { afterEach, expect } from 'vitest'
import { operations } from '../../src/contract/index.ts'
import { createChecker, type Finding } from '../../scripts/published/validate.ts'

let checker: ReturnType<typeof createChecker> | undefined
const findings: Finding[] = []

/** Each operation's method and path as a pattern, most literal segments first. */
const routes = Object.values(operations)
  .map((op) => ({
    id: op.id,
    method: op.method,
    pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`),
    literal: op.path.replace(/\{\w+\}/g, '').length,
  }))
  .sort((a, b) => b.literal - a.literal)

/** Wraps a platform's `fetch` so each answer it gives is checked. */
export function checkAnswers<P extends { readonly fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>; readonly baseUrl: string }>(platform: P): P {
  const answer = platform.fetch
  const basePath = new URL(platform.baseUrl).pathname.replace(/\/+$/, '')
  ;(platform as { fetch: typeof answer }).fetch = async (input, init) => {
    const response = await answer(input, init)
    // Only what the published description describes: a success with a JSON body.
    if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return response
    // Read from the arguments, not a new Request: the request's body is already used.
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname.slice(basePath.length)
    const route = routes.find((r) => r.method === method && r.pattern.test(path))
    if (!route) return response
    checker ??= createChecker()
    if (!checker.knows(route.id)) return response
    const finding = checker.check(route.id, response.status, await response.clone().json())
    if (finding) findings.push(finding)
    return response
  }
  return platform
}

afterEach(() => {
  const found = findings.splice(0)
  expect(found, 'answers invalid against the published description (docs/decisions/published-shapes.md)').toEqual([])
})
