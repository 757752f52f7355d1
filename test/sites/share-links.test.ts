import { describe, expect, it } from 'vitest'
import { collect, rejects, setupSites } from '../helpers.ts'

const keyOf = (url: string | undefined) => new URL(url!).searchParams.get('share')

describe('sites.shareLinks', () => {
  it('lists share links with URLs carrying their keys', async () => {
    const { admin, demo, sites } = await setupSites()
    const page = await admin.sites.shareLinks.list({ organizationId: demo.acme, siteId: sites.portal })
    expect(page.count).toBe(2)
    expect(page.items.map((l) => [l.object, l.name, l.active, l.urls?.published])).toEqual([
      ['share-link', 'Launch partners', true, `https://acme.docplat.site/partners?share=${sites.activeKey}`],
      ['share-link', 'Former reseller', false, `https://acme.docplat.site/partners?share=${sites.inactiveKey}`],
    ])
    expect(page.items[0]!.createdAt).toBe(new Date(page.items[0]!.createdAt!).toISOString())
  })

  it('creates an active link with a new secret key, and reads it back', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.portal }
    const a = await admin.sites.shareLinks.create({ ...site, name: 'Agency' })
    const b = await admin.sites.shareLinks.create({ ...site, name: 'Agency' })
    expect(a).toMatchObject({ object: 'share-link', name: 'Agency', active: true })
    expect(keyOf(a.urls?.published)).toMatch(/^[A-Za-z0-9]{24}$/)
    expect(keyOf(a.urls?.published)).not.toBe(keyOf(b.urls?.published))
    expect(a.urls?.published?.startsWith('https://acme.docplat.site/partners?share=')).toBe(true)
    expect((await collect(admin.sites.shareLinks.list(site))).map((l) => l.id)).toEqual([
      expect.any(String),
      expect.any(String),
      a.id,
      b.id,
    ])
    // The new key opens the share-link space at once.
    expect((await admin.sites.sections.list({ ...site, shareKey: keyOf(a.urls?.published)! })).items[0]!.urls?.published).toContain(
      keyOf(a.urls?.published)!,
    )
  })

  it('renames and turns links on and off', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.portal }
    const [active, inactive] = (await admin.sites.shareLinks.list(site)).items
    expect(
      await admin.sites.shareLinks.update({ ...site, shareLinkId: active!.id, name: 'Launch partners 2026', active: false }),
    ).toMatchObject({ name: 'Launch partners 2026', active: false })
    expect(await admin.sites.shareLinks.update({ ...site, shareLinkId: inactive!.id, active: true })).toMatchObject({
      name: 'Former reseller',
      active: true,
    })
    expect((await admin.sites.shareLinks.list(site)).items.map((l) => [l.name, l.active, keyOf(l.urls?.published)])).toEqual([
      ['Launch partners 2026', false, sites.activeKey],
      ['Former reseller', true, sites.inactiveKey],
    ])
    await rejects(admin.sites.shareLinks.update({ ...site, shareLinkId: active!.id, name: '' }), 400, 'body.name')
    await rejects(admin.sites.shareLinks.update({ ...site, shareLinkId: active!.id, name: 'n'.repeat(51) }), 400, 'body.name')
    await rejects(admin.sites.shareLinks.update({ ...site, shareLinkId: active!.id, active: 'yes' as never }), 400, 'body.active')
    await rejects(admin.sites.shareLinks.update({ ...site, shareLinkId: 'missing', active: true }), 404, 'missing')
    await rejects(
      admin.sites.shareLinks.update({ organizationId: demo.acme, siteId: sites.docs, shareLinkId: active!.id, active: true }),
      404,
    )
  })

  it('deletes a link, whose key then opens nothing', async () => {
    const { admin, outsider, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.portal }
    const [active] = (await admin.sites.shareLinks.list(site)).items
    await admin.sites.shareLinks.delete({ ...site, shareLinkId: active!.id })
    expect((await admin.sites.shareLinks.list(site)).items.map((l) => l.name)).toEqual(['Former reseller'])
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.partners, shareKey: sites.activeKey }), 404)
    await rejects(admin.sites.shareLinks.delete({ ...site, shareLinkId: active!.id }), 404)
  })

  it('validates names', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.portal }
    await rejects(admin.sites.shareLinks.create({ ...site } as never), 400, 'body.name')
    await rejects(admin.sites.shareLinks.create({ ...site, name: '' }), 400, 'body.name')
    await rejects(admin.sites.shareLinks.create({ ...site, name: 'n'.repeat(51) }), 400, 'body.name')
    expect((await admin.sites.shareLinks.create({ ...site, name: 'n'.repeat(50) })).name).toHaveLength(50)
    expect((await admin.sites.shareLinks.list(site)).count).toBe(3)
  })

  it('shows and changes links only for site and organization admins', async () => {
    const { read, create, admin, outsider, anonymous, demo, sites, platform } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.portal }
    const [active] = (await admin.sites.shareLinks.list(site)).items
    // Keys open the site: readers do not see them; Carl administers Acme Docs only.
    await rejects(read.sites.shareLinks.list(site), 403)
    await rejects(create.sites.shareLinks.list(site), 403)
    await rejects(read.sites.shareLinks.create({ ...site, name: 'Leak' }), 403)
    await rejects(read.sites.shareLinks.update({ ...site, shareLinkId: active!.id, active: false }), 403)
    await rejects(read.sites.shareLinks.delete({ ...site, shareLinkId: active!.id }), 403)
    await rejects(outsider.sites.shareLinks.list(site), 404)
    await rejects(outsider.sites.shareLinks.delete({ ...site, shareLinkId: active!.id }), 404)
    await rejects(anonymous.sites.shareLinks.list(site), 401)
    await rejects(anonymous.sites.shareLinks.create({ ...site, name: 'x' }), 401)
    expect((await create.sites.shareLinks.create({ organizationId: demo.acme, siteId: sites.docs, name: 'Docs preview' })).active).toBe(
      true,
    )
    expect([...platform.db.shareLinks.all()].filter((l) => l.site === sites.portal).map((l) => l.active)).toEqual([true, false])
  })
})

describe('share-key access to a share-link space', () => {
  it('opens the space to any valid token with an active key of a site publishing it', async () => {
    const { outsider, anonymous, demo, sites } = await setupSites()
    const space = await outsider.spaces.get({ spaceId: demo.spaces.partners, shareKey: sites.activeKey })
    expect(space).toMatchObject({ id: demo.spaces.partners, title: 'Partner Guide', visibility: 'share-link' })
    expect(space.permissions).toMatchObject({ view: true, access: true, edit: false, comment: false, admin: false })
    expect(space.urls?.published).toBe(`https://acme.docplat.site/partners/partner-guide?share=${sites.activeKey}`)
    await rejects(anonymous.spaces.get({ spaceId: demo.spaces.partners, shareKey: sites.activeKey }), 401)
    await rejects(outsider.spaces.update({ spaceId: demo.spaces.partners, title: 'Mine' }), 404)
  })

  it('refuses an inactive link, an unknown key or none', async () => {
    const { outsider, admin, demo, sites } = await setupSites()
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.partners, shareKey: sites.inactiveKey }), 404)
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.partners, shareKey: 'guess' }), 404)
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.partners }), 404)
    // Turning links on and off opens and closes the space.
    const site = { organizationId: demo.acme, siteId: sites.portal }
    const [active, inactive] = (await admin.sites.shareLinks.list(site)).items
    await admin.sites.shareLinks.update({ ...site, shareLinkId: active!.id, active: false })
    await admin.sites.shareLinks.update({ ...site, shareLinkId: inactive!.id, active: true })
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.partners, shareKey: sites.activeKey }), 404)
    expect((await outsider.spaces.get({ spaceId: demo.spaces.partners, shareKey: sites.inactiveKey })).id).toBe(demo.spaces.partners)
  })

  it('opens only share-link spaces, and only through a site that publishes them', async () => {
    const { outsider, admin, demo, sites, platform } = await setupSites()
    // A key of Acme Docs does not open the Partner Guide, which Acme Docs does not publish.
    const docsLink = await admin.sites.shareLinks.create({ organizationId: demo.acme, siteId: sites.docs, name: 'Docs' })
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.partners, shareKey: keyOf(docsLink.urls?.published)! }), 404)
    // A private space published by the portal stays private, key or not.
    await platform.builders.siteSpace({ site: sites.portal, space: demo.spaces.handbook })
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.handbook, shareKey: sites.activeKey }), 404)
    // Unpublished from the site, the share-link space closes.
    const partnerSpace = (await admin.sites.siteSpaces.list({ organizationId: demo.acme, siteId: sites.portal })).items.find(
      (ss) => ss.space?.id === demo.spaces.partners,
    )!
    await admin.sites.siteSpaces.update({
      organizationId: demo.acme,
      siteId: sites.portal,
      siteSpaceId: partnerSpace.id,
      spaceId: demo.spaces.customers,
    })
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.partners, shareKey: sites.activeKey }), 404)
  })

  it('gives published spaces their site URL', async () => {
    const { admin, read, demo, sites } = await setupSites()
    expect((await read.spaces.get({ spaceId: demo.spaces.guide })).urls?.published).toBe('https://acme.docplat.site/docs/guides')
    expect((await read.spaces.get({ spaceId: demo.spaces.reference })).urls?.published).toBe(
      'https://acme.docplat.site/docs/guides/developers',
    )
    expect((await admin.spaces.get({ spaceId: demo.spaces.partners })).urls?.published).toBe(
      'https://acme.docplat.site/partners/partner-guide',
    )
    expect((await admin.spaces.get({ spaceId: demo.spaces.partners, shareKey: sites.activeKey })).urls?.published).toBe(
      `https://acme.docplat.site/partners/partner-guide?share=${sites.activeKey}`,
    )
    expect((await admin.spaces.get({ spaceId: demo.spaces.handbook })).urls?.published).toBeUndefined()
  })
})
