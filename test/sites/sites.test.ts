import { describe, expect, it } from 'vitest'
import { collect, rejects, setupSites } from '../helpers.ts'

describe('sites.list / sites.get', () => {
  it('lists the sites of an organization with URLs and the caller permissions', async () => {
    const { admin, create, read, demo, sites, platform } = await setupSites()
    const page = await admin.sites.list({ organizationId: demo.acme })
    expect(page.count).toBe(2)
    expect(page.items.map((s) => s.title)).toEqual(['Acme Docs', 'Partner Portal'])
    const docs = page.items[0]!
    expect(docs).toEqual({
      object: 'site',
      id: sites.docs,
      title: 'Acme Docs',
      hostname: 'acme.docplat.site',
      visibility: 'public',
      type: 'basic',
      appliedType: 'basic',
      defaultLevel: 'inherit',
      urls: {
        published: 'https://acme.docplat.site/docs',
        app: `https://app.docplat.dev/o/${demo.acme}/sites/${sites.docs}`,
        location: `${platform.baseUrl}/v1/orgs/${demo.acme}/sites/${sites.docs}`,
        preview: `https://app.docplat.dev/o/${demo.acme}/sites/${sites.docs}/preview`,
      },
      permissions: {
        view: true,
        admin: true,
        access: true,
        edit: true,
        create: true,
        installIntegration: true,
        viewAdaptiveSchema: true,
        editAdaptiveSchema: true,
      },
      published: true,
      createdAt: expect.any(String),
      siteSpaces: 3,
      features: [],
    })
    expect(page.items[1]).toMatchObject({
      id: sites.portal,
      visibility: 'share-link',
      urls: { published: 'https://acme.docplat.site/partners' },
    })

    // Carl administers Acme Docs without being an organization admin; Reed only reads.
    const asCreator = await create.sites.list({ organizationId: demo.acme })
    expect(asCreator.items.map((s) => s.permissions)).toMatchObject([
      { view: true, admin: true },
      { view: true, admin: false },
    ])
    const asReader = await read.sites.list({ organizationId: demo.acme })
    expect(asReader.items.map((s) => s.permissions)).toMatchObject([
      { view: true, admin: false },
      { view: true, admin: false },
    ])
  })

  it('pages through sites, including ones added by the builders', async () => {
    const { admin, demo, platform } = await setupSites()
    const added = await platform.builders.site({ organization: demo.acme, title: 'Acme Docs', visibility: 'unlisted' })
    expect(added.basename).toBe('acme-docs')
    const first = await admin.sites.list({ organizationId: demo.acme, limit: 2 })
    expect(first.count).toBe(3)
    expect(first.items).toHaveLength(2)
    expect(first.next?.page).toBeTypeOf('string')
    const second = await first.getNextPage()
    expect(second.items.map((s) => s.id)).toEqual([added.id])
    expect(second.next).toBeUndefined()
    expect((await collect(admin.sites.list({ organizationId: demo.acme, limit: 1 }))).map((s) => s.title)).toEqual([
      'Acme Docs',
      'Partner Portal',
      'Acme Docs',
    ])
    expect(await admin.sites.get({ organizationId: demo.acme, siteId: added.id })).toMatchObject({
      visibility: 'unlisted',
      urls: { published: 'https://acme.docplat.site/acme-docs' },
    })
  })

  it('reads one site', async () => {
    const { read, guest, demo, sites } = await setupSites()
    expect(await read.sites.get({ organizationId: demo.acme, siteId: sites.portal })).toMatchObject({
      object: 'site',
      id: sites.portal,
      title: 'Partner Portal',
      visibility: 'share-link',
      permissions: { view: true, admin: false },
    })
    // Guests are members: they see the organization's sites.
    expect((await guest.sites.get({ organizationId: demo.acme, siteId: sites.docs })).title).toBe('Acme Docs')
  })

  it('refuses strangers, missing tokens, unknown sites and bad pages', async () => {
    const { admin, outsider, anonymous, demo, sites } = await setupSites()
    await rejects(anonymous.sites.list({ organizationId: demo.acme }), 401)
    await rejects(anonymous.sites.get({ organizationId: demo.acme, siteId: sites.docs }), 401)
    await rejects(outsider.sites.list({ organizationId: demo.acme }), 404, demo.acme)
    await rejects(outsider.sites.get({ organizationId: demo.acme, siteId: sites.docs }), 404)
    await rejects(admin.sites.get({ organizationId: demo.acme, siteId: 'nope' }), 404, 'nope')
    // A site is addressed under its own organization only.
    await rejects(outsider.sites.get({ organizationId: demo.globex, siteId: sites.docs }), 404, sites.docs)
    await rejects(admin.sites.get({ organizationId: demo.acme, siteId: sites.globexDocs }), 404, sites.globexDocs)
    await rejects(admin.sites.list({ organizationId: demo.acme, limit: 0 }), 400, 'query.limit')
    await rejects(admin.sites.list({ organizationId: demo.acme, limit: 1001 }), 400, 'query.limit')
    await rejects(admin.sites.list({ organizationId: demo.acme, page: 'not-a-cursor' }), 400, 'query.page')
    expect((await outsider.sites.list({ organizationId: demo.globex })).items.map((s) => s.title)).toEqual(['Globex Docs'])
  })

  it('drops a site admin who leaves the organization', async () => {
    const { admin, create, demo, sites, platform } = await setupSites()
    await admin.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.create })
    await rejects(create.sites.get({ organizationId: demo.acme, siteId: sites.docs }), 404)
    expect(platform.db.sites.get(sites.docs)!.admins).toEqual([])
    await platform.builders.member(demo.acme, demo.users.create, 'create')
    expect((await create.sites.get({ organizationId: demo.acme, siteId: sites.docs })).permissions).toMatchObject({
      view: true,
      admin: false,
    })
    await rejects(
      create.sites.sections.update({ organizationId: demo.acme, siteId: sites.docs, siteSectionId: sites.guides, title: 'Nope' }),
      403,
    )
  })
})
