import { describe, expect, it } from 'vitest'
import { collect, rejects, sectionOrder, setupSites } from '../helpers.ts'

describe('sites when spaces go away', () => {
  it('keeps a deleted space in the structure until it is purged', async () => {
    const { admin, read, demo, sites, platform } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    await admin.spaces.delete({ spaceId: demo.spaces.reference })
    const variant = (await admin.sites.siteSpaces.list({ ...site, default: false })).items[0]!
    expect(variant.space).toMatchObject({ id: demo.spaces.reference, deletedAt: expect.any(String) })
    // Readers cannot see a deleted space: the site space stays, without it.
    expect((await read.sites.siteSpaces.list({ ...site, default: false })).items[0]!.space).toBeUndefined()
    // Restored within 7 days, it is published as before.
    await admin.spaces.restore({ spaceId: demo.spaces.reference })
    expect((await read.sites.siteSpaces.list({ ...site, default: false })).items[0]!.space?.id).toBe(demo.spaces.reference)

    await admin.spaces.delete({ spaceId: demo.spaces.reference })
    platform.clock.advance('8d')
    expect((await collect(read.sites.siteSpaces.list(site))).map((ss) => ss.title)).toEqual(['Getting Started', 'Changelog'])
  })

  it('promotes the next site space when a purged space was the default', async () => {
    const { admin, demo, sites, platform } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    await admin.spaces.delete({ spaceId: demo.spaces.guide })
    platform.clock.advance('8d')
    const [guides] = (await admin.sites.sections.list(site)).items
    expect(guides!.siteSpaces!.map((ss) => [ss.title, ss.default, ss.urls?.published])).toEqual([
      ['API Reference', true, 'https://acme.docplat.site/docs/guides'],
    ])
  })

  it('removes a section left without site spaces, with its redirects and group membership', async () => {
    const { admin, demo, sites, platform } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    await admin.spaces.delete({ spaceId: demo.spaces.changelog })
    platform.clock.advance('8d')
    expect(await sectionOrder(admin, demo.acme, sites.docs)).toEqual([sites.guides])
    expect((await admin.sites.sectionGroups.list(site)).items[0]!.sections).toEqual([])
    expect((await admin.sites.redirects.list(site)).items.map((r) => r.source)).toEqual(['/quickstart'])
    // The default section going too: the next one takes over.
    await admin.spaces.delete({ spaceId: demo.spaces.guide })
    await admin.spaces.delete({ spaceId: demo.spaces.reference })
    const other = await admin.sites.sections.create({ ...site, spaceId: demo.spaces.roadmap })
    platform.clock.advance('8d')
    expect((await admin.sites.sections.list(site)).items.map((s) => [s.id, s.default])).toEqual([[other.id, true]])
  })

  it('unpublishes a space transferred to another organization', async () => {
    const { admin, demo, sites, platform } = await setupSites()
    await platform.builders.member(demo.globex, demo.users.admin, 'admin')
    await admin.spaces.transfer({ spaceId: demo.spaces.partners, organization: demo.globex })
    const portal = { organizationId: demo.acme, siteId: sites.portal }
    expect((await admin.sites.sections.list(portal)).count).toBe(0)
    expect((await admin.sites.redirects.list(portal)).count).toBe(0)
    expect((await admin.spaces.get({ spaceId: demo.spaces.partners })).urls?.published).toBeUndefined()
    await rejects(admin.sites.redirects.resolve({ ...portal, source: '/onboarding' }), 404)
  })

  it('survives a snapshot and restore', async () => {
    const { admin, demo, sites, platform } = await setupSites()
    const site = { organizationId: demo.acme, siteId: sites.docs }
    const before = await admin.sites.sections.list(site)
    const snapshot = platform.snapshot()
    await admin.sites.sections.delete({ ...site, siteSectionId: sites.guides })
    await platform.restore(snapshot)
    const after = await admin.sites.sections.list(site)
    expect([after.count, after.items]).toEqual([before.count, before.items])
    expect((await admin.sites.redirects.resolve({ ...site, source: '/quickstart' })).redirect.destination?.siteSectionId).toBe(sites.guides)
  })
})
