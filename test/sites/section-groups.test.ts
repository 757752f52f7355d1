import { describe, expect, it } from 'vitest'
import { rejects, sectionOrder, setupSites } from '../helpers.ts'

describe('sites.sectionGroups', () => {
  it('lists groups with their sections in order', async () => {
    const { read, demo, sites } = await setupSites()
    const page = await read.sites.sectionGroups.list({ organizationId: demo.acme, siteId: sites.docs })
    expect(page.count).toBe(1)
    expect(page.items[0]).toMatchObject({ object: 'site-section-group', id: sites.updates, title: 'Updates', icon: 'bell' })
    expect(page.items[0]!.sections!.map((s) => [s.id, s.sectionGroup])).toEqual([[sites.changelog, sites.updates]])
    await rejects(read.sites.sectionGroups.list({ organizationId: demo.acme, siteId: sites.docs, limit: 1001 }), 400, 'query.limit')
  })

  it('creates a group where its first section was, in the order given', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const a = await create.sites.sections.create({ ...site, spaceId: demo.spaces.handbook, title: 'Handbook' })
    const b = await create.sites.sections.create({ ...site, spaceId: demo.spaces.roadmap, title: 'Roadmap' })
    const group = await create.sites.sectionGroups.create({ ...site, title: 'Company', icon: 'building', sections: [b.id, sites.guides] })
    expect(group).toMatchObject({ object: 'site-section-group', title: 'Company', icon: 'building' })
    expect(group.sections!.map((s) => [s.id, s.sectionGroup])).toEqual([
      [b.id, group.id],
      [sites.guides, group.id],
    ])
    // Guides was the topmost, so the group takes its place; the grouped sections list in the order given.
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([b.id, sites.guides, sites.changelog, a.id])
    expect((await create.sites.sectionGroups.list(site)).items.map((g) => g.id)).toEqual([group.id, sites.updates])
    // An empty group goes to the end.
    const empty = await create.sites.sectionGroups.create({ ...site, title: 'Later', icon: null })
    expect(empty.sections).toEqual([])
    expect(empty.icon).toBeUndefined()
    expect((await create.sites.sectionGroups.list(site)).items.map((g) => g.id)).toEqual([group.id, sites.updates, empty.id])
  })

  it('keeps a section in at most one group and validates the body', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    await rejects(admin.sites.sectionGroups.create({ ...site, title: 'Dup', sections: [sites.changelog] }), 409, sites.updates)
    await rejects(
      admin.sites.sectionGroups.create({ ...site, title: 'Twice', sections: [sites.guides, sites.guides] }),
      400,
      'body.sections.1',
    )
    await rejects(admin.sites.sectionGroups.create({ ...site, title: 'Unknown', sections: ['nope'] }), 400, 'body.sections.0')
    await rejects(admin.sites.sectionGroups.create({ ...site, title: 'Foreign', sections: [sites.partnerGuide] }), 400, 'body.sections.0')
    await rejects(admin.sites.sectionGroups.create({ ...site, title: '' }), 400, 'body.title')
    await rejects(admin.sites.sectionGroups.create({ ...site, title: 't'.repeat(101) }), 400, 'body.title')
    await rejects(admin.sites.sectionGroups.create({ ...site, title: 'Icon', icon: 'i'.repeat(51) }), 400, 'body.icon')
    await rejects(admin.sites.sectionGroups.create({ ...site } as never), 400, 'body.title')
    expect((await admin.sites.sectionGroups.create({ ...site, title: 't'.repeat(100) })).title).toHaveLength(100)
    expect((await admin.sites.sectionGroups.list(site)).count).toBe(2)
    expect((await admin.sites.sections.list(site)).items.map((s) => s.sectionGroup)).toEqual([undefined, sites.updates])
  })

  it('updates title and icon', async () => {
    const { create, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionGroupId: sites.updates }
    expect(await create.sites.sectionGroups.update({ ...at, title: 'News', icon: 'megaphone' })).toMatchObject({
      title: 'News',
      icon: 'megaphone',
    })
    const kept = await create.sites.sectionGroups.update({ ...at, icon: null })
    expect(kept.title).toBe('News')
    expect(kept.icon).toBeUndefined()
    expect((await create.sites.sectionGroups.list({ organizationId: demo.acme, siteId: sites.docs })).items[0]).toMatchObject({
      title: 'News',
    })
    await rejects(create.sites.sectionGroups.update({ ...at, title: '' }), 400, 'body.title')
    await rejects(create.sites.sectionGroups.update({ ...at, icon: 'i'.repeat(51) }), 400, 'body.icon')
  })

  it('adds sections at the end of a group and takes them out again', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const at = { ...site, siteSectionGroupId: sites.updates }
    const extra = await create.sites.sections.create({ ...site, spaceId: demo.spaces.roadmap, title: 'Roadmap' })
    const added = await create.sites.sectionGroups.addSection({ ...at, sectionId: sites.guides })
    expect(added.sections!.map((s) => s.id)).toEqual([sites.changelog, sites.guides])
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([sites.changelog, sites.guides, extra.id])
    await rejects(create.sites.sectionGroups.addSection({ ...at, sectionId: sites.guides }), 409, 'already')
    const other = await create.sites.sectionGroups.create({ ...site, title: 'Other' })
    await rejects(
      create.sites.sectionGroups.addSection({ ...site, siteSectionGroupId: other.id, sectionId: sites.changelog }),
      409,
      sites.updates,
    )
    await rejects(create.sites.sectionGroups.addSection({ ...at, sectionId: 'nope' }), 400, 'body.sectionId')
    await rejects(create.sites.sectionGroups.addSection({ ...at, sectionId: sites.partnerGuide }), 400, 'body.sectionId')

    // Taken out, a section stays in the site, right after its former group.
    await create.sites.sectionGroups.removeSection({ ...at, siteSectionId: sites.changelog })
    const sections = (await create.sites.sections.list(site)).items
    expect(sections.map((s) => [s.id, s.sectionGroup])).toEqual([
      [sites.guides, sites.updates],
      [sites.changelog, undefined],
      [extra.id, undefined],
    ])
    expect((await create.sites.sectionGroups.list(site)).items[0]!.sections!.map((s) => s.id)).toEqual([sites.guides])
    await rejects(create.sites.sectionGroups.removeSection({ ...at, siteSectionId: sites.changelog }), 404, 'not in section group')
    await rejects(create.sites.sectionGroups.removeSection({ ...at, siteSectionId: 'nope' }), 404)
  })

  it('deletes a group and leaves its sections in its place', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const extra = await create.sites.sections.create({ ...site, spaceId: demo.spaces.roadmap, title: 'Roadmap' })
    await create.sites.sectionGroups.addSection({ ...site, siteSectionGroupId: sites.updates, sectionId: sites.guides })
    await create.sites.sectionGroups.delete({ ...site, siteSectionGroupId: sites.updates })
    expect((await create.sites.sectionGroups.list(site)).count).toBe(0)
    const sections = (await create.sites.sections.list(site)).items
    expect(sections.map((s) => [s.id, s.sectionGroup])).toEqual([
      [sites.changelog, undefined],
      [sites.guides, undefined],
      [extra.id, undefined],
    ])
    await rejects(create.sites.sectionGroups.delete({ ...site, siteSectionGroupId: sites.updates }), 404)
  })

  it('refuses readers, strangers, missing tokens and unknown groups', async () => {
    const { read, create, outsider, anonymous, admin, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionGroupId: sites.updates }
    await rejects(read.sites.sectionGroups.create({ organizationId: demo.acme, siteId: sites.docs, title: 'Nope' }), 403)
    await rejects(read.sites.sectionGroups.update({ ...at, title: 'Nope' }), 403)
    await rejects(read.sites.sectionGroups.addSection({ ...at, sectionId: sites.guides }), 403)
    await rejects(read.sites.sectionGroups.removeSection({ ...at, siteSectionId: sites.changelog }), 403)
    await rejects(read.sites.sectionGroups.delete(at), 403)
    await rejects(create.sites.sectionGroups.create({ organizationId: demo.acme, siteId: sites.portal, title: 'Nope' }), 403)
    await rejects(outsider.sites.sectionGroups.list({ organizationId: demo.acme, siteId: sites.docs }), 404)
    await rejects(outsider.sites.sectionGroups.delete(at), 404)
    await rejects(anonymous.sites.sectionGroups.list({ organizationId: demo.acme, siteId: sites.docs }), 401)
    await rejects(anonymous.sites.sectionGroups.delete(at), 401)
    await rejects(admin.sites.sectionGroups.update({ ...at, siteSectionGroupId: 'missing', title: 'Nope' }), 404, 'missing')
    await rejects(admin.sites.sectionGroups.addSection({ ...at, siteSectionGroupId: 'missing', sectionId: sites.guides }), 404)
    expect((await admin.sites.sectionGroups.list({ organizationId: demo.acme, siteId: sites.docs })).items[0]!.title).toBe('Updates')
  })
})
