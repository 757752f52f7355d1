import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { rejects } from './support.ts'

const API = 'https://api.docplat.dev'
const APP = 'https://app.docplat.dev'
const source = (url = 'https://shop.example.com/openapi.json') => ({ url })

describe('orgs.openapi.list', () => {
  it('lists the demo specifications: one processed, one whose source could not be fetched', async () => {
    const { admin, read, demo } = await setup()
    const page = await admin.orgs.openapi.list({ organizationId: demo.acme })
    expect(page.count).toBe(2)
    const [petstore, billing] = page.items
    expect(petstore).toMatchObject({
      object: 'openapi-spec',
      slug: 'petstore',
      sourceURL: 'https://api.example.com/openapi/petstore.json',
      processingState: 'complete',
      permissions: { view: true, edit: true },
      urls: { location: `${API}/v1/orgs/${demo.acme}/openapi/petstore`, app: `${APP}/o/${demo.acme}/openapi/petstore` },
    })
    expect(petstore!.lastVersion).toMatch(/^\w{20}$/)
    expect(petstore!.lastProcessedAt).toBeDefined()
    expect(petstore!.lastProcessErrorCode).toBeUndefined()
    expect(billing).toMatchObject({ slug: 'billing', processingState: 'failed', lastProcessErrorCode: 'FETCH_FAILED' })
    expect(billing!.lastVersion).toBeUndefined()
    const asReader = await read.orgs.openapi.list({ organizationId: demo.acme })
    expect(asReader.items.map((s) => s.permissions)).toEqual([
      { view: true, edit: false },
      { view: true, edit: false },
    ])
  })

  it('pages with a cursor; refuses bad limits, guests (403), strangers (404), anonymous callers (401)', async () => {
    const { admin, guest, outsider, anonymous, demo } = await setup()
    const first = await admin.orgs.openapi.list({ organizationId: demo.acme, limit: 1 })
    expect(first.items.map((s) => s.slug)).toEqual(['petstore'])
    expect((await first.getNextPage()).items.map((s) => s.slug)).toEqual(['billing'])
    await rejects(admin.orgs.openapi.list({ organizationId: demo.acme, limit: 0 }), BadRequestError, 'query.limit')
    await rejects(guest.orgs.openapi.list({ organizationId: demo.acme }), PermissionDeniedError, 'view')
    await rejects(outsider.orgs.openapi.list({ organizationId: demo.acme }), NotFoundError)
    await rejects(anonymous.orgs.openapi.list({ organizationId: demo.acme }), AuthenticationError)
  })
})

describe('orgs.openapi.create', () => {
  it('creates a pending specification (201) that get and list then show', async () => {
    const { create, demo } = await setup({ freeze: true })
    const { data, response } = await create.orgs.openapi
      .create({ organizationId: demo.acme, slug: 'shop-api-2', source: source() })
      .withResponse()
    expect(response.status).toBe(201)
    expect(data).toMatchObject({
      object: 'openapi-spec',
      slug: 'shop-api-2',
      sourceURL: 'https://shop.example.com/openapi.json',
      processingState: 'pending',
      permissions: { view: true, edit: true },
      urls: { location: `${API}/v1/orgs/${demo.acme}/openapi/shop-api-2` },
    })
    expect(data.createdAt).toBe(data.updatedAt)
    for (const field of ['lastVersion', 'lastProcessedAt', 'lastProcessErrorCode']) expect(data).not.toHaveProperty(field)
    expect(await create.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'shop-api-2' })).toEqual(data)
    const list = await create.orgs.openapi.list({ organizationId: demo.acme })
    expect(list.items.map((s) => s.slug)).toEqual(['petstore', 'billing', 'shop-api-2'])
  })

  it('keeps slugs unique per organization (409), not across organizations', async () => {
    const { admin, outsider, demo } = await setup()
    await rejects(admin.orgs.openapi.create({ organizationId: demo.acme, slug: 'petstore', source: source() }), ConflictError, 'petstore')
    const elsewhere = await outsider.orgs.openapi.create({ organizationId: demo.globex, slug: 'petstore', source: source() })
    expect(elsewhere.slug).toBe('petstore')
    const acme = await admin.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'petstore' })
    expect(acme.id).not.toBe(elsewhere.id)
    expect(acme.processingState).toBe('complete')
  })

  it('holds the slug to its pattern and 100 characters, and the source to an http(s) URL', async () => {
    const { admin, demo } = await setup()
    const organizationId = demo.acme
    for (const slug of ['', 'Petstore', 'pet_store', 'pet--store', '-pet', 'pet-', 'pet store', 'pét']) {
      await rejects(admin.orgs.openapi.create({ organizationId, slug, source: source() }), BadRequestError, 'body.slug')
    }
    await rejects(admin.orgs.openapi.create({ organizationId, slug: 'a'.repeat(101), source: source() }), BadRequestError, 'body.slug')
    for (const url of ['not a url', 'ftp://example.com/spec.json', 'example.com/spec.json', `https://example.com/${'a'.repeat(2040)}`]) {
      await rejects(admin.orgs.openapi.create({ organizationId, slug: 'ok', source: { url } }), BadRequestError, 'body.source.url')
    }
    await rejects(admin.orgs.openapi.create({ organizationId, slug: 'ok' } as never), BadRequestError, 'body.source')
    expect((await admin.orgs.openapi.list({ organizationId })).count).toBe(2)
    const longest = await admin.orgs.openapi.create({ organizationId, slug: `${'a'.repeat(49)}-${'0'.repeat(50)}`, source: source() })
    expect(longest.slug).toHaveLength(100)
  })

  it('needs the createOpenAPISpec permission', async () => {
    const { admin, review, guest, outsider, anonymous, demo } = await setup()
    const body = { organizationId: demo.acme, slug: 'nope', source: source() }
    await rejects(review.orgs.openapi.create(body), PermissionDeniedError, 'createOpenAPISpec')
    await rejects(guest.orgs.openapi.create(body), PermissionDeniedError, 'createOpenAPISpec')
    await rejects(outsider.orgs.openapi.create(body), NotFoundError)
    await rejects(anonymous.orgs.openapi.create(body), AuthenticationError)
    await rejects(admin.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'nope' }), NotFoundError)
  })
})

describe('orgs.openapi.get', () => {
  it('finds a specification by slug; unknown slugs, guests and strangers get 404', async () => {
    const { edit, guest, outsider, anonymous, demo } = await setup()
    const spec = await edit.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'billing' })
    expect(spec).toMatchObject({ slug: 'billing', processingState: 'failed', permissions: { view: true, edit: false } })
    await rejects(edit.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'missing' }), NotFoundError, 'missing')
    await rejects(edit.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'Not-A-Slug' }), BadRequestError, 'path.specSlug')
    await rejects(guest.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'billing' }), NotFoundError)
    await rejects(outsider.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'billing' }), NotFoundError)
    await rejects(anonymous.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'billing' }), AuthenticationError)
  })
})

describe('orgs.openapi.put', () => {
  it('creates with 201 when the slug is new, updates with 200 when it exists, and restarts processing', async () => {
    const { platform, create, demo } = await setup({ freeze: true })
    const organizationId = demo.acme
    const created = await create.orgs.openapi.put({ organizationId, specSlug: 'orders', source: source() }).withResponse()
    expect(created.response.status).toBe(201)
    expect(created.data).toMatchObject({ slug: 'orders', processingState: 'pending', sourceURL: 'https://shop.example.com/openapi.json' })

    const before = await create.orgs.openapi.get({ organizationId, specSlug: 'petstore' })
    platform.clock.advance('1m')
    const updated = await create.orgs.openapi
      .put({ organizationId, specSlug: 'petstore', source: source('https://pets.example.com/v2.json') })
      .withResponse()
    expect(updated.response.status).toBe(200)
    expect(updated.data).toMatchObject({
      id: before.id,
      createdAt: before.createdAt,
      sourceURL: 'https://pets.example.com/v2.json',
      processingState: 'pending',
      // What the last finished run left stays until the new one finishes.
      lastVersion: before.lastVersion,
      lastProcessedAt: before.lastProcessedAt,
    })
    expect(updated.data.updatedAt! > before.updatedAt!).toBe(true)
    expect(await create.orgs.openapi.get({ organizationId, specSlug: 'petstore' })).toEqual(updated.data)
    expect((await create.orgs.openapi.list({ organizationId })).count).toBe(3)
  })

  it('restarts processing even when the source URL is the same', async () => {
    const { admin, demo } = await setup({ freeze: true })
    const failed = await admin.orgs.openapi.get({ organizationId: demo.acme, specSlug: 'billing' })
    const again = await admin.orgs.openapi.put({ organizationId: demo.acme, specSlug: 'billing', source: { url: failed.sourceURL! } })
    expect(again).toMatchObject({ processingState: 'pending', lastProcessErrorCode: 'FETCH_FAILED', sourceURL: failed.sourceURL })
  })

  it('refuses bad slugs and URLs, roles without createOpenAPISpec, strangers and anonymous callers', async () => {
    const { admin, edit, guest, outsider, anonymous, demo } = await setup()
    const organizationId = demo.acme
    await rejects(admin.orgs.openapi.put({ organizationId, specSlug: 'Bad_Slug', source: source() }), BadRequestError, 'path.specSlug')
    await rejects(admin.orgs.openapi.put({ organizationId, specSlug: 'a'.repeat(101), source: source() }), BadRequestError, 'path.specSlug')
    await rejects(
      admin.orgs.openapi.put({ organizationId, specSlug: 'petstore', source: { url: 'mailto:a@b.c' } }),
      BadRequestError,
      'body.source.url',
    )
    await rejects(admin.orgs.openapi.put({ organizationId, specSlug: 'petstore' } as never), BadRequestError, 'body.source')
    await rejects(
      edit.orgs.openapi.put({ organizationId, specSlug: 'petstore', source: source() }),
      PermissionDeniedError,
      'createOpenAPISpec',
    )
    await rejects(
      edit.orgs.openapi.put({ organizationId, specSlug: 'brand-new', source: source() }),
      PermissionDeniedError,
      'createOpenAPISpec',
    )
    await rejects(guest.orgs.openapi.put({ organizationId, specSlug: 'petstore', source: source() }), PermissionDeniedError)
    await rejects(outsider.orgs.openapi.put({ organizationId, specSlug: 'petstore', source: source() }), NotFoundError)
    await rejects(anonymous.orgs.openapi.put({ organizationId, specSlug: 'petstore', source: source() }), AuthenticationError)
    const list = await admin.orgs.openapi.list({ organizationId })
    expect(list.items.map((s) => [s.slug, s.processingState, s.sourceURL])).toEqual([
      ['petstore', 'complete', 'https://api.example.com/openapi/petstore.json'],
      ['billing', 'failed', 'https://billing.acme.test/openapi.json'],
    ])
  })
})

describe('orgs.openapi.delete', () => {
  it('deletes (205): gone from get and list, the slug free again', async () => {
    const { admin, create, demo } = await setup()
    const organizationId = demo.acme
    const response = await create.orgs.openapi.delete({ organizationId, specSlug: 'petstore' }).asResponse()
    expect(response.status).toBe(205)
    await rejects(admin.orgs.openapi.get({ organizationId, specSlug: 'petstore' }), NotFoundError)
    expect((await admin.orgs.openapi.list({ organizationId })).items.map((s) => s.slug)).toEqual(['billing'])
    await rejects(admin.orgs.openapi.delete({ organizationId, specSlug: 'petstore' }), NotFoundError)
    const again = await admin.orgs.openapi.create({ organizationId, slug: 'petstore', source: source() })
    expect(again).toMatchObject({ processingState: 'pending' })
    expect(again).not.toHaveProperty('lastVersion')
  })

  it('refuses roles without createOpenAPISpec (403), guests and strangers (404), anonymous callers (401)', async () => {
    const { admin, comment, guest, outsider, anonymous, demo } = await setup()
    const id = { organizationId: demo.acme, specSlug: 'petstore' }
    await rejects(comment.orgs.openapi.delete(id), PermissionDeniedError, 'edit')
    await rejects(guest.orgs.openapi.delete(id), NotFoundError)
    await rejects(outsider.orgs.openapi.delete(id), NotFoundError)
    await rejects(anonymous.orgs.openapi.delete(id), AuthenticationError)
    await rejects(admin.orgs.openapi.delete({ ...id, specSlug: 'Bad' }), BadRequestError, 'path.specSlug')
    expect((await admin.orgs.openapi.get(id)).processingState).toBe('complete')
  })
})
