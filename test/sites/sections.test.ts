import { describe, expect, it } from 'vitest'
import { collect, clientFor, rejects, sectionOrder, setupSites } from '../helpers.ts'

describe('sites.sections.list', () => {
  it('lists sections in site order with their site spaces, defaults, groups and URLs', async () => {
    const { read, demo, sites } = await setupSites()
    const page = await read.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs })
    expect(page.count).toBe(2)
    const [guides, changelog] = page.items
    expect(guides).toMatchObject({
      object: 'site-section',
      id: sites.guides,
      title: 'Guides',
      description: 'Learn Acme step by step',
      default: true,
      path: 'guides',
      icon: 'book-open',
      urls: { published: 'https://acme.docplat.site/docs/guides' },
    })
    expect(guides!.sectionGroup).toBeUndefined()
    expect(guides!.siteSpaces!.map((ss) => [ss.title, ss.path, ss.default, ss.urls?.published])).toEqual([
      ['Getting Started', 'getting-started', true, 'https://acme.docplat.site/docs/guides'],
      ['API Reference', 'developers', false, 'https://acme.docplat.site/docs/guides/developers'],
    ])
    expect(guides!.siteSpaces![1]).toMatchObject({
      object: 'site-space',
      section: sites.guides,
      condition: 'visitor.claims.developer == true',
      hasAdvancedCustomizationFeature: false,
    })
    expect(guides!.siteSpaces![0]!.space).toMatchObject({
      object: 'space',
      id: demo.spaces.guide,
      urls: { published: 'https://acme.docplat.site/docs/guides' },
    })
    expect(changelog).toMatchObject({
      title: 'Changelog',
      default: false,
      sectionGroup: sites.updates,
      urls: { published: 'https://acme.docplat.site/docs/changelog' },
    })
  })

  it('embeds a published space only for callers who can see it', async () => {
    const { guest, demo, sites } = await setupSites()
    const [guides] = (await guest.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs })).items
    // Getting Started is public; API Reference (in a collection the guest cannot see) is not.
    expect(guides!.siteSpaces![0]!.space?.id).toBe(demo.spaces.guide)
    expect(guides!.siteSpaces![1]!.space).toBeUndefined()
    expect(guides!.siteSpaces![1]!.title).toBe('API Reference')
  })

  it('resolves published URLs with the key of an active share link of a share-link site', async () => {
    const { read, demo, sites } = await setupSites()
    const list = (shareKey?: string, siteId = sites.portal) =>
      read.sites.sections.list({ organizationId: demo.acme, siteId, ...(shareKey ? { shareKey } : {}) })
    const withKey = (await list(sites.activeKey)).items[0]!
    expect(withKey.urls?.published).toBe(`https://acme.docplat.site/partners/partner-guide?share=${sites.activeKey}`)
    expect(withKey.siteSpaces![0]!.urls?.published).toBe(`https://acme.docplat.site/partners/partner-guide?share=${sites.activeKey}`)
    expect(withKey.siteSpaces![0]!.space?.urls?.published).toBe(`https://acme.docplat.site/partners/partner-guide?share=${sites.activeKey}`)
    // An inactive link's key, an unknown key or none resolve nothing: the bare URL.
    for (const key of [sites.inactiveKey, 'unknown-key', undefined]) {
      expect((await list(key)).items[0]!.urls?.published).toBe('https://acme.docplat.site/partners/partner-guide')
    }
    // A public site needs no key, and another site's key does not belong to it.
    expect((await list(sites.activeKey, sites.docs)).items[0]!.urls?.published).toBe('https://acme.docplat.site/docs/guides')
    await rejects(read.sites.sections.list({ organizationId: demo.acme, siteId: sites.portal, shareKey: '' }), 400, 'query.shareKey')
  })

  it('refuses strangers, missing tokens and unknown sites', async () => {
    const { outsider, anonymous, admin, demo, sites } = await setupSites()
    await rejects(anonymous.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs }), 401)
    await rejects(outsider.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs }), 404)
    await rejects(admin.sites.sections.list({ organizationId: demo.acme, siteId: 'missing' }), 404, 'missing')
    await rejects(admin.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs, limit: 0 }), 400, 'query.limit')
  })
})

describe('sites.sections.create', () => {
  it('adds a section at the end with the space as its default site space', async () => {
    const { create, read, demo, sites } = await setupSites()
    const section = await create.sites.sections.create({
      organizationId: demo.acme,
      siteId: sites.docs,
      spaceId: demo.spaces.handbook,
      title: 'Handbook & Policies',
      icon: 'shield',
    })
    expect(section).toMatchObject({
      object: 'site-section',
      title: 'Handbook & Policies',
      path: 'handbook-policies',
      icon: 'shield',
      default: false,
      urls: { published: 'https://acme.docplat.site/docs/handbook-policies' },
    })
    expect(section.siteSpaces).toHaveLength(1)
    expect(section.siteSpaces![0]).toMatchObject({
      section: section.id,
      title: 'Employee Handbook',
      path: 'employee-handbook',
      default: true,
      urls: { published: 'https://acme.docplat.site/docs/handbook-policies' },
    })
    expect(await sectionOrder(read, demo.acme, sites.docs)).toEqual([sites.guides, sites.changelog, section.id])
    const siteSpaces = await collect(read.sites.siteSpaces.list({ organizationId: demo.acme, siteId: sites.docs }))
    expect(siteSpaces.map((ss) => ss.id)).toContain(section.siteSpaces![0]!.id)
  })

  it('derives the title from the space and a unique path from the title', async () => {
    const { admin, demo, sites } = await setupSites()
    const base = { organizationId: demo.acme, siteId: sites.docs }
    const first = await admin.sites.sections.create({ ...base, spaceId: demo.spaces.roadmap, title: null, icon: null })
    expect(first).toMatchObject({ title: 'Roadmap', path: 'roadmap' })
    expect(first.icon).toBeUndefined()
    const second = await admin.sites.sections.create({ ...base, spaceId: demo.spaces.handbook, title: 'Roadmap' })
    expect(second.path).toBe('roadmap-2')
    // A title made only of symbols still gets a path.
    expect((await admin.sites.sections.create({ ...base, spaceId: demo.spaces.customers, title: '🚀✨' })).path).toBe('section')
  })

  it('makes the first section of a site its default and takes in the root site spaces', async () => {
    const { admin, demo, platform } = await setupSites()
    const site = await platform.builders.site({ organization: demo.acme, title: 'Fresh' })
    const rootA = await platform.builders.siteSpace({ site: site.id, space: demo.spaces.guide })
    const rootB = await platform.builders.siteSpace({ site: site.id, space: demo.spaces.changelog })
    const base = { organizationId: demo.acme, siteId: site.id }
    expect((await admin.sites.siteSpaces.list(base)).items.map((ss) => [ss.id, ss.section, ss.default])).toEqual([
      [rootA.id, undefined, true],
      [rootB.id, undefined, false],
    ])
    const section = await admin.sites.sections.create({ ...base, spaceId: demo.spaces.reference, title: 'Docs' })
    expect(section.default).toBe(true)
    expect(section.siteSpaces!.map((ss) => [ss.title, ss.default, ss.section])).toEqual([
      ['API Reference', true, section.id],
      ['Getting Started', false, section.id],
      ['Changelog', false, section.id],
    ])
    // A space already at the root is not published twice: its site space leads the new section.
    const other = await platform.builders.site({ organization: demo.acme, title: 'Other' })
    const existing = await platform.builders.siteSpace({ site: other.id, space: demo.spaces.guide })
    const led = await admin.sites.sections.create({ organizationId: demo.acme, siteId: other.id, spaceId: demo.spaces.guide })
    expect(led.siteSpaces!.map((ss) => [ss.id, ss.default])).toEqual([[existing.id, true]])
  })

  it('validates the body and the space before writing anything', async () => {
    const { admin, create, demo, sites, platform } = await setupSites()
    const base = { organizationId: demo.acme, siteId: sites.docs }
    await rejects(admin.sites.sections.create({ ...base, spaceId: demo.spaces.guide, title: 'A' }), 400, 'body.title')
    await rejects(admin.sites.sections.create({ ...base, spaceId: demo.spaces.guide, title: 'x'.repeat(129) }), 400, 'body.title')
    await rejects(admin.sites.sections.create({ ...base, spaceId: demo.spaces.guide, icon: 'x'.repeat(51) }), 400, 'body.icon')
    await rejects(admin.sites.sections.create({ ...base } as never), 400, 'body.spaceId')
    await rejects(admin.sites.sections.create({ ...base, spaceId: 'nope' }), 400, 'body.spaceId')
    await rejects(admin.sites.sections.create({ ...base, spaceId: demo.spaces.globexPublic }), 400, 'body.spaceId')
    await rejects(admin.sites.sections.create({ ...base, spaceId: demo.spaces.archive }), 400, 'deleted')
    // A site admin may publish only spaces they can see.
    const guestAdmin = await platform.builders.user({ organization: demo.acme, role: null })
    const site = await platform.builders.site({ organization: demo.acme, title: 'Guest run', admins: [guestAdmin.user.id] })
    await rejects(
      clientFor(platform, guestAdmin.token).sites.sections.create({
        organizationId: demo.acme,
        siteId: site.id,
        spaceId: demo.spaces.roadmap,
      }),
      400,
      'body.spaceId',
    )
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([sites.guides, sites.changelog])
    expect((await admin.sites.sections.list({ organizationId: demo.acme, siteId: site.id })).count).toBe(0)
  })

  it('needs admin of the site or of the organization', async () => {
    const { read, create, admin, outsider, anonymous, demo, sites } = await setupSites()
    await rejects(read.sites.sections.create({ organizationId: demo.acme, siteId: sites.docs, spaceId: demo.spaces.guide }), 403, 'admin')
    // Carl administers Acme Docs, not the Partner Portal.
    await rejects(
      create.sites.sections.create({ organizationId: demo.acme, siteId: sites.portal, spaceId: demo.spaces.guide }),
      403,
      sites.portal,
    )
    expect((await admin.sites.sections.create({ organizationId: demo.acme, siteId: sites.portal, spaceId: demo.spaces.guide })).title).toBe(
      'Getting Started',
    )
    await rejects(outsider.sites.sections.create({ organizationId: demo.acme, siteId: sites.docs, spaceId: demo.spaces.guide }), 404)
    await rejects(anonymous.sites.sections.create({ organizationId: demo.acme, siteId: sites.docs, spaceId: demo.spaces.guide }), 401)
    await rejects(admin.sites.sections.create({ organizationId: demo.acme, siteId: sites.globexDocs, spaceId: demo.spaces.guide }), 404)
  })
})
