import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { rejects } from './support.ts'

const API = 'https://api.docplat.dev'

describe('orgs.translations.list', () => {
  it('lists the demo translation settings with each caller’s permissions', async () => {
    const { admin, read, demo } = await setup()
    const page = await admin.orgs.translations.list({ organizationId: demo.acme })
    expect(page.count).toBe(1)
    expect(page.next).toBeUndefined()
    const [item] = page.items
    expect(item).toMatchObject({
      object: 'translation-settings',
      title: 'European languages',
      languages: ['fr', 'de', 'es', 'pt-BR'],
      permissions: { view: true, edit: true },
      urls: { location: `${API}/v1/orgs/${demo.acme}/translations/${item!.id}` },
    })
    expect(item!.createdAt).toBe(item!.updatedAt)
    const asReader = await read.orgs.translations.list({ organizationId: demo.acme })
    expect(asReader.items[0]!.permissions).toEqual({ view: true, edit: false })
  })

  it('pages with a cursor and refuses bad limits and foreign cursors', async () => {
    const { platform, admin, demo } = await setup()
    for (const title of ['Asia', 'Americas']) await platform.builders.translation({ organization: demo.acme, title })
    const first = await admin.orgs.translations.list({ organizationId: demo.acme, limit: 2 })
    expect(first.items.map((t) => t.title)).toEqual(['European languages', 'Asia'])
    expect(first.count).toBe(3)
    const second = await first.getNextPage()
    expect(second.items.map((t) => t.title)).toEqual(['Americas'])
    expect(second.hasNextPage()).toBe(false)
    const titles: string[] = []
    for await (const t of admin.orgs.translations.list({ organizationId: demo.acme, limit: 1 })) titles.push(t.title)
    expect(titles).toEqual(['European languages', 'Asia', 'Americas'])
    await rejects(admin.orgs.translations.list({ organizationId: demo.acme, limit: 0 }), BadRequestError, 'query.limit')
    await rejects(admin.orgs.translations.list({ organizationId: demo.acme, limit: 1001 }), BadRequestError, 'query.limit')
    await rejects(admin.orgs.translations.list({ organizationId: demo.acme, page: 'bm9wZQ' }), BadRequestError, 'query.page')
  })

  it('refuses guests (403), strangers (404) and anonymous callers (401)', async () => {
    const { guest, outsider, anonymous, demo } = await setup()
    await rejects(guest.orgs.translations.list({ organizationId: demo.acme }), PermissionDeniedError, 'view')
    await rejects(outsider.orgs.translations.list({ organizationId: demo.acme }), NotFoundError)
    await rejects(anonymous.orgs.translations.list({ organizationId: demo.acme }), AuthenticationError)
  })
})

describe('orgs.translations.create', () => {
  it('creates settings with canonical, de-duplicated languages (201) and lists them', async () => {
    const { platform, create, demo } = await setup({ freeze: true })
    const { data, response } = await create.orgs.translations
      .create({ organizationId: demo.acme, title: 'Worldwide', languages: ['FR-ca', 'fr-CA', 'zh-hant-tw', 'es-419', 'EN'] })
      .withResponse()
    expect(response.status).toBe(201)
    expect(data).toMatchObject({
      object: 'translation-settings',
      title: 'Worldwide',
      languages: ['fr-CA', 'zh-Hant-TW', 'es-419', 'en'],
      permissions: { view: true, edit: true },
      urls: { location: `${API}/v1/orgs/${demo.acme}/translations/${data.id}` },
    })
    expect(Date.parse(data.createdAt)).toBeGreaterThanOrEqual(platform.clock.ms())
    expect(data.updatedAt).toBe(data.createdAt)
    expect(await create.orgs.translations.get({ organizationId: demo.acme, translationSettingsId: data.id })).toEqual(data)
    const list = await create.orgs.translations.list({ organizationId: demo.acme })
    expect(list.count).toBe(2)
    expect(list.items[1]).toEqual(data)
  })

  it('takes a title alone (no languages yet)', async () => {
    const { admin, demo } = await setup()
    const created = await admin.orgs.translations.create({ organizationId: demo.acme, title: 'T' })
    expect(created.languages).toEqual([])
  })

  it('holds the title to 1..100 characters and languages to language tags, at most 100', async () => {
    const { admin, demo } = await setup()
    const organizationId = demo.acme
    await rejects(admin.orgs.translations.create({ organizationId, title: '' }), BadRequestError, 'body.title')
    await rejects(admin.orgs.translations.create({ organizationId, title: 'x'.repeat(101) }), BadRequestError, 'body.title')
    await rejects(admin.orgs.translations.create({ organizationId } as never), BadRequestError, 'body.title: is required')
    await rejects(
      admin.orgs.translations.create({ organizationId, title: 'L', languages: ['en', 'english'] }),
      BadRequestError,
      'body.languages.1',
    )
    for (const bad of ['fr_CA', 'f', 'fr-', 'fr-CAN1', '12', 'en-US-x']) {
      await rejects(admin.orgs.translations.create({ organizationId, title: 'L', languages: [bad] }), BadRequestError, 'body.languages.0')
    }
    await rejects(
      admin.orgs.translations.create({ organizationId, title: 'L', languages: 'en' as never }),
      BadRequestError,
      'body.languages',
    )
    const codes = Array.from({ length: 101 }, (_, i) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)))
    await rejects(admin.orgs.translations.create({ organizationId, title: 'L', languages: codes }), BadRequestError, 'body.languages')
    expect((await admin.orgs.translations.list({ organizationId })).count).toBe(1)

    const longest = await admin.orgs.translations.create({ organizationId, title: 'x'.repeat(100), languages: codes.slice(0, 100) })
    expect(longest.title).toHaveLength(100)
    expect(longest.languages).toHaveLength(100)
  })

  it('needs the createContent permission', async () => {
    const { edit, guest, outsider, anonymous, admin, demo } = await setup()
    const body = { organizationId: demo.acme, title: 'Nope' }
    await rejects(edit.orgs.translations.create(body), PermissionDeniedError, 'createContent')
    await rejects(guest.orgs.translations.create(body), PermissionDeniedError)
    await rejects(outsider.orgs.translations.create(body), NotFoundError)
    await rejects(anonymous.orgs.translations.create(body), AuthenticationError)
    expect((await admin.orgs.translations.list({ organizationId: demo.acme })).count).toBe(1)
  })
})

describe('orgs.translations.get / update / delete', () => {
  async function withTranslation() {
    const ctx = await setup({ freeze: true })
    const t = (await ctx.admin.orgs.translations.list({ organizationId: ctx.demo.acme })).items[0]!
    return { ...ctx, id: { organizationId: ctx.demo.acme, translationSettingsId: t.id }, t }
  }

  it('gets one by ID; unknown IDs and other organizations are 404', async () => {
    const { admin, read, outsider, guest, anonymous, id, t, demo } = await withTranslation()
    expect(await read.orgs.translations.get(id)).toEqual({ ...t, permissions: { view: true, edit: false } })
    await rejects(admin.orgs.translations.get({ ...id, translationSettingsId: 'missing' }), NotFoundError, 'missing')
    await rejects(outsider.orgs.translations.get({ ...id, organizationId: demo.globex }), NotFoundError)
    await rejects(outsider.orgs.translations.get(id), NotFoundError)
    await rejects(guest.orgs.translations.get(id), NotFoundError)
    await rejects(anonymous.orgs.translations.get(id), AuthenticationError)
  })

  it('replaces the title, keeps omitted languages, and moves updatedAt only on change', async () => {
    const { platform, admin, id, t } = await withTranslation()
    platform.clock.advance('1h')
    const renamed = await admin.orgs.translations.update({ ...id, title: 'Europe' })
    expect(renamed).toMatchObject({ title: 'Europe', languages: t.languages, createdAt: t.createdAt })
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThanOrEqual(platform.clock.ms())
    expect(renamed.updatedAt > t.updatedAt).toBe(true)
    const relanguaged = await admin.orgs.translations.update({ ...id, title: 'Europe', languages: ['it', 'NL-be'] })
    expect(relanguaged.languages).toEqual(['it', 'nl-BE'])
    expect(relanguaged.updatedAt > renamed.updatedAt).toBe(true)
    platform.clock.advance('1h')
    const same = await admin.orgs.translations.update({ ...id, title: 'Europe', languages: ['IT', 'nl-BE'] })
    expect(same.updatedAt).toBe(relanguaged.updatedAt)
    const cleared = await admin.orgs.translations.update({ ...id, title: 'Europe', languages: [] })
    expect(cleared.languages).toEqual([])
    expect(await admin.orgs.translations.get(id)).toEqual(cleared)
  })

  it('refuses bad bodies, other roles and unknown IDs without changing anything', async () => {
    const { admin, review, guest, outsider, anonymous, id, t } = await withTranslation()
    await rejects(admin.orgs.translations.update({ ...id, title: '' }), BadRequestError, 'body.title')
    await rejects(admin.orgs.translations.update({ ...id, title: 'x'.repeat(101) }), BadRequestError, 'body.title')
    await rejects(admin.orgs.translations.update({ ...id, languages: ['en'] } as never), BadRequestError, 'body.title: is required')
    await rejects(admin.orgs.translations.update({ ...id, title: 'Ok', languages: ['en', 'xx-'] }), BadRequestError, 'body.languages.1')
    await rejects(review.orgs.translations.update({ ...id, title: 'Nope' }), PermissionDeniedError, 'edit')
    await rejects(guest.orgs.translations.update({ ...id, title: 'Nope' }), NotFoundError)
    await rejects(outsider.orgs.translations.update({ ...id, title: 'Nope' }), NotFoundError)
    await rejects(anonymous.orgs.translations.update({ ...id, title: 'Nope' }), AuthenticationError)
    await rejects(admin.orgs.translations.update({ ...id, translationSettingsId: 'missing', title: 'Nope' }), NotFoundError)
    expect(await admin.orgs.translations.get(id)).toEqual(t)
  })

  it('deletes (205): gone from get and list; a second delete is 404', async () => {
    const { admin, create, read, guest, outsider, anonymous, id } = await withTranslation()
    await rejects(read.orgs.translations.delete(id), PermissionDeniedError, 'edit')
    await rejects(guest.orgs.translations.delete(id), NotFoundError)
    await rejects(outsider.orgs.translations.delete(id), NotFoundError)
    await rejects(anonymous.orgs.translations.delete(id), AuthenticationError)
    expect((await admin.orgs.translations.list({ organizationId: id.organizationId })).count).toBe(1)
    const response = await create.orgs.translations.delete(id).asResponse()
    expect(response.status).toBe(205)
    await rejects(admin.orgs.translations.get(id), NotFoundError)
    expect((await admin.orgs.translations.list({ organizationId: id.organizationId })).count).toBe(0)
    await rejects(admin.orgs.translations.delete(id), NotFoundError)
  })
})
