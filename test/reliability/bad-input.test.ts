import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { buildRequest, demoPathValues, stateOf } from './requests.ts'

/**
 * Bad input against every operation of the contract table: whatever is sent, the answer is a
 * 4xx with the error shape (a 400 naming the part of the request at fault), never a 5xx, and
 * the state is unchanged. `FUZZ_RUNS` raises the number of runs (`npm run fuzz`).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
const ops = Object.values(operations) as OperationDef[]
const tried = new Map<string, number>()

const platform = createMockPlatform({ scenario: 'demo', seed: 'bad-input' })
await platform.ready
const token = platform.tokens.admin!
const good = demoPathValues(platform)

/** Values that are wrong for almost any field: wrong types, huge, empty, unicode, prototype keys. */
const junk = fc.oneof(
  fc.constantFrom('', ' ', 'x'.repeat(5000), '\u0000', '😀'.repeat(300), '../..', '%', '%E0%A4%A', 'null', 'true', '-1', '1e309', '0', '1001', '__proto__', 'constructor'),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a'), fc.anything({ maxDepth: 1 }), { maxKeys: 2 }),
)

const badBody = (op: OperationDef) => {
  const keys = Object.keys(op.body?.shape ?? {})
  return fc.oneof(
    // One known field set to junk.
    fc.record({ key: fc.constantFrom(...(keys.length ? keys : ['x'])), value: junk }).map(({ key, value }) => ({ text: JSON.stringify({ [key]: value }), type: 'application/json' })),
    // Prototype keys in the raw text (JSON.stringify would drop a real __proto__).
    fc.constantFrom(
      { text: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}', type: 'application/json' },
      { text: '{not json', type: 'application/json' },
      { text: '[1,2,3]', type: 'application/json' },
      { text: '"a string"', type: 'application/json' },
      { text: 'title=x', type: 'application/x-www-form-urlencoded' },
      { text: '{"title": "x"}', type: 'text/plain' },
    ),
  )
}

const badQuery = (op: OperationDef) => {
  const keys = Object.keys(op.query?.shape ?? {})
  if (!keys.length) return fc.constant<Array<[string, string]>>([])
  return fc.oneof(
    fc.record({ key: fc.constantFrom(...keys), value: fc.constantFrom('', 'abc', '-5', '0', '1001', '99999999999999999999', 'maybe', '😀', 'x'.repeat(3000)) }).map(({ key, value }) => [[key, value]] as Array<[string, string]>),
    fc.constantFrom(...keys).map((key) => [[key, '1'], [key, '2']] as Array<[string, string]>),
  )
}

const badPath = (op: OperationDef) => {
  const names = Array.from(op.path.matchAll(/\{(\w+)\}/g), (m) => m[1]!)
  if (!names.length) return fc.constant(good)
  return fc.record({ name: fc.constantFrom(...names), value: fc.oneof(junk.map(asText), fc.string({ minLength: 1, maxLength: 300 })) }).map(({ name, value }) => ({ ...good, [name]: value }))
}

/** Any value as path text (objects without a prototype cannot go through String()). */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')
}

async function check(request: Request, op: OperationDef, expectedField?: RegExp): Promise<void> {
  const before = stateOf(platform)
  const response = await platform.fetch(request)
  tried.set(op.id, (tried.get(op.id) ?? 0) + 1)
  expect(response.status, `${op.id} answered ${response.status}`).toBeLessThan(500)
  if (response.status < 400) return
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } }
  expect(body.error?.code).toBe(response.status)
  expect(typeof body.error?.message).toBe('string')
  if (response.status === 400 && expectedField) expect(body.error!.message).toMatch(expectedField)
  expect(stateOf(platform), `${op.id} changed state on a ${response.status}`).toBe(before)
}

describe.each(ops.map((op) => [op.id, op] as const))('bad input: %s', (_id, op) => {
  if (op.body) {
    it('malformed bodies get a 4xx naming the body and change nothing', async () => {
      await fc.assert(
        fc.asyncProperty(badBody(op), async (body) => check(buildRequest(platform, op, token, good, [], body), op, /body|Content-Type/)),
        { numRuns: RUNS, seed: 42 },
      )
    })
  }
  if (op.query && Object.keys(op.query.shape).length) {
    it('malformed queries get a 4xx naming the query and change nothing', async () => {
      await fc.assert(
        fc.asyncProperty(badQuery(op), async (query) => {
          const body = op.body ? { text: '{}', type: 'application/json' } : undefined
          await check(buildRequest(platform, op, token, good, query, body), op, /query\./)
        }),
        { numRuns: RUNS, seed: 42 },
      )
    })
  }
  it('malformed path values get a 4xx and change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(badPath(op), async (values) => {
        const body = op.body ? { text: '{}', type: 'application/json' } : undefined
        await check(buildRequest(platform, op, token, values, [], body), op)
      }),
      { numRuns: RUNS, seed: 42 },
    )
  })
})

afterAll(() => {
  const total = [...tried.values()].reduce((a, b) => a + b, 0)
  console.info(`bad input: ${total} requests over ${tried.size} operations (${RUNS} runs per property)`)
})
