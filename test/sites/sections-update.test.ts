import { describe, expect, it } from 'vitest'
import { collect, rejects, sectionOrder, setupSites } from '../helpers.ts'

describe('sites.sections.update', () => {
  it('changes title, path, description, icon and condition, and keeps what is omitted', async () => {
    const { create, read, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionId: sites.guides }
    const updated = await create.sites.sections.update({
      ...at,
      title: 'Tutorials',
      path: 'learn',
      description: 'Start here',
      icon: 'graduation-cap',
      condition: 'visitor.claims.beta',
    })
    expect(updated).toMatchObject({
      title: 'Tutorials',
      path: 'learn',
      description: 'Start here',
      icon: 'graduation-cap',
      condition: 'visitor.claims.beta',
      urls: { published: 'https://acme.docplat.site/docs/learn' },
    })
    const kept = await create.sites.sections.update({ ...at, title: 'Tutorials again' })
    expect(kept).toMatchObject({ path: 'learn', description: 'Start here', icon: 'graduation-cap', condition: 'visitor.claims.beta' })
    const cleared = await create.sites.sections.update({ ...at, condition: null, icon: null, description: null })
    expect(cleared.condition).toBeUndefined()
    expect(cleared.icon).toBeUndefined()
    expect(cleared.description).toBeUndefined()
    const [readBack] = (await read.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs })).items
    expect(readBack).toMatchObject({ id: sites.guides, title: 'Tutorials again', path: 'learn' })
    expect(readBack!.condition).toBeUndefined()
    // Keeping its own path is no conflict.
    expect((await create.sites.sections.update({ ...at, path: 'learn' })).path).toBe('learn')
  })

  it('switches the default site space of the section, which moves the published URLs', async () => {
    const { admin, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionId: sites.guides }
    const [guides] = (await admin.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs })).items
    const variant = guides!.siteSpaces![1]!
    const updated = await admin.sites.sections.update({ ...at, defaultSiteSpace: variant.id })
    expect(updated.siteSpaces!.map((ss) => [ss.title, ss.default, ss.urls?.published])).toEqual([
      ['Getting Started', false, 'https://acme.docplat.site/docs/guides/getting-started'],
      ['API Reference', true, 'https://acme.docplat.site/docs/guides'],
    ])
    const defaults = await admin.sites.siteSpaces.list({ organizationId: demo.acme, siteId: sites.docs, default: true })
    expect(defaults.items.map((ss) => ss.id)).toContain(variant.id)
    expect((await admin.spaces.get({ spaceId: demo.spaces.reference })).urls?.published).toBe('https://acme.docplat.site/docs/guides')
  })

  it('makes a section the default of the site', async () => {
    const { admin, demo, sites } = await setupSites()
    const updated = await admin.sites.sections.update({
      organizationId: demo.acme,
      siteId: sites.docs,
      siteSectionId: sites.changelog,
      default: true,
    })
    expect(updated.default).toBe(true)
    const listed = (await admin.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs })).items
    expect(listed.map((s) => [s.id, s.default])).toEqual([
      [sites.guides, false],
      [sites.changelog, true],
    ])
    await rejects(
      admin.sites.sections.update({ organizationId: demo.acme, siteId: sites.docs, siteSectionId: sites.guides, default: false as never }),
      400,
      'body.default',
    )
  })

  it('refuses a path another section uses, and a default that is not a site space of the section', async () => {
    const { admin, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionId: sites.guides }
    await rejects(admin.sites.sections.update({ ...at, path: 'changelog' }), 409, 'changelog')
    const [, changelog] = (await admin.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs })).items
    await rejects(admin.sites.sections.update({ ...at, defaultSiteSpace: changelog!.siteSpaces![0]!.id }), 400, 'body.defaultSiteSpace')
    await rejects(admin.sites.sections.update({ ...at, defaultSiteSpace: 'nope' }), 400, 'body.defaultSiteSpace')
    // Nothing of a refused change is kept, not even its valid fields.
    await rejects(admin.sites.sections.update({ ...at, title: 'Half done', path: 'changelog' }), 409)
    expect((await admin.sites.sections.list({ organizationId: demo.acme, siteId: sites.docs })).items[0]).toMatchObject({
      title: 'Guides',
      path: 'guides',
    })
  })

  it('checks every bound', async () => {
    const { admin, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionId: sites.guides }
    await rejects(admin.sites.sections.update({ ...at, title: 'G' }), 400, 'body.title')
    await rejects(admin.sites.sections.update({ ...at, title: 'x'.repeat(129) }), 400, 'body.title')
    expect((await admin.sites.sections.update({ ...at, title: 'x'.repeat(128) })).title).toHaveLength(128)
    await rejects(admin.sites.sections.update({ ...at, path: '' }), 400, 'body.path')
    await rejects(admin.sites.sections.update({ ...at, path: 'p'.repeat(101) }), 400, 'body.path')
    expect((await admin.sites.sections.update({ ...at, path: 'p'.repeat(100) })).path).toHaveLength(100)
    await rejects(admin.sites.sections.update({ ...at, description: 'd'.repeat(257) }), 400, 'body.description')
    expect((await admin.sites.sections.update({ ...at, description: 'd'.repeat(256) })).description).toHaveLength(256)
    await rejects(admin.sites.sections.update({ ...at, condition: '' }), 400, 'body.condition')
    await rejects(admin.sites.sections.update({ ...at, condition: 'c'.repeat(1025) }), 400, 'body.condition')
    expect((await admin.sites.sections.update({ ...at, condition: 'c'.repeat(1024) })).condition).toHaveLength(1024)
    await rejects(admin.sites.sections.update({ ...at, icon: 'i'.repeat(51) }), 400, 'body.icon')
  })

  it('refuses readers, strangers, missing tokens and unknown sections', async () => {
    const { read, outsider, anonymous, admin, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionId: sites.guides }
    await rejects(read.sites.sections.update({ ...at, title: 'Nope' }), 403)
    await rejects(outsider.sites.sections.update({ ...at, title: 'Nope' }), 404)
    await rejects(anonymous.sites.sections.update({ ...at, title: 'Nope' }), 401)
    await rejects(admin.sites.sections.update({ ...at, siteSectionId: 'missing', title: 'Nope' }), 404, 'missing')
    // A section of another site is not found under this one.
    await rejects(admin.sites.sections.update({ ...at, siteSectionId: sites.partnerGuide, title: 'Nope' }), 404)
  })
})

describe('sites.sections.delete', () => {
  it('deletes a section with its site spaces, its group membership and its redirects', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    await create.sites.sections.delete({ ...site, siteSectionId: sites.changelog })
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([sites.guides])
    expect((await collect(create.sites.siteSpaces.list(site))).map((ss) => ss.title)).toEqual(['Getting Started', 'API Reference'])
    const [group] = (await create.sites.sectionGroups.list(site)).items
    expect(group!.sections).toEqual([])
    expect((await collect(create.sites.redirects.list(site))).map((r) => r.source)).toEqual(['/quickstart'])
    await rejects(create.sites.redirects.resolve({ ...site, source: '/releases' }), 404)
    expect((await create.spaces.get({ spaceId: demo.spaces.changelog })).urls?.published).toBeUndefined()
  })

  it('promotes another section when the default one goes, until none is left', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    await admin.sites.sections.delete({ ...site, siteSectionId: sites.guides })
    expect((await admin.sites.sections.list(site)).items.map((s) => [s.id, s.default])).toEqual([[sites.changelog, true]])
    await admin.sites.sections.delete({ ...site, siteSectionId: sites.changelog })
    expect((await admin.sites.sections.list(site)).count).toBe(0)
    // Without sections, new content goes to the root of the site.
    const rooted = await admin.sites.siteSpaces.create({ ...site, spaceId: demo.spaces.guide })
    expect(rooted).toMatchObject({ default: true, urls: { published: 'https://acme.docplat.site/docs' } })
    expect(rooted.section).toBeUndefined()
  })

  it('refuses readers, strangers, missing tokens and unknown sections', async () => {
    const { read, outsider, anonymous, admin, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionId: sites.guides }
    await rejects(read.sites.sections.delete(at), 403)
    await rejects(outsider.sites.sections.delete(at), 404)
    await rejects(anonymous.sites.sections.delete(at), 401)
    await rejects(admin.sites.sections.delete({ ...at, siteSectionId: 'missing' }), 404)
    expect(await sectionOrder(admin, demo.acme, sites.docs)).toEqual([sites.guides, sites.changelog])
  })
})
