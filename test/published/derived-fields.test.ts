import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { createClient } from '../../src/index.ts'

/** An organization with an admin, a commenter, a guest and a space; clients for each. */
async function world() {
  const platform = createMockPlatform({ scenario: 'empty', freeze: true })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Org', plan: 'enterprise_2024' })
  const admin = await b.user({ organization: org.id, role: 'admin' })
  const writer = await b.user({ organization: org.id, role: 'comment' })
  const guest = await b.user({ organization: org.id, role: null })
  const space = await b.space({ organization: org.id, title: 'Docs' })
  const client = (token: string) => createClient({ token, fetch: platform.fetch, retry: 0 })
  return {
    platform,
    b,
    org,
    space,
    admin,
    writer,
    guest,
    as: { admin: client(admin.token), writer: client(writer.token), guest: client(guest.token) },
  }
}

describe('fields the published description requires, derived from state', () => {
  it('gives a comment its repliers: who replied, how often and when last, first replier first', async () => {
    const { b, space, admin, writer, as } = await world()
    const comment = await b.comment({ space: space.id, postedBy: admin.user.id, markdown: 'Question' })
    expect((await as.writer.spaces.comments.get({ spaceId: space.id, commentId: comment.id })).repliers).toEqual([])
    await as.writer.spaces.comments.replies.create({ spaceId: space.id, commentId: comment.id, body: { markdown: 'One' } })
    await as.admin.spaces.comments.replies.create({ spaceId: space.id, commentId: comment.id, body: { markdown: 'Two' } })
    const last = await as.writer.spaces.comments.replies.create({ spaceId: space.id, commentId: comment.id, body: { markdown: 'Three' } })
    const got = await as.admin.spaces.comments.get({ spaceId: space.id, commentId: comment.id })
    expect(got.repliers!.map((r) => [r.user.id, r.count])).toEqual([
      [writer.user.id, 2],
      [admin.user.id, 1],
    ])
    expect(got.repliers![0]!.updatedAt).toBe(last.postedAt)
  })

  it('gives organizations and spaces their merge rules, trial and install rights by role', async () => {
    const { platform, b, org, space, as } = await world()
    const asAdmin = await as.admin.orgs.get({ organizationId: org.id })
    expect(asAdmin).toMatchObject({ mergeRules: { type: 'none' }, trial: { status: 'notapplicable', count: 0 } })
    expect(asAdmin.permissions).toMatchObject({ access: true, listInstallations: true, installIntegration: true })
    expect((await as.writer.orgs.get({ organizationId: org.id })).permissions).toMatchObject({
      access: true,
      listInstallations: true,
      installIntegration: false,
    })
    expect((await as.guest.orgs.get({ organizationId: org.id })).permissions).toMatchObject({ access: true, listInstallations: false })
    const free = await b.organization({ title: 'Free' })
    await b.member(free.id, (await as.admin.user.get()).id, 'admin')
    expect((await as.admin.orgs.get({ organizationId: free.id })).trial).toEqual({ status: 'none', count: 0 })

    const read = await as.admin.spaces.get({ spaceId: space.id })
    expect(read.mergeRules).toEqual({ type: 'inherit' })
    expect(read.permissions!.installIntegration).toBe(true)
    await platform.builders.grant({ target: space.id, principal: (await as.writer.user.get()).id, role: 'admin' })
    expect((await as.writer.spaces.get({ spaceId: space.id })).permissions!.installIntegration).toBe(true)
    await as.admin.spaces.delete({ spaceId: space.id })
    expect((await as.admin.spaces.get({ spaceId: space.id })).permissions!.installIntegration).toBe(false)
  })

  it('types sites by plan, counts them on members, and gives the structure live and exact', async () => {
    const { b, org, space, admin, as } = await world()
    expect((await as.admin.orgs.members.get({ organizationId: org.id, userId: admin.user.id })).sites).toBe(0)
    const site = await b.site({ organization: org.id, title: 'Docs' })
    const section = await b.section({ site: site.id, space: space.id, title: 'Guide' })
    expect((await as.admin.orgs.members.get({ organizationId: org.id, userId: admin.user.id })).sites).toBe(1)
    const read = await as.admin.sites.get({ organizationId: org.id, siteId: site.id })
    expect(read).toMatchObject({ type: 'ultimate', appliedType: 'ultimate', defaultLevel: 'inherit' })
    const [listed] = (await as.admin.sites.sections.list({ organizationId: org.id, siteId: site.id })).items
    expect(listed).toMatchObject({ id: section.id, draft: false })
    expect(listed!.siteSpaces!.every((s) => s.draft === false)).toBe(true)
    const group = await as.admin.sites.sectionGroups.create({
      organizationId: org.id,
      siteId: site.id,
      title: 'All',
      sections: [section.id],
    })
    expect(group.draft).toBe(false)
    expect(group.children!.map((c) => c.id)).toEqual([section.id])
    const redirect = await as.admin.sites.redirects.create({
      organizationId: org.id,
      siteId: site.id,
      source: '/old',
      destination: { kind: 'site-section', siteSectionId: section.id },
    })
    expect(redirect).toMatchObject({ draft: false, captureWildcard: false, permanent: false })
  })

  it('gives sites their creation, live state, site space count and rights by role, and redirects their creation', async () => {
    const { b, org, space, as } = await world()
    const site = await b.site({ organization: org.id, title: 'Docs' })
    const section = await b.section({ site: site.id, space: space.id, title: 'Guide' })
    const read = await as.admin.sites.get({ organizationId: org.id, siteId: site.id })
    expect(read).toMatchObject({ createdAt: site.createdAt, published: true, siteSpaces: 1, features: [] })
    expect(read.urls!.preview).toBe(`${read.urls!.app}/preview`)
    expect(read.permissions).toEqual({
      view: true,
      access: true,
      admin: true,
      edit: true,
      create: true,
      installIntegration: true,
      viewAdaptiveSchema: true,
      editAdaptiveSchema: true,
    })
    const asWriter = await as.writer.sites.get({ organizationId: org.id, siteId: site.id })
    expect(asWriter.permissions).toMatchObject({
      view: true,
      access: true,
      admin: false,
      edit: false,
      create: false,
      editAdaptiveSchema: false,
    })
    await b.siteSpace({ site: site.id, section: section.id, space: (await b.space({ organization: org.id, title: 'More' })).id })
    expect((await as.admin.sites.get({ organizationId: org.id, siteId: site.id })).siteSpaces).toBe(2)

    const redirect = await as.admin.sites.redirects.create({
      organizationId: org.id,
      siteId: site.id,
      source: '/old',
      destination: { kind: 'site-section', siteSectionId: section.id },
    })
    // Stamped when created: after its site (no two stamps are the same instant).
    expect(Date.parse(redirect.createdAt!)).toBeGreaterThan(Date.parse(site.createdAt))
    const [listed] = (await as.admin.sites.redirects.list({ organizationId: org.id, siteId: site.id })).items
    expect(listed!.createdAt).toBe(redirect.createdAt)
  })

  it('scores and ranks search results, with each page`s description and ancestors', async () => {
    const { b, org, space, as } = await world()
    const other = await b.space({ organization: org.id, title: 'Other' })
    const group = await b.page({ space: space.id, title: 'Widgets', type: 'group' })
    await b.page({ space: space.id, parent: group.page, title: 'Blue widget', description: 'All blue', markdown: 'The widget.' })
    await b.page({ space: other.id, title: 'Notes', markdown: 'A widget, a widget, a widget.' })
    const [hit] = (await as.admin.spaces.search({ spaceId: space.id, query: 'widget' })).items
    expect(hit).toMatchObject({ title: 'Blue widget', description: 'All blue', rank: 1, ancestors: [{ title: 'Widgets' }] })
    expect(hit!.score).toBeGreaterThan(0)
    expect(hit!.sections!.every((s) => typeof s.score === 'number' && s.score > 0)).toBe(true)

    const spaces = (await as.admin.orgs.search({ organizationId: org.id, query: 'widget' })).items
    expect(spaces.map((s) => s.type)).toEqual(['space', 'space'])
    const pages = spaces.flatMap((s) => s.pages!)
    // Ranks run across spaces, best score first; a space scores as its best page.
    expect(pages.map((p) => p.rank).sort()).toEqual([1, 2])
    const best = pages.find((p) => p.rank === 1)!
    expect(best.score).toBe(Math.max(...pages.map((p) => p.score!)))
    for (const s of spaces) expect(s.score).toBe(Math.max(...s.pages!.map((p) => p.score!)))
  })

  it('gives document pages their kind, a full layout and tags, and revisions their tags', async () => {
    const { b, space, as } = await world()
    await b.page({ space: space.id, title: 'Intro', markdown: 'Hello.' })
    await b.page({ space: space.id, title: 'Parts', type: 'group' })
    const revision = await as.admin.spaces.content.get({ spaceId: space.id })
    expect(revision.tags).toEqual([])
    const [intro, parts] = revision.pages!
    expect(intro).toMatchObject({ kind: 'sheet', tags: [] })
    expect(intro!.layout).toEqual({
      width: 'default',
      cover: true,
      coverSize: 'hero',
      coverMask: 'none',
      title: true,
      description: true,
      tableOfContents: true,
      outline: true,
      pagination: true,
      metadata: true,
      tags: true,
      actions: true,
      anchors: true,
    })
    expect(parts).toMatchObject({ kind: 'group' })
    expect(parts!.tags).toBeUndefined()
  })
})
