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
})
