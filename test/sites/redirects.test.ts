import { describe, expect, it } from 'vitest'
import { collect, rejects, setupSites } from '../helpers.ts'

describe('sites.redirects', () => {
  it('lists the redirects of a site, oldest first', async () => {
    const { read, demo, sites } = await setupSites()
    const page = await read.sites.redirects.list({ organizationId: demo.acme, siteId: sites.docs })
    expect(page.count).toBe(2)
    expect(page.items.map((r) => [r.object, r.source, r.destination])).toEqual([
      ['site-redirect', '/quickstart', { kind: 'site-section', siteSectionId: sites.guides }],
      ['site-redirect', '/releases', { kind: 'site-section', siteSectionId: sites.changelog }],
    ])
    expect(
      (await collect(read.sites.redirects.list({ organizationId: demo.acme, siteId: sites.docs, limit: 1 }))).map((r) => r.source),
    ).toEqual(['/quickstart', '/releases'])
  })

  it('creates a redirect and resolves it to the published URL of its section', async () => {
    const { create, read, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const created = await create.sites.redirects.create({
      ...site,
      source: '/docs/v1/getting_started.html',
      destination: { kind: 'site-section', siteSectionId: sites.changelog },
    })
    expect(created).toEqual({
      object: 'site-redirect',
      id: created.id,
      source: '/docs/v1/getting_started.html',
      draft: false,
      captureWildcard: false,
      permanent: false,
      destination: { kind: 'site-section', siteSectionId: sites.changelog },
      createdAt: expect.any(String),
    })
    expect((await read.sites.redirects.list(site)).items.map((r) => r.id)).toContain(created.id)
    expect(await read.sites.redirects.resolve({ ...site, source: '/docs/v1/getting_started.html' })).toEqual({
      redirect: created,
      target: 'https://acme.docplat.site/docs/changelog',
    })
    // The target follows the section: a new path moves it.
    await create.sites.sections.update({ ...site, siteSectionId: sites.changelog, path: 'news' })
    expect((await read.sites.redirects.resolve({ ...site, source: '/docs/v1/getting_started.html' })).target).toBe(
      'https://acme.docplat.site/docs/news',
    )
  })

  it('accepts exactly the source pattern of the spec', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const to = { kind: 'site-section' as const, siteSectionId: sites.guides }
    for (const source of ['/a', '/A-z_0.9~', '/caf%C3%A9/menu', '/one/two/three']) {
      expect((await admin.sites.redirects.create({ ...site, source, destination: to })).source).toBe(source)
    }
    for (const source of [
      '',
      'relative',
      '/',
      '/trailing/',
      '//double',
      '/with space',
      '/bad%2',
      '/bad%zz',
      '/caf\u00e9',
      '/query?x=1',
      '/hash#x',
    ]) {
      await rejects(admin.sites.redirects.create({ ...site, source, destination: to }), 400, 'body.source')
    }
    await rejects(admin.sites.redirects.create({ ...site, source: `/${'a'.repeat(2048)}`, destination: to }), 400, 'body.source')
    expect((await admin.sites.redirects.list(site)).count).toBe(6)
  })

  it('keeps one redirect per source and leads only to sections of the same site', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const to = { kind: 'site-section' as const, siteSectionId: sites.guides }
    await rejects(admin.sites.redirects.create({ ...site, source: '/quickstart', destination: to }), 409, '/quickstart')
    await admin.sites.redirects.create({ ...site, source: '/caf%c3%a9', destination: to })
    // %c3 and %C3 are the same octet: the same source.
    await rejects(admin.sites.redirects.create({ ...site, source: '/caf%C3%A9', destination: to }), 409)
    expect((await admin.sites.redirects.resolve({ ...site, source: '/caf%C3%A9' })).redirect.source).toBe('/caf%c3%a9')
    // Other sites may use the same source.
    const other = { organizationId: demo.acme, siteId: sites.portal }
    expect(
      (
        await admin.sites.redirects.create({
          ...other,
          source: '/quickstart',
          destination: { kind: 'site-section', siteSectionId: sites.partnerGuide },
        })
      ).source,
    ).toBe('/quickstart')
    await rejects(
      admin.sites.redirects.create({
        ...site,
        source: '/elsewhere',
        destination: { kind: 'site-section', siteSectionId: sites.partnerGuide },
      }),
      400,
      'body.destination.siteSectionId',
    )
    await rejects(
      admin.sites.redirects.create({ ...site, source: '/elsewhere', destination: { kind: 'site-section', siteSectionId: 'nope' } }),
      400,
      'body.destination.siteSectionId',
    )
    await rejects(
      admin.sites.redirects.create({ ...site, source: '/elsewhere', destination: { kind: 'url', siteSectionId: sites.guides } as never }),
      400,
      'body.destination.kind',
    )
    await rejects(admin.sites.redirects.create({ ...site, source: '/elsewhere' } as never), 400, 'body.destination')
    await rejects(admin.sites.redirects.resolve({ ...site, source: '/elsewhere' }), 404, '/elsewhere')
  })

  it('updates source and destination', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const [quickstart] = (await create.sites.redirects.list(site)).items
    const at = { ...site, siteRedirectId: quickstart!.id }
    expect(await create.sites.redirects.update({ ...at, source: '/start' })).toMatchObject({
      source: '/start',
      destination: { siteSectionId: sites.guides },
    })
    expect(
      await create.sites.redirects.update({ ...at, destination: { kind: 'site-section', siteSectionId: sites.changelog } }),
    ).toMatchObject({ source: '/start', destination: { siteSectionId: sites.changelog } })
    expect((await create.sites.redirects.resolve({ ...site, source: '/start' })).target).toBe('https://acme.docplat.site/docs/changelog')
    await rejects(create.sites.redirects.resolve({ ...site, source: '/quickstart' }), 404)
    expect((await create.sites.redirects.update({ ...at, source: '/start' })).source).toBe('/start')
    await rejects(create.sites.redirects.update({ ...at, source: '/releases' }), 409, '/releases')
    await rejects(create.sites.redirects.update({ ...at, source: 'start' }), 400, 'body.source')
    await rejects(
      create.sites.redirects.update({ ...at, source: '/other', destination: { kind: 'site-section', siteSectionId: sites.partnerGuide } }),
      400,
      'body.destination.siteSectionId',
    )
    expect((await create.sites.redirects.list(site)).items[0]).toMatchObject({
      source: '/start',
      destination: { siteSectionId: sites.changelog },
    })
    await rejects(create.sites.redirects.update({ ...at, siteRedirectId: 'missing', source: '/x' }), 404, 'missing')
  })

  it('deletes a redirect', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const [quickstart] = (await create.sites.redirects.list(site)).items
    await create.sites.redirects.delete({ ...site, siteRedirectId: quickstart!.id })
    expect((await create.sites.redirects.list(site)).items.map((r) => r.source)).toEqual(['/releases'])
    await rejects(create.sites.redirects.resolve({ ...site, source: '/quickstart' }), 404)
    await rejects(create.sites.redirects.delete({ ...site, siteRedirectId: quickstart!.id }), 404)
  })

  it('resolves with a share key on a share-link site', async () => {
    const { read, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.portal }
    expect((await read.sites.redirects.resolve({ ...site, source: '/onboarding', shareKey: sites.activeKey })).target).toBe(
      `https://acme.docplat.site/partners/partner-guide?share=${sites.activeKey}`,
    )
    expect((await read.sites.redirects.resolve({ ...site, source: '/onboarding', shareKey: sites.inactiveKey })).target).toBe(
      'https://acme.docplat.site/partners/partner-guide',
    )
    await rejects(read.sites.redirects.resolve({ ...site, source: 'onboarding' }), 400, 'query.source')
    await rejects(read.sites.redirects.resolve({ ...site } as never), 400, 'query.source')
  })

  it('lets members read, site and organization admins change, nobody else', async () => {
    const { read, create, outsider, anonymous, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const to = { kind: 'site-section' as const, siteSectionId: sites.guides }
    const [quickstart] = (await read.sites.redirects.list(site)).items
    const at = { ...site, siteRedirectId: quickstart!.id }
    await rejects(read.sites.redirects.create({ ...site, source: '/x', destination: to }), 403)
    await rejects(read.sites.redirects.update({ ...at, source: '/x' }), 403)
    await rejects(read.sites.redirects.delete(at), 403)
    await rejects(
      create.sites.redirects.create({
        organizationId: demo.acme,
        siteId: sites.portal,
        source: '/x',
        destination: { kind: 'site-section', siteSectionId: sites.partnerGuide },
      }),
      403,
    )
    await rejects(outsider.sites.redirects.list(site), 404)
    await rejects(outsider.sites.redirects.resolve({ ...site, source: '/quickstart' }), 404)
    await rejects(outsider.sites.redirects.delete(at), 404)
    await rejects(anonymous.sites.redirects.list(site), 401)
    await rejects(anonymous.sites.redirects.resolve({ ...site, source: '/quickstart' }), 401)
    await rejects(anonymous.sites.redirects.create({ ...site, source: '/x', destination: to }), 401)
    expect((await read.sites.redirects.list(site)).count).toBe(2)
  })
})
