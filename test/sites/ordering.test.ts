import { describe, expect, it } from 'vitest'
import { collect, rejects, sectionOrder, setupSites } from '../helpers.ts'

describe('sites.sections.move', () => {
  it('reorders top-level sections and groups, as every list shows', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const roadmap = await create.sites.sections.create({ ...site, spaceId: demo.spaces.roadmap, title: 'Roadmap' })
    const handbook = await create.sites.sections.create({ ...site, spaceId: demo.spaces.handbook, title: 'Handbook' })
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([sites.guides, sites.changelog, roadmap.id, handbook.id])

    const moved = await create.sites.sections.move({
      ...site,
      siteSectionId: handbook.id,
      position: { before: { type: 'site-section', siteSection: sites.guides } },
    })
    expect(moved.id).toBe(handbook.id)
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([handbook.id, sites.guides, sites.changelog, roadmap.id])

    await create.sites.sections.move({
      ...site,
      siteSectionId: sites.guides,
      position: { after: { type: 'site-section', siteSection: roadmap.id } },
    })
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([handbook.id, sites.changelog, roadmap.id, sites.guides])

    // Top-level sections and groups share one order: a section can go next to a group.
    await create.sites.sections.move({
      ...site,
      siteSectionId: roadmap.id,
      position: { before: { type: 'site-section-group', siteSectionGroup: sites.updates } },
    })
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([handbook.id, roadmap.id, sites.changelog, sites.guides])
    const ids = (await collect(create.sites.siteSpaces.list(site))).map((ss) => ss.section)
    expect([...new Set(ids)]).toEqual([handbook.id, roadmap.id, sites.changelog, sites.guides])
  })

  it('reorders sections within their group only', async () => {
    const { admin, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const extra = await admin.sites.sections.create({ ...site, spaceId: demo.spaces.roadmap, title: 'Roadmap' })
    await admin.sites.sectionGroups.addSection({ ...site, siteSectionGroupId: sites.updates, sectionId: extra.id })
    await admin.sites.sections.move({
      ...site,
      siteSectionId: extra.id,
      position: { before: { type: 'site-section', siteSection: sites.changelog } },
    })
    expect((await admin.sites.sectionGroups.list(site)).items[0]!.sections!.map((s) => s.id)).toEqual([extra.id, sites.changelog])
    expect(await sectionOrder(admin, demo.acme, sites.docs)).toEqual([sites.guides, extra.id, sites.changelog])
    // A sibling under another parent is refused: grouped next to top-level, and the other way round.
    await rejects(
      admin.sites.sections.move({
        ...site,
        siteSectionId: extra.id,
        position: { after: { type: 'site-section', siteSection: sites.guides } },
      }),
      400,
      'body.position.after',
    )
    await rejects(
      admin.sites.sections.move({
        ...site,
        siteSectionId: sites.guides,
        position: { before: { type: 'site-section', siteSection: extra.id } },
      }),
      400,
      'body.position.before',
    )
    await rejects(
      admin.sites.sections.move({
        ...site,
        siteSectionId: extra.id,
        position: { after: { type: 'site-section-group', siteSectionGroup: sites.updates } },
      }),
      400,
      'body.position.after',
    )
    expect(await sectionOrder(admin, demo.acme, sites.docs)).toEqual([sites.guides, extra.id, sites.changelog])
  })

  it('refuses positions that name no sibling, both sides or none', async () => {
    const { admin, read, outsider, anonymous, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionId: sites.guides }
    const ref = { type: 'site-section' as const, siteSection: sites.changelog }
    await rejects(admin.sites.sections.move({ ...at, position: { before: ref, after: ref } }), 400, 'body.position')
    await rejects(admin.sites.sections.move({ ...at, position: {} }), 400, 'body.position')
    await rejects(admin.sites.sections.move({ ...at } as never), 400, 'body.position')
    await rejects(
      admin.sites.sections.move({ ...at, position: { before: { type: 'site-section', siteSection: sites.guides } } }),
      400,
      'itself',
    )
    await rejects(
      admin.sites.sections.move({ ...at, position: { before: { type: 'site-section', siteSection: sites.partnerGuide } } }),
      400,
      'body.position.before',
    )
    await rejects(
      admin.sites.sections.move({ ...at, position: { before: { type: 'site-space', siteSection: 'x' } as never } }),
      400,
      'body.position.before.type',
    )
    await rejects(read.sites.sections.move({ ...at, position: { after: ref } }), 403)
    await rejects(outsider.sites.sections.move({ ...at, position: { after: ref } }), 404)
    await rejects(anonymous.sites.sections.move({ ...at, position: { after: ref } }), 401)
    await rejects(admin.sites.sections.move({ ...at, siteSectionId: 'missing', position: { after: ref } }), 404)
  })

  it('keeps the order right after many moves into the same gap', async () => {
    const { admin, demo, platform } = await setupSites()
    const s = await platform.builders.site({ organization: demo.acme, title: 'Dense' })
    const site = { organizationId: demo.acme, siteId: s.id }
    const spaces = [demo.spaces.guide, demo.spaces.changelog, demo.spaces.reference, demo.spaces.handbook]
    const ids: string[] = []
    for (const spaceId of spaces) ids.push((await admin.sites.sections.create({ ...site, spaceId })).id)
    // Moving the last section right after the first, again and again, halves the same gap each time.
    const expected = [...ids]
    for (let i = 0; i < 70; i++) {
      const last = expected.pop()!
      await admin.sites.sections.move({
        ...site,
        siteSectionId: last,
        position: { after: { type: 'site-section', siteSection: expected[0]! } },
      })
      expected.splice(1, 0, last)
    }
    expect(await sectionOrder(admin, demo.acme, s.id)).toEqual(expected)
  })
})

describe('sites.sectionGroups.move', () => {
  it('moves a group among the top-level sections and groups', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const roadmap = await create.sites.sections.create({ ...site, spaceId: demo.spaces.roadmap, title: 'Roadmap' })
    const moved = await create.sites.sectionGroups.move({
      ...site,
      siteSectionGroupId: sites.updates,
      position: { before: { type: 'site-section', id: sites.guides } },
    })
    expect(moved.id).toBe(sites.updates)
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([sites.changelog, sites.guides, roadmap.id])
    await create.sites.sectionGroups.move({
      ...site,
      siteSectionGroupId: sites.updates,
      position: { after: { type: 'site-section', id: roadmap.id } },
    })
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([sites.guides, roadmap.id, sites.changelog])
    const second = await create.sites.sectionGroups.create({ ...site, title: 'Company', sections: [sites.guides] })
    expect((await create.sites.sectionGroups.list(site)).items.map((g) => g.id)).toEqual([second.id, sites.updates])
    await create.sites.sectionGroups.move({
      ...site,
      siteSectionGroupId: second.id,
      position: { after: { type: 'site-section-group', id: sites.updates } },
    })
    expect((await create.sites.sectionGroups.list(site)).items.map((g) => g.id)).toEqual([sites.updates, second.id])
    expect(await sectionOrder(create, demo.acme, sites.docs)).toEqual([roadmap.id, sites.changelog, sites.guides])
  })

  it('refuses siblings inside a group or elsewhere, and bad positions', async () => {
    const { admin, read, outsider, anonymous, demo, sites } = await setupSites()
    const at = { organizationId: demo.acme, siteId: sites.docs, siteSectionGroupId: sites.updates }
    await rejects(
      admin.sites.sectionGroups.move({ ...at, position: { before: { type: 'site-section', id: sites.changelog } } }),
      400,
      'inside a group',
    )
    await rejects(
      admin.sites.sectionGroups.move({ ...at, position: { before: { type: 'site-section', id: sites.partnerGuide } } }),
      400,
      'body.position.before',
    )
    await rejects(
      admin.sites.sectionGroups.move({ ...at, position: { after: { type: 'site-section-group', id: sites.updates } } }),
      400,
      'itself',
    )
    await rejects(
      admin.sites.sectionGroups.move({
        ...at,
        position: { before: { type: 'site-section', id: sites.guides }, after: { type: 'site-section', id: sites.guides } },
      }),
      400,
      'not both',
    )
    await rejects(admin.sites.sectionGroups.move({ ...at, position: {} }), 400, 'body.position')
    await rejects(read.sites.sectionGroups.move({ ...at, position: { before: { type: 'site-section', id: sites.guides } } }), 403)
    await rejects(outsider.sites.sectionGroups.move({ ...at, position: { before: { type: 'site-section', id: sites.guides } } }), 404)
    await rejects(anonymous.sites.sectionGroups.move({ ...at, position: { before: { type: 'site-section', id: sites.guides } } }), 401)
    await rejects(
      admin.sites.sectionGroups.move({
        ...at,
        siteSectionGroupId: 'missing',
        position: { before: { type: 'site-section', id: sites.guides } },
      }),
      404,
    )
    expect(await sectionOrder(admin, demo.acme, sites.docs)).toEqual([sites.guides, sites.changelog])
  })
})

describe('sites.siteSpaces.move', () => {
  it('reorders the site spaces of a section', async () => {
    const { create, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const third = await create.sites.siteSpaces.create({ ...site, sectionId: sites.guides, spaceId: demo.spaces.handbook })
    const order = async () => (await create.sites.sections.list(site)).items[0]!.siteSpaces!.map((ss) => ss.title)
    expect(await order()).toEqual(['Getting Started', 'API Reference', 'Employee Handbook'])
    const [first, second] = (await create.sites.sections.list(site)).items[0]!.siteSpaces!
    const moved = await create.sites.siteSpaces.move({
      ...site,
      siteSpaceId: third.id,
      position: { before: { type: 'site-space', siteSpace: first!.id } },
    })
    expect(moved).toMatchObject({ id: third.id, default: false })
    expect(await order()).toEqual(['Employee Handbook', 'Getting Started', 'API Reference'])
    await create.sites.siteSpaces.move({
      ...site,
      siteSpaceId: third.id,
      position: { after: { type: 'site-space', siteSpace: second!.id } },
    })
    expect(await order()).toEqual(['Getting Started', 'API Reference', 'Employee Handbook'])
    await create.sites.siteSpaces.move({
      ...site,
      siteSpaceId: first!.id,
      position: { after: { type: 'site-space', siteSpace: second!.id } },
    })
    expect(await order()).toEqual(['API Reference', 'Getting Started', 'Employee Handbook'])
    expect((await collect(create.sites.siteSpaces.list(site))).map((ss) => ss.title)).toEqual([
      'API Reference',
      'Getting Started',
      'Employee Handbook',
      'Changelog',
    ])
    // Order is not the default: Getting Started still is.
    expect((await create.sites.siteSpaces.list({ ...site, default: true })).items.map((ss) => ss.title)).toEqual([
      'Getting Started',
      'Changelog',
    ])
  })

  it('refuses a sibling of another section and bad positions', async () => {
    const { admin, read, outsider, anonymous, demo, sites } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const [guides, changelog] = (await admin.sites.sections.list(site)).items
    const [first, second] = guides!.siteSpaces!
    const other = changelog!.siteSpaces![0]!
    const at = { ...site, siteSpaceId: first!.id }
    await rejects(
      admin.sites.siteSpaces.move({ ...at, position: { after: { type: 'site-space', siteSpace: other.id } } }),
      400,
      'body.position.after',
    )
    await rejects(admin.sites.siteSpaces.move({ ...at, position: { after: { type: 'site-space', siteSpace: first!.id } } }), 400, 'itself')
    await rejects(admin.sites.siteSpaces.move({ ...at, position: { after: { type: 'site-space', siteSpace: 'missing' } } }), 400, 'missing')
    await rejects(
      admin.sites.siteSpaces.move({ ...at, position: { after: { type: 'site-section', siteSpace: second!.id } as never } }),
      400,
      'body.position.after.type',
    )
    await rejects(admin.sites.siteSpaces.move({ ...at, position: {} }), 400, 'body.position')
    await rejects(read.sites.siteSpaces.move({ ...at, position: { after: { type: 'site-space', siteSpace: second!.id } } }), 403)
    await rejects(outsider.sites.siteSpaces.move({ ...at, position: { after: { type: 'site-space', siteSpace: second!.id } } }), 404)
    await rejects(anonymous.sites.siteSpaces.move({ ...at, position: { after: { type: 'site-space', siteSpace: second!.id } } }), 401)
    await rejects(
      admin.sites.siteSpaces.move({ ...at, siteSpaceId: 'missing', position: { after: { type: 'site-space', siteSpace: second!.id } } }),
      404,
    )
    expect((await admin.sites.sections.list(site)).items[0]!.siteSpaces!.map((ss) => ss.id)).toEqual([first!.id, second!.id])
  })
})
