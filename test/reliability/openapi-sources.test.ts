import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'

/** The top every shape shares, so only its `paths` (or what hangs off it) differs. */
const TOP = 'openapi: 3.0.3\ninfo: {title: Shapes, version: "1"}\n'

/** A YAML flow mapping of `n` keys: `{k0: 0, k1: 1, ...}`. */
const flowMapping = (n: number) => `{${Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join(', ')}}`
/** A YAML block mapping of `n` keys, indented under `paths:`. */
const blockMapping = (n: number) => Array.from({ length: n }, (_, i) => `  /p${i}: {}`).join('\n')
/** `n` aliases to one anchor, in a sequence. */
const aliases = (n: number) => `anchor: &a {x: 1}\nmany: [${Array.from({ length: n }, () => '*a').join(', ')}]\n`
/** Nine levels of aliases, each doubling the last: about 2^27 nodes once expanded. */
const BOMB = `${['a: &a ["x", "x"]', ...'bcdefghi'.split('').map((l, i) => `${l}: &${l} [*${'abcdefghi'[i]}, *${'abcdefghi'[i]}]`)].join('\n')}\npaths: {x: [${Array(100).fill('*i').join(', ')}]}\n`
/** A JSON document of `n` paths, each with a small operation: about 110 bytes a path. */
const jsonPaths = (n: number) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Big', version: '1' },
    paths: Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`/items/${i}`, { get: { operationId: `get${i}`, responses: { 200: { description: 'ok' } } } }]),
    ),
  })

/** What each shape must give: published (`201`), or a 400 whose message names the limit. */
const SHAPES: Array<{ name: string; text: string; expect: 201 | RegExp }> = [
  {
    name: 'flow-60000',
    text: `${TOP}paths: ${flowMapping(60_000)}\n`,
    expect: /body\.source\.text: YAML mapping has more than 10000 keys/,
  },
  {
    name: 'block-40000',
    text: `${TOP}paths:\n${blockMapping(40_000)}\n`,
    expect: /body\.source\.text: YAML mapping has more than 10000 keys/,
  },
  {
    name: 'deep-yaml',
    text: `${TOP}paths: {x: ${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`,
    expect: /body\.source\.text: .*nests deeper than 100 levels/,
  },
  {
    name: 'deep-json',
    text: `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
    expect: /nests deeper than 100 levels/,
  },
  { name: 'aliases', text: `${TOP}${aliases(1_000)}paths: {}\n`, expect: /body\.source\.text: YAML has more than 500 aliases/ },
  // Expands past what the parser allows: published as a failed run (PARSE_ERROR), as before.
  { name: 'alias-bomb', text: `${TOP}${BOMB}`, expect: 201 },
  {
    name: 'json-60000',
    text: JSON.stringify({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i])),
    }),
    expect: /body\.source\.text: JSON mapping has more than 10000 keys/,
  },
  // What fits: 9,000 paths, as JSON (about 0.9 MiB) and as YAML.
  { name: 'json-9000', text: jsonPaths(9_000), expect: 201 },
  { name: 'yaml-9000', text: `${TOP}paths:\n${blockMapping(9_000)}\n`, expect: 201 },
]

/** A valid source that costs real parsing time on any machine: 9,000 paths as YAML. */
const PACER = `${TOP}paths:\n${blockMapping(9_000)}\n`

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function serve() {
  const platform = createMockPlatform({ scenario: 'empty', freeze: true })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Shapes' })
  const creator = await platform.builders.user({ organization: org.id, role: 'create' })
  const reader = await platform.builders.user({ organization: org.id, role: 'read' })
  server = await startMockServer({ platform })
  const url = server.url
  const post = (slug: string, text: string) =>
    fetch(`${url}/v1/orgs/${org.id}/openapi`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slug, source: { text } }),
    }).then(async (answer) => ({ status: answer.status, body: (await answer.json()) as { error?: { message: string } } }))
  const put = (slug: string, text: string) =>
    fetch(`${url}/v1/orgs/${org.id}/openapi/${slug}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source: { text } }),
    })
  const orgs = () => fetch(`${url}/v1/orgs`, { headers: { authorization: `Bearer ${reader.token}` } }).then((answer) => answer.status)
  return { platform, org, post, put, orgs }
}

const specCount = (platform: MockPlatform) => platform.db.openapiSpecs.size

describe('OpenAPI sources are read off the event loop and within limits', () => {
  it("answers each hostile shape with a spec or a 400 naming the limit, while another client's reads go on", async () => {
    const { platform, post, put, orgs } = await serve()
    for (const shape of SHAPES) {
      // A valid source of 9,000 paths goes first, so the shape waits behind real parsing work
      // whatever its own cost; a second client reads the organizations over and over meanwhile.
      const pacer = put('pacer', PACER)
      let pending = true
      const sent = post(shape.name, shape.text).finally(() => {
        pending = false
      })
      let reads = 0
      while (pending) {
        expect(await orgs()).toBe(200)
        if (pending) reads++
      }
      const answer = await sent
      expect([200, 201]).toContain((await pacer).status)
      if (shape.expect === 201) expect([shape.name, answer.status]).toEqual([shape.name, 201])
      else {
        expect([shape.name, answer.status]).toEqual([shape.name, 400])
        expect(answer.body.error!.message).toMatch(shape.expect)
      }
      // On the event loop under the state lock, no read would answer while the parsing went on.
      expect([shape.name, reads >= 3]).toEqual([shape.name, true])
    }
    // What was refused made nothing; what fit is published and processes as before.
    platform.clock.advance('10s')
    const outcomes = Object.fromEntries([...platform.db.openapiSpecs.all()].map((spec) => [spec.slug, spec.outcome?.kind]))
    expect(outcomes).toEqual({ pacer: 'complete', 'alias-bomb': 'failed', 'json-9000': 'complete', 'yaml-9000': 'complete' })
  }, 300_000)

  it('reads sources registered for a URL the same way, naming body.source.url', async () => {
    const { platform, org } = await serve()
    platform.imports.register('https://specs.test/flow.yaml', `${TOP}paths: ${flowMapping(20_000)}\n`)
    platform.imports.register('https://specs.test/bytes.json', new TextEncoder().encode(jsonPaths(10)))
    const admin = await platform.builders.user({ organization: org.id, role: 'admin' })
    const put = (slug: string, url: string) =>
      fetch(`${server!.url}/v1/orgs/${org.id}/openapi/${slug}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ source: { url } }),
      })
    const refused = await put('flow', 'https://specs.test/flow.yaml')
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Invalid body\.source\.url: YAML mapping has more than 10000 keys/,
    )
    expect((await put('bytes', 'https://specs.test/bytes.json')).status).toBe(201)
    expect(specCount(platform)).toBe(1)
  })

  it('never answers 500 to sources around the limits', async () => {
    const { post } = await serve()
    const value = (depth: number, keys: number): string => (depth <= 1 ? flowMapping(keys) : `{a: ${value(depth - 1, keys)}}`)
    const shape = fc.oneof(
      fc
        .record({ depth: fc.integer({ min: 1, max: 102 }), keys: fc.integer({ min: 0, max: 3 }) })
        .map(({ depth, keys }) => `${TOP}paths: ${value(depth, keys)}\n`),
      fc.integer({ min: 9_995, max: 10_005 }).map((keys) => `${TOP}paths: ${flowMapping(keys)}\n`),
      fc.integer({ min: 495, max: 505 }).map((n) => `${TOP}${aliases(n)}paths: {}\n`),
      fc
        .integer({ min: 96, max: 104 })
        .map((depth) => `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}`),
      fc.string({ maxLength: 200 }).map((noise) => `${TOP}paths: ${flowMapping(3)}\n${noise}`),
    )
    let n = 0
    await fc.assert(
      fc.asyncProperty(shape, async (text) => {
        const answer = await post(`fuzz-${n++}`, text)
        expect([201, 400]).toContain(answer.status)
        if (answer.status === 400) expect(answer.body.error!.message).toMatch(/^Invalid body\.source\.text: /)
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    )
  }, 120_000)
})
