import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { table } from './call.ts'
import { buildRequest, demoPathValues, stateOf } from './requests.ts'

/**
 * Bad input against every operation of the contract table: whatever is sent, the answer is a
 * 4xx with the error shape (a 400 naming the part of the request at fault, and the field when
 * there is one), never a 5xx, and the state is unchanged. `FUZZ_RUNS` raises the number of runs
 * of each property (`npm run fuzz`); the seed is fixed, so a failure replays.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
const SEED = 42
/** Longer runs need longer per-test timeouts: a few milliseconds per request, with room for a busy machine. */
const TIMEOUT = Math.max(20_000, RUNS * 3 * 100)
const ops = Object.values(operations) as OperationDef[]
const tried = new Map<string, { body: number; query: number; path: number; fixed: number }>()
const count = (op: OperationDef, kind: 'body' | 'query' | 'path' | 'fixed') => {
  const entry = tried.get(op.id) ?? { body: 0, query: 0, path: 0, fixed: 0 }
  entry[kind]++
  tried.set(op.id, entry)
}

const platform = createMockPlatform({ scenario: 'demo', seed: 'bad-input' })
await platform.ready
const token = platform.tokens.admin!
const good = demoPathValues(platform)

/** Strings that break patterns, bounds and encodings. */
const nastyStrings = [
  '',
  ' ',
  '\t',
  'x'.repeat(5000),
  '\u0000',
  '😀'.repeat(300),
  '../..',
  '%',
  '%E0%A4%A',
  'null',
  'true',
  '-1',
  '1e309',
  '0',
  '1001',
  '__proto__',
  'constructor',
  'prototype',
  'a b',
  'UPPER/lower',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'ftp://x.test',
  'http://',
  '\u202eevil',
  'e\u0301',
  '\ud800',
  '\uffff',
  'ADMIN',
  'Admin',
  'superuser',
  'everyone',
  'maybe',
  '{}',
  '[]',
]
/** Numbers at and past every edge a schema might check. */
const nastyNumbers = [0, -0, -1, 0.5, 1001, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE]

/** Values that are wrong for almost any field: wrong types, huge, empty, unicode, prototype keys. */
const junk = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.constantFrom(...nastyNumbers),
  fc.string({ maxLength: 40, unit: 'grapheme' }),
  fc.string({ maxLength: 20, unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', 'toString'), fc.anything({ maxDepth: 1 }), { maxKeys: 2 }),
)

const bodyKeys = (op: OperationDef) => Object.keys(op.body?.shape ?? {})
/** Whether `{}` is a valid body: then a 400 for one bad field must name exactly that field. */
const allOptional = (op: OperationDef) => op.body?.safeParse({}).success ?? true
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A 400 about the body names one of its fields, or the body as a whole (not JSON, not an object, wrong type). */
const namesBody = (op: OperationDef, key?: string) =>
  key && allOptional(op)
    ? new RegExp(`Invalid body\\.${escape(key)}[.:]|Invalid body:`)
    : new RegExp(`Invalid body(\\.(${bodyKeys(op).map(escape).join('|') || 'x'})[.:]|:)`)

type RawBody = { text: string; type?: string; key?: string }

const badBody = (op: OperationDef) => {
  const keys = bodyKeys(op).length ? bodyKeys(op) : ['x']
  return fc.oneof(
    // One known field set to junk.
    fc
      .record({ key: fc.constantFrom(...keys), value: junk })
      .map(({ key, value }): RawBody => ({ key, text: JSON.stringify({ [key]: value }), type: 'application/json' })),
    // Every field at once, each junk.
    fc
      .tuple(...keys.map(() => junk))
      .map(
        (values): RawBody => ({ text: JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, values[i]]))), type: 'application/json' }),
      ),
    // Numbers JSON.parse turns into Infinity, and prototype keys nested in a field (JSON.stringify would drop a real __proto__).
    fc
      .constantFrom(...keys)
      .chain((key) =>
        fc.constantFrom<RawBody>(
          { key, text: `{"${key}": 1e400}`, type: 'application/json' },
          { key, text: `{"${key}": -1e400}`, type: 'application/json' },
          { key, text: `{"${key}": {"__proto__": {"polluted": true}}}`, type: 'application/json' },
          { key, text: `{"${key}": [{"constructor": {"prototype": {"polluted": true}}}]}`, type: 'application/json' },
        ),
      ),
    // Bodies that are not JSON objects, and JSON sent under other content types.
    fc.constantFrom<RawBody>(
      { text: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}', type: 'application/json' },
      { text: '{not json', type: 'application/json' },
      { text: '{"title": ', type: 'application/json' },
      { text: '[1,2,3]', type: 'application/json' },
      { text: '"a string"', type: 'application/json' },
      { text: 'null', type: 'application/json' },
      { text: '42', type: 'application/json' },
      { text: '\u0000\u0001\u0002', type: 'application/json' },
      { text: 'title=x', type: 'application/x-www-form-urlencoded' },
      { text: '{"title": "x"}', type: 'text/plain' },
      { text: '{"title": "x"}', type: 'application/xml' },
      { text: '{"title": "x"}', type: 'application/jsonp' },
      { text: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--b--', type: 'multipart/form-data; boundary=b' },
      { text: '{"title": "x"}' },
    ),
  )
}

const badQuery = (op: OperationDef) => {
  const keys = Object.keys(op.query?.shape ?? {})
  if (!keys.length) return fc.constant<Array<[string, string]>>([])
  const values = [
    '',
    'abc',
    '-5',
    '0',
    '1001',
    '1e3',
    '0x10',
    ' 5',
    '+5',
    'NaN',
    'Infinity',
    '-0',
    '1000.5',
    '99999999999999999999',
    'maybe',
    'tRuE',
    'ADMIN',
    '😀',
    '\u0000',
    '%00',
    '[]',
    '{}',
    '__proto__',
    'x'.repeat(3000),
  ]
  return fc.oneof(
    fc
      .record({
        key: fc.constantFrom(...keys),
        value: fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 30, unit: 'grapheme' })),
      })
      .map(({ key, value }) => [[key, value]] as Array<[string, string]>),
    // The same parameter twice: a single value cannot be two.
    fc.constantFrom(...keys).map(
      (key) =>
        [
          [key, '1'],
          [key, '2'],
        ] as Array<[string, string]>,
    ),
  )
}

const pathNames = (op: OperationDef) => Array.from(op.path.matchAll(/\{(\w+)\}/g), (m) => m[1]!)

const badPath = (op: OperationDef) => {
  const names = pathNames(op)
  if (!names.length) return fc.constant(good)
  const values = fc.oneof(
    junk.map(asText),
    fc.string({ minLength: 1, maxLength: 300 }),
    fc.constantFrom('.', '..', '%2F', '%2e%2e', 'a/b', 'x'.repeat(257), ' '),
  )
  return fc.record({ name: fc.constantFrom(...names), value: values }).map(({ name, value }) => ({ ...good, [name]: value }))
}

/** Any value as path text (objects without a prototype cannot go through String()). */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')
}

/** The state as text, kept from the last check: a refused request leaves it as it was, so it is computed once per request. */
let current = stateOf(platform)

async function check(request: Request, op: OperationDef, kind: 'body' | 'query' | 'path' | 'fixed', expectedField?: RegExp): Promise<void> {
  const response = await platform.fetch(request)
  count(op, kind)
  expect(response.status, `${op.id} answered ${response.status}`).toBeLessThan(500)
  const after = stateOf(platform)
  if (response.status < 400) {
    current = after
    return
  }
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } }
  expect(body.error?.code).toBe(response.status)
  expect(typeof body.error?.message).toBe('string')
  if (response.status === 400 && expectedField) expect(body.error!.message).toMatch(expectedField)
  expect(after === current, `${op.id} changed state on a ${response.status}: ${String(body.error?.message)}`).toBe(true)
}

describe.each(ops.map((op) => [op.id, op] as const))('bad input: %s', (_id, op) => {
  if (op.body) {
    it(
      'malformed bodies get a 4xx naming the body field and change nothing',
      async () => {
        await fc.assert(
          fc.asyncProperty(badBody(op), async (body) => {
            const field = body.type && /json\b/.test(body.type) ? namesBody(op, body.key) : /Invalid body|Content-Type/
            await check(buildRequest(platform, op, token, good, [], body), op, 'body', field)
          }),
          { numRuns: RUNS, seed: SEED },
        )
      },
      TIMEOUT,
    )

    if (!allOptional(op)) {
      it('a request without a body gets a 400 naming a required field', async () => {
        const response = await platform.fetch(buildRequest(platform, op, token, good))
        count(op, 'fixed')
        // The input is validated before anything is looked up, so the missing body is what fails.
        expect(response.status).toBe(400)
        const required = bodyKeys(op).filter((k) => !op.body!.shape[k]!.safeParse(undefined).success)
        expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
          new RegExp(`^Invalid body\\.(${required.map(escape).join('|')}): is required$`),
        )
        expect(stateOf(platform)).toBe(current)
      })
    }
  }
  if (op.query && Object.keys(op.query.shape).length) {
    it(
      'malformed queries get a 4xx naming the query parameter and change nothing',
      async () => {
        const names = Object.keys(op.query!.shape).map(escape).join('|')
        await fc.assert(
          fc.asyncProperty(badQuery(op), async (query) => {
            const body = op.body ? { text: '{}', type: 'application/json' } : undefined
            await check(buildRequest(platform, op, token, good, query, body), op, 'query', new RegExp(`query\\.(${names})|Invalid body`))
          }),
          { numRuns: RUNS, seed: SEED },
        )
      },
      TIMEOUT,
    )
  }
  it(
    'malformed path values get a 4xx naming the path parameter and change nothing',
    async () => {
      const names = pathNames(op).map(escape).join('|') || 'x'
      await fc.assert(
        fc.asyncProperty(badPath(op), async (values) => {
          const body = op.body ? { text: '{}', type: 'application/json' } : undefined
          // A value the path accepts (a space is a valid ID) leaves the 400 to the query this test leaves out.
          await check(
            buildRequest(platform, op, token, values, [], body),
            op,
            'path',
            new RegExp(`path\\.(${names})|query\\.|Invalid body`),
          )
        }),
        { numRuns: RUNS, seed: SEED },
      )
    },
    TIMEOUT,
  )
})

afterAll(() => {
  const rows = [...tried]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([id, n]) => [id, n.body, n.query, n.path, n.fixed, n.body + n.query + n.path + n.fixed])
  const total = rows.reduce((sum, r) => sum + (r[5] as number), 0)
  console.info(
    `bad input: ${total} requests over ${tried.size} operations (${RUNS} runs per property, seed ${SEED})\n${table(['operation', 'body', 'query', 'path', 'fixed', 'total'], rows)}`,
  )
})
