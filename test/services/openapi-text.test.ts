import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { createClient } from '../../src/index.ts'
import { rejects } from '../helpers.ts'

const JSON_TEXT = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Orders', version: '1.0.0' },
  paths: { '/orders': { get: { responses: { '200': { description: 'ok' } } } } },
})

const YAML_TEXT = `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
paths:
  /orders:
    get:
      responses:
        '200':
          description: ok
`

/** Nine levels of aliases, each doubling the last: about 2^27 nodes once expanded. */
const ALIAS_BOMB = `openapi: 3.0.3
info: { title: Bomb, version: '1' }
a: &a ["x", "x"]
b: &b [*a, *a]
c: &c [*b, *b]
d: &d [*c, *c]
e: &e [*d, *d]
f: &f [*e, *e]
g: &g [*f, *f]
h: &h [*g, *g]
i: &i [*h, *h]
paths: { x: [*i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i, *i] }
`

async function org() {
  const platform = createMockPlatform({ scenario: 'empty', freeze: true })
  await platform.ready
  const organization = await platform.builders.organization({ title: 'Org' })
  const admin = await platform.builders.user({ organization: organization.id, role: 'admin' })
  const client = createClient({ token: admin.token, fetch: platform.fetch, retry: 0 })
  const organizationId = organization.id
  const outcome = async (specSlug: string) => {
    const spec = await client.orgs.openapi.get({ organizationId, specSlug })
    return spec.processingState === 'complete' ? 'complete' : spec.lastProcessErrorCode
  }
  return { platform, client, organizationId, outcome }
}

describe('OpenAPI sources given as text (an addition: `source: { text }`, as the live service and its CLI)', () => {
  it('processes JSON and YAML text into the same version, and shows no source URL', async () => {
    const { platform, client, organizationId, outcome } = await org()
    const json = await client.orgs.openapi.put({ organizationId, specSlug: 'from-json', source: { text: JSON_TEXT } })
    expect(json).toMatchObject({ slug: 'from-json', processingState: 'pending' })
    expect(json).not.toHaveProperty('sourceURL')
    await client.orgs.openapi.create({ organizationId, slug: 'from-yaml', source: { text: YAML_TEXT } })
    platform.clock.advance('10s')
    expect(await outcome('from-json')).toBe('complete')
    expect(await outcome('from-yaml')).toBe('complete')

    // A spec first published from a URL, then as text, drops its URL; the same document again, as
    // JSON instead of YAML, keeps its version: the content is what counts, not its notation.
    await client.orgs.openapi.put({ organizationId, specSlug: 'moved', source: { url: 'https://orders.example.com/openapi.json' } })
    const moved = await client.orgs.openapi.put({ organizationId, specSlug: 'moved', source: { text: YAML_TEXT } })
    expect(moved).not.toHaveProperty('sourceURL')
    platform.clock.advance('10s')
    const version = (await client.orgs.openapi.get({ organizationId, specSlug: 'from-yaml' })).lastVersion
    await client.orgs.openapi.put({ organizationId, specSlug: 'from-yaml', source: { text: JSON_TEXT } })
    platform.clock.advance('10s')
    expect((await client.orgs.openapi.get({ organizationId, specSlug: 'from-yaml' })).lastVersion).toBe(version)
  })

  it('reads YAML fixtures of a source URL too', async () => {
    const { platform, client, organizationId, outcome } = await org()
    platform.imports.register('https://specs.org.test/orders.yaml', YAML_TEXT)
    await client.orgs.openapi.put({ organizationId, specSlug: 'orders', source: { url: 'https://specs.org.test/orders.yaml' } })
    platform.clock.advance('10s')
    expect(await outcome('orders')).toBe('complete')
  })

  it('fails with PARSE_ERROR on text that is not a document, an alias bomb included, without growing', async () => {
    const { platform, client, organizationId, outcome } = await org()
    const texts = {
      'not-yaml': 'openapi: [3.0.3\n  : : {',
      'no-paths': 'openapi: 3.0.3\ninfo:\n  title: Orders\n  version: "1"\n',
      scalar: 'just words',
      bomb: ALIAS_BOMB,
      cycle: 'openapi: 3.1.0\ninfo: { title: Loop, version: "1" }\ncomponents: &c { self: *c }\n',
    }
    for (const [specSlug, text] of Object.entries(texts)) await client.orgs.openapi.put({ organizationId, specSlug, source: { text } })
    platform.clock.advance('10s')
    for (const specSlug of Object.keys(texts)) expect([specSlug, await outcome(specSlug)]).toEqual([specSlug, 'PARSE_ERROR'])
  })

  it('refuses empty text, and a source with neither url nor text, changing nothing', async () => {
    const { client, organizationId } = await org()
    await rejects(client.orgs.openapi.put({ organizationId, specSlug: 'x', source: { text: '' } }), 400, 'body.source')
    await rejects(client.orgs.openapi.create({ organizationId, slug: 'x', source: {} as never }), 400, 'body.source')
    expect((await client.orgs.openapi.list({ organizationId })).count).toBe(0)
  })

  it('answers any text with a spec, never an error', async () => {
    const { platform, client, organizationId } = await org()
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 300 }), async (text) => {
        const spec = await client.orgs.openapi.put({ organizationId, specSlug: 'fuzz', source: { text } })
        expect(spec.slug).toBe('fuzz')
        platform.clock.advance('10s')
        const done = await client.orgs.openapi.get({ organizationId, specSlug: 'fuzz' })
        expect(['complete', 'failed']).toContain(done.processingState)
      }),
      { numRuns: 50 },
    )
  })
})
