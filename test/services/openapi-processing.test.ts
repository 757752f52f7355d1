import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'

/** A minimal valid OpenAPI 3.0 document. */
const doc = (version = '1.0.0') => ({
  openapi: '3.0.3',
  info: { title: 'Orders', version },
  paths: { '/orders': { get: { responses: { '200': { description: 'ok' } } } } },
})

async function frozen() {
  const ctx = await setup({ freeze: true })
  const organizationId = ctx.demo.acme
  const get = (specSlug: string) => ctx.admin.orgs.openapi.get({ organizationId, specSlug })
  const put = (specSlug: string, url: string) => ctx.admin.orgs.openapi.put({ organizationId, specSlug, source: { url } })
  return { ...ctx, organizationId, get, put }
}

describe('OpenAPI processing on the platform clock', () => {
  it('moves pending → progress (2 s) → complete (10 s), setting lastProcessedAt and lastVersion', async () => {
    const { platform, admin, organizationId, get } = await frozen()
    const start = platform.clock.ms()
    await admin.orgs.openapi.create({ organizationId, slug: 'orders', source: { url: 'https://orders.example.com/openapi.json' } })
    platform.clock.advance(1_999)
    expect((await get('orders')).processingState).toBe('pending')
    platform.clock.advance(1)
    expect((await get('orders')).processingState).toBe('progress')
    platform.clock.advance('7999ms')
    const still = await get('orders')
    expect(still.processingState).toBe('progress')
    expect(still).not.toHaveProperty('lastVersion')
    platform.clock.advance(1)
    const done = await get('orders')
    expect(done).toMatchObject({ processingState: 'complete', lastProcessedAt: new Date(start + 10_000).toISOString() })
    expect(done.lastVersion).toMatch(/^\w{20}$/)
    expect(done).not.toHaveProperty('lastProcessErrorCode')
    expect(done.updatedAt).toBe(done.createdAt)
    expect((await admin.orgs.openapi.list({ organizationId })).items[2]).toEqual(done)
  })

  it('reveals the outcome at its own instant however late the clock is read', async () => {
    const { platform, organizationId, admin, get } = await frozen()
    const start = platform.clock.ms()
    await admin.orgs.openapi.create({ organizationId, slug: 'late', source: { url: 'https://nowhere.acme.test/spec.json' } })
    platform.clock.advance('3d')
    expect(await get('late')).toMatchObject({
      processingState: 'failed',
      lastProcessErrorCode: 'FETCH_FAILED',
      lastProcessedAt: new Date(start + 10_000).toISOString(),
    })
  })

  it('reads registered fixtures: documents and JSON text complete, anything else is a PARSE_ERROR', async () => {
    const { platform, put, get } = await frozen()
    const fixtures: Record<string, unknown> = {
      object: doc(),
      'json-text': JSON.stringify(doc()),
      bytes: new TextEncoder().encode(JSON.stringify(doc())),
      swagger: { swagger: '2.0', info: { title: 'Legacy', version: '1' }, paths: {} },
      'webhooks-only': { openapi: '3.1.0', info: { title: 'Hooks', version: '1' }, webhooks: { ping: {} } },
      'not-json': '{ "openapi": ',
      yaml: 'openapi: 3.0.3\ninfo:\n  title: Orders\n',
      html: '<html><body>Not found</body></html>',
      'not-openapi': { hello: 'world' },
      'no-info': { openapi: '3.0.3', paths: {} },
      'no-paths': { openapi: '3.0.3', info: { title: 'x', version: '1' } },
      future: { openapi: '4.0.0', info: { title: 'x', version: '1' }, paths: {} },
      'old-swagger': { swagger: '1.2', info: { title: 'x', version: '1' }, paths: {} },
      array: [doc()],
      number: 42,
    }
    for (const [slug, content] of Object.entries(fixtures)) {
      platform.imports.register(`https://specs.acme.test/${slug}.json`, content)
      await put(slug, `https://specs.acme.test/${slug}.json`)
    }
    platform.clock.advance('10s')
    const outcome = async (slug: string) => {
      const spec = await get(slug)
      return spec.processingState === 'complete' ? 'complete' : spec.lastProcessErrorCode
    }
    for (const slug of ['object', 'json-text', 'bytes', 'swagger', 'webhooks-only'])
      expect([slug, await outcome(slug)]).toEqual([slug, 'complete'])
    for (const slug of ['not-json', 'yaml', 'html', 'not-openapi', 'no-info', 'no-paths', 'future', 'old-swagger', 'array', 'number']) {
      expect([slug, await outcome(slug)]).toEqual([slug, 'PARSE_ERROR'])
    }
  })

  it('fetches nothing from the internet: unregistered URLs fail with FETCH_FAILED, example domains serve a document', async () => {
    const { platform, put, get } = await frozen()
    await put('real-host', 'https://petstore3.swagger.io/api/v3/openapi.json')
    await put('example', 'https://docs.example.org/v2/inventory.json')
    platform.clock.advance('10s')
    expect(await get('real-host')).toMatchObject({ processingState: 'failed', lastProcessErrorCode: 'FETCH_FAILED' })
    expect(await get('example')).toMatchObject({ processingState: 'complete' })
  })

  it('resolves the source when the request arrives: a fixture registered later serves the next run', async () => {
    const { platform, put, get } = await frozen()
    const url = 'https://specs.acme.test/orders.json'
    await put('orders', url)
    platform.imports.register(url, doc())
    platform.clock.advance('10s')
    expect(await get('orders')).toMatchObject({ processingState: 'failed', lastProcessErrorCode: 'FETCH_FAILED' })
    await put('orders', url)
    platform.clock.advance('10s')
    const fixed = await get('orders')
    expect(fixed.processingState).toBe('complete')
    expect(fixed).not.toHaveProperty('lastProcessErrorCode')
  })

  it('makes a new version only when the content changes, and keeps the last good version through a failure', async () => {
    const { platform, put, get } = await frozen()
    const url = 'https://specs.acme.test/orders.json'
    platform.imports.register(url, doc('1.0.0'))
    await put('orders', url)
    platform.clock.advance('10s')
    const v1 = (await get('orders')).lastVersion!

    // Same document, keys in another order: same content, same version.
    platform.imports.register(url, { paths: doc().paths, info: { version: '1.0.0', title: 'Orders' }, openapi: '3.0.3' })
    await put('orders', url)
    platform.clock.advance('10s')
    expect((await get('orders')).lastVersion).toBe(v1)

    platform.imports.register(url, doc('1.1.0'))
    const running = await put('orders', url)
    expect(running).toMatchObject({ processingState: 'pending', lastVersion: v1 })
    platform.clock.advance('10s')
    const v2 = (await get('orders')).lastVersion!
    expect(v2).not.toBe(v1)

    platform.imports.register(url, 'garbage')
    await put('orders', url)
    platform.clock.advance('10s')
    const broken = await get('orders')
    expect(broken).toMatchObject({ processingState: 'failed', lastProcessErrorCode: 'PARSE_ERROR', lastVersion: v2 })

    platform.imports.register(url, doc('1.1.0'))
    await put('orders', url)
    expect(await get('orders')).toMatchObject({ processingState: 'pending', lastProcessErrorCode: 'PARSE_ERROR' })
    platform.clock.advance('10s')
    const recovered = await get('orders')
    expect(recovered).toMatchObject({ processingState: 'complete', lastVersion: v2 })
    expect(recovered).not.toHaveProperty('lastProcessErrorCode')
  })

  it('lets a new run replace one in flight', async () => {
    const { platform, put, get } = await frozen()
    await put('orders', 'https://nowhere.acme.test/a.json')
    platform.clock.advance('5s')
    expect((await get('orders')).processingState).toBe('progress')
    await put('orders', 'https://orders.example.com/b.json')
    expect((await get('orders')).processingState).toBe('pending')
    platform.clock.advance('5s')
    // The first run would have failed now; it was replaced.
    expect((await get('orders')).processingState).toBe('progress')
    platform.clock.advance('5s')
    expect(await get('orders')).toMatchObject({ processingState: 'complete', sourceURL: 'https://orders.example.com/b.json' })
  })

  it('moves many runs independently, each on its own schedule', async () => {
    const { platform, put, get, admin, organizationId } = await frozen()
    await put('first', 'https://first.example.com/openapi.json')
    platform.clock.advance('5s')
    await put('second', 'https://second.example.com/openapi.json')
    platform.clock.advance('2s')
    expect([(await get('first')).processingState, (await get('second')).processingState]).toEqual(['progress', 'progress'])
    platform.clock.advance('3s')
    expect([(await get('first')).processingState, (await get('second')).processingState]).toEqual(['complete', 'progress'])
    platform.clock.advance('5s')
    const states = (await admin.orgs.openapi.list({ organizationId })).items.map((s) => s.processingState)
    expect(states).toEqual(['complete', 'failed', 'complete', 'complete'])
  })

  it('moves on real time too when the clock is not frozen', async () => {
    const { platform, admin, demo } = await setup()
    await admin.orgs.openapi.create({ organizationId: demo.acme, slug: 'live', source: { url: 'https://live.example.com/openapi.json' } })
    platform.clock.advance('10s')
    expect((await admin.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'live' })).processingState).toBe('complete')
  })

  it('keeps runs in flight through a snapshot and its JSON round trip', async () => {
    const { platform, put, get } = await frozen()
    await put('orders', 'https://orders.example.com/openapi.json')
    platform.clock.advance('3s')
    const snapshot = JSON.parse(JSON.stringify(platform.snapshot()))
    platform.clock.advance('10s')
    expect((await get('orders')).processingState).toBe('complete')
    await platform.restore(snapshot)
    expect((await get('orders')).processingState).toBe('progress')
    platform.clock.advance('7s')
    expect((await get('orders')).processingState).toBe('complete')
  })

  it('builds specifications in any state for tests', async () => {
    const { platform, get, organizationId } = await frozen()
    await platform.builders.openAPISpec({ organization: organizationId, slug: 'timeout', errorCode: 'FETCH_TIMEOUT' })
    await platform.builders.openAPISpec({ organization: organizationId, slug: 'queued', processed: false })
    await platform.builders.openAPISpec({
      organization: organizationId,
      slug: 'given',
      sourceURL: 'https://specs.acme.test/x.json',
      content: doc(),
    })
    expect(await get('timeout')).toMatchObject({
      processingState: 'failed',
      lastProcessErrorCode: 'FETCH_TIMEOUT',
      sourceURL: 'https://timeout.example.com/openapi.json',
    })
    expect(await get('queued')).toMatchObject({ processingState: 'pending' })
    expect(await get('given')).toMatchObject({ processingState: 'complete' })
    platform.clock.advance('10s')
    expect((await get('queued')).processingState).toBe('complete')
  })
})
