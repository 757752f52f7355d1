import { describe, expect, it } from 'vitest'
import { collect, rejects, setupSites } from '../helpers.ts'

describe('sites.siteSpaces.list', () => {
  it('lists site spaces in site order, filtered by default', async () => {
    const { read, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const everything = await read.sites.siteSpaces.list(site)
    expect(everything.count).toBe(3)
    expect(everything.items.map((ss) => [ss.title, ss.section, ss.default])).toEqual([
      ['Getting Started', sites.guides, true],
      ['API Reference', sites.guides, false],
      ['Changelog', sites.changelog, true],
    ])
    expect((await read.sites.siteSpaces.list({ ...site, default: true })).items.map((ss) => ss.title)).toEqual([
      'Getting Started',
      'Changelog',
    ])
    const others = await read.sites.siteSpaces.list({ ...site, default: false })
    expect([others.count, others.items.map((ss) => ss.title)]).toEqual([1, ['API Reference']])
    const paged = await read.sites.siteSpaces.list({ ...site, limit: 2 })
    expect(paged.items).toHaveLength(2)
    expect((await paged.getNextPage()).items.map((ss) => ss.title)).toEqual(['Changelog'])
    await rejects(read.sites.siteSpaces.list({ ...site, default: 'maybe' as never }), 400, 'query.default')
  })

  it('resolves published URLs with an active share key', async () => {
    const { read, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.portal }
    expect((await read.sites.siteSpaces.list({ ...site, shareKey: sites.activeKey })).items[0]!.urls?.published).toBe(
      `https://acme.docplat.site/partners/partner-guide?share=${sites.activeKey}`,
    )
    expect((await read.sites.siteSpaces.list({ ...site, shareKey: sites.inactiveKey })).items[0]!.urls?.published).toBe(
      'https://acme.docplat.site/partners/partner-guide',
    )
  })

  it('refuses strangers and missing tokens', async () => {
    const { outsider, anonymous, demo, sites } = await setupSites()
    await rejects(outsider.sites.siteSpaces.list({ organizationId: demo.acme, siteId: sites.docs }), 404)
    await rejects(anonymous.sites.siteSpaces.list({ organizationId: demo.acme, siteId: sites.docs }), 401)
  })
})

describe('sites.siteSpaces.create', () => {
  it('adds a space at the end of a section, or of the default section', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const inChangelog = await create.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.roadmap, sectionId: sites.changelog })
    expect(inChangelog).toMatchObject({
      object: 'site-space',
      section: sites.changelog,
      title: 'Roadmap',
      path: 'roadmap',
      default: false,
      hasAdvancedCustomizationFeature: false,
      urls: { published: 'https://acme.docplat.site/docs/changelog/roadmap' },
      space: { id: demo.spaces.roadmap },
    })
    const inDefault = await create.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.handbook })
    expect(inDefault).toMatchObject({ section: sites.guides, default: false, path: 'employee-handbook' })
    expect((await collect(create.sites.siteSpaces.list(site))).map((ss) => ss.title)).toEqual([
      'Getting Started',
      'API Reference',
      'Employee Handbook',
      'Changelog',
      'Roadmap',
    ])
  })

  it('publishes at the root of a site without sections, the first one as default', async () => {
    const { admin, demo, platform } = await setupSites()
    const s = await platform.builders.site({ organization: demo.acme, title: 'Flat', basename: '', hostname: 'flat.acme.test' })
    const site = { organizationId: demo.acme, siteId: s.id }
    const first = await admin.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.guide })
    const second = await admin.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.changelog })
    expect([first.default, first.section, first.urls?.published]).toEqual([true, undefined, 'https://flat.acme.test/'])
    expect([second.default, second.urls?.published]).toEqual([false, 'https://flat.acme.test/changelog'])
    expect((await admin.sites.siteSpaces.list({ ...site, default: true })).items.map((ss) => ss.id)).toEqual([first.id])
  })

  it('derives a free path, and refuses the same space twice in a section', async () => {
    const { admin, demo, sites, platform } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const twin = await platform.builders.space({ organization: demo.acme, title: 'Getting started!', visibility: 'public' })
    expect((await admin.sites.siteSpaces.create({ ...site, spaceId: twin.id, sectionId: sites.guides })).path).toBe('getting-started-2')
    await rejects(admin.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.guide, sectionId: sites.guides }), 409, demo.spaces.guide)
    // The same space may be a variant of another section.
    expect((await admin.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.guide, sectionId: sites.changelog })).section).toBe(
      sites.changelog,
    )
  })

  it('validates the space and the section', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    await rejects(admin.sites.siteSpaces.create({ ...site } as never), 400, 'body.spaceId')
    await rejects(admin.sites.siteSpaces.create({ ...site, spaceId: 'nope' }), 400, 'body.spaceId')
    await rejects(admin.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.globexPublic }), 400, 'body.spaceId')
    await rejects(admin.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.archive }), 400, 'deleted')
    await rejects(admin.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.roadmap, sectionId: 'nope' }), 400, 'body.sectionId')
    await rejects(
      admin.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.roadmap, sectionId: sites.partnerGuide }),
      400,
      'body.sectionId',
    )
    expect((await admin.sites.siteSpaces.list(site)).count).toBe(3)
  })

  it('needs admin of the site or of the organization', async () => {
    const { read, create, outsider, anonymous, demo, sites } = await setupSites()
    await rejects(read.sites.siteSpaces.create({ organizationId: demo.acme, siteId: sites.docs, spaceId: demo.spaces.guide }), 403)
    await rejects(create.sites.siteSpaces.create({ organizationId: demo.acme, siteId: sites.portal, spaceId: demo.spaces.guide }), 403)
    await rejects(outsider.sites.siteSpaces.create({ organizationId: demo.acme, siteId: sites.docs, spaceId: demo.spaces.guide }), 404)
    await rejects(anonymous.sites.siteSpaces.create({ organizationId: demo.acme, siteId: sites.docs, spaceId: demo.spaces.guide }), 401)
  })
})

describe('sites.siteSpaces.update', () => {
  it('changes path, condition and space, keeping what is omitted', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const variant = (await create.sites.siteSpaces.list({ ...site, default: false })).items[0]!
    const at = { ...site, siteSpaceId: variant.id }
    expect(await create.sites.siteSpaces.update({ ...at, path: 'api', condition: 'visitor.claims.plan == "pro"' })).toMatchObject({
      path: 'api',
      condition: 'visitor.claims.plan == "pro"',
      urls: { published: 'https://acme.docplat.site/docs/guides/api' },
    })
    const swapped = await create.sites.siteSpaces.update({ ...at, spaceId: demo.spaces.handbook })
    expect(swapped).toMatchObject({
      path: 'api',
      condition: 'visitor.claims.plan == "pro"',
      title: 'Employee Handbook',
      space: { id: demo.spaces.handbook },
    })
    const cleared = await create.sites.siteSpaces.update({ ...at, condition: null })
    expect(cleared.condition).toBeUndefined()
    const readBack = (await create.sites.siteSpaces.list({ ...site, default: false })).items[0]!
    expect(readBack).toMatchObject({ id: variant.id, path: 'api', title: 'Employee Handbook' })
    expect(readBack.condition).toBeUndefined()
    expect((await create.spaces.get({ spaceId: demo.spaces.reference })).urls?.published).toBeUndefined()
    expect((await create.spaces.get({ spaceId: demo.spaces.handbook })).urls?.published).toBe('https://acme.docplat.site/docs/guides/api')
  })

  it('keeps paths and spaces unique in a section, and checks bounds', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const variant = (await admin.sites.siteSpaces.list({ ...site, default: false })).items[0]!
    const at = { ...site, siteSpaceId: variant.id }
    await rejects(admin.sites.siteSpaces.update({ ...at, path: 'getting-started' }), 409, 'getting-started')
    await rejects(admin.sites.siteSpaces.update({ ...at, spaceId: demo.spaces.guide }), 409, demo.spaces.guide)
    await rejects(admin.sites.siteSpaces.update({ ...at, path: 'fine', spaceId: demo.spaces.archive }), 400, 'body.spaceId')
    await rejects(admin.sites.siteSpaces.update({ ...at, spaceId: 'nope' }), 400, 'body.spaceId')
    expect((await admin.sites.siteSpaces.list({ ...site, default: false })).items[0]).toMatchObject({
      path: 'developers',
      title: 'API Reference',
    })
    await rejects(admin.sites.siteSpaces.update({ ...at, path: '' }), 400, 'body.path')
    await rejects(admin.sites.siteSpaces.update({ ...at, path: 'p'.repeat(101) }), 400, 'body.path')
    await rejects(admin.sites.siteSpaces.update({ ...at, condition: '' }), 400, 'body.condition')
    await rejects(admin.sites.siteSpaces.update({ ...at, condition: 'c'.repeat(1025) }), 400, 'body.condition')
    // Its own path, or a path used in another section, is fine.
    expect((await admin.sites.siteSpaces.update({ ...at, path: 'developers' })).path).toBe('developers')
    expect((await admin.sites.siteSpaces.update({ ...at, path: 'changelog' })).path).toBe('changelog')
    await rejects(admin.sites.siteSpaces.update({ ...at, siteSpaceId: 'missing', path: 'x' }), 404, 'missing')
  })

  it('refuses readers, strangers and missing tokens', async () => {
    const { read, outsider, anonymous, demo, sites } = await setupSites()
    const variant = (await read.sites.siteSpaces.list({ organizationId: demo.acme, siteId: sites.docs, default: false })).items[0]!
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSpaceId: variant.id }
    await rejects(read.sites.siteSpaces.update({ ...at, path: 'x' }), 403)
    await rejects(outsider.sites.siteSpaces.update({ ...at, path: 'x' }), 404)
    await rejects(anonymous.sites.siteSpaces.update({ ...at, path: 'x' }), 401)
  })
})

describe('sites.siteSpaces.delete', () => {
  it('removes a site space; the next one becomes default when the default goes', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const third = await create.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.handbook, sectionId: sites.guides })
    const [first, second] = (await create.sites.sections.list(site)).items[0]!.siteSpaces!
    await create.sites.siteSpaces.move({
      ...site,
      siteSpaceId: third.id,
      position: { after: { type: 'site-space', siteSpace: first!.id } },
    })
    await create.sites.siteSpaces.delete({ ...site, siteSpaceId: first!.id })
    const guides = (await create.sites.sections.list(site)).items[0]!
    // The first remaining site space, in order, takes over.
    expect(guides.siteSpaces!.map((ss) => [ss.id, ss.default])).toEqual([
      [third.id, true],
      [second!.id, false],
    ])
    expect((await create.spaces.get({ spaceId: demo.spaces.guide })).urls?.published).toBeUndefined()
    await create.sites.siteSpaces.delete({ ...site, siteSpaceId: second!.id })
    expect((await create.sites.siteSpaces.list(site)).items.map((ss) => ss.id)).toEqual([
      third.id,
      (await create.sites.sections.list(site)).items[1]!.siteSpaces![0]!.id,
    ])
  })

  it('keeps the last site space of a section, but not of a site root', async () => {
    const { admin, demo, sites, platform } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const only = (await admin.sites.sections.list(site)).items[1]!.siteSpaces![0]!
    await rejects(admin.sites.siteSpaces.delete({ ...site, siteSpaceId: only.id }), 409, 'delete the section')
    expect((await admin.sites.siteSpaces.list(site)).count).toBe(3)
    const flat = await platform.builders.site({ organization: demo.acme, title: 'Flat' })
    const rooted = await platform.builders.siteSpace({ site: flat.id, space: demo.spaces.guide })
    await admin.sites.siteSpaces.delete({ organizationId: demo.acme, siteId: flat.id, siteSpaceId: rooted.id })
    expect((await admin.sites.siteSpaces.list({ organizationId: demo.acme, siteId: flat.id })).count).toBe(0)
    expect(platform.db.sites.get(flat.id)!.defaultSiteSpace).toBeUndefined()
  })

  it('refuses readers, strangers, missing tokens and unknown site spaces', async () => {
    const { read, outsider, anonymous, admin, demo, sites } = await setupSites()
    const variant = (await read.sites.siteSpaces.list({ organizationId: demo.acme, siteId: sites.docs, default: false })).items[0]!
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSpaceId: variant.id }
    await rejects(read.sites.siteSpaces.delete(at), 403)
    await rejects(outsider.sites.siteSpaces.delete(at), 404)
    await rejects(anonymous.sites.siteSpaces.delete(at), 401)
    await rejects(admin.sites.siteSpaces.delete({ ...at, siteSpaceId: 'missing' }), 404)
    await rejects(admin.sites.siteSpaces.delete({ ...at, siteId: sites.portal }), 404)
    expect((await admin.sites.siteSpaces.list({ organizationId: demo.acme, siteId: sites.docs })).count).toBe(3)
  })
})
