import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { failure, setup } from '../helpers.ts'
import { clientFor, collect, rejects } from './support.ts'

const NON_ADMINS = ['create', 'review', 'edit', 'comment', 'read', 'guest'] as const

describe('orgs.get / orgs.update', () => {
  it('reads an organization with the caller permissions', async () => {
    const { admin, read, demo } = await setup()
    const org = await admin.orgs.get({ organizationId: demo.acme })
    expect(org).toMatchObject({ object: 'organization', id: demo.acme, title: 'Acme', hostname: 'acme' })
    expect(org.permissions?.admin).toBe(true)
    expect((await read.orgs.get({ organizationId: demo.acme })).permissions?.admin).toBe(false)
  })

  it('updates the organization and keeps the change', async () => {
    const { admin, demo } = await setup()
    const updated = await admin.orgs.update({
      organizationId: demo.acme,
      title: 'Acme Corp',
      ai: false,
      emailDomains: ['ACME.test', 'acme.dev'],
    })
    expect(updated).toMatchObject({ title: 'Acme Corp', ai: false, emailDomains: ['acme.test', 'acme.dev'] })
    expect((await admin.orgs.get({ organizationId: demo.acme })).title).toBe('Acme Corp')
  })

  it('refuses bad input, other roles, strangers and missing tokens', async () => {
    const { admin, read, outsider, anonymous, demo } = await setup()
    expect(await failure(admin.orgs.update({ organizationId: demo.acme, title: '' }))).toBeInstanceOf(BadRequestError)
    const denied = await failure(read.orgs.update({ organizationId: demo.acme, title: 'Nope' }))
    expect(denied).toBeInstanceOf(PermissionDeniedError)
    expect(await failure(outsider.orgs.get({ organizationId: demo.acme }))).toBeInstanceOf(NotFoundError)
    expect(await failure(anonymous.orgs.get({ organizationId: demo.acme }))).toBeInstanceOf(AuthenticationError)
    expect((await admin.orgs.get({ organizationId: demo.acme })).title).toBe('Acme')
  })
})

describe('orgs.get', () => {
  it('presents every field of the organization', async () => {
    const { platform, admin, demo } = await setup()
    const org = await admin.orgs.get({ organizationId: demo.acme })
    expect(org).toEqual({
      object: 'organization',
      id: demo.acme,
      title: 'Acme',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      emailDomains: ['acme.test'],
      hostname: 'acme',
      type: 'business',
      useCase: 'internalDocs',
      defaultRole: 'read',
      sso: false,
      ai: true,
      inviteLinks: true,
      plan: 'free_2024',
      urls: { location: `${platform.baseUrl}/v1/orgs/${demo.acme}`, app: `https://app.docplat.dev/o/${demo.acme}` },
      permissions: {
        view: true,
        admin: true,
        ownTeam: true,
        createContent: true,
        createOpenAPISpec: true,
        ingestConversations: true,
        viewBilling: true,
        listMembers: true,
        listTeams: true,
        listIntegrations: true,
        access: true,
        listInstallations: true,
        installIntegration: true,
      },
      mergeRules: { type: 'none' },
      trial: { status: 'none', count: 0 },
    })
  })

  it('reports each role its own permissions', async () => {
    const { create, review, read, guest, demo } = await setup()
    const perms = async (client: typeof create) => (await client.orgs.get({ organizationId: demo.acme })).permissions
    expect(await perms(create)).toMatchObject({
      view: true,
      admin: false,
      ownTeam: true,
      createContent: true,
      viewBilling: false,
      listMembers: true,
      listTeams: true,
    })
    expect(await perms(review)).toMatchObject({
      view: true,
      admin: false,
      ownTeam: false,
      createContent: false,
      listMembers: true,
      listTeams: true,
    })
    expect(await perms(read)).toMatchObject({
      view: true,
      admin: false,
      ownTeam: false,
      createContent: false,
      listMembers: true,
      listTeams: true,
    })
    // Guests can read the organization but not its member or team lists.
    expect(await perms(guest)).toMatchObject({
      view: true,
      admin: false,
      ownTeam: false,
      listMembers: false,
      listTeams: false,
      listIntegrations: false,
    })
  })

  it('answers 404 for unknown organizations and organizations the caller is not in, 401 without a valid token', async () => {
    const { platform, admin, outsider, anonymous, demo } = await setup()
    await rejects(admin.orgs.get({ organizationId: 'no-such-org' }), NotFoundError, 'no-such-org')
    await rejects(admin.orgs.get({ organizationId: demo.globex }), NotFoundError)
    await rejects(outsider.orgs.get({ organizationId: demo.acme }), NotFoundError)
    expect((await outsider.orgs.get({ organizationId: demo.globex })).title).toBe('Globex')
    await rejects(anonymous.orgs.get({ organizationId: demo.acme }), AuthenticationError)
    await rejects(clientFor(platform, 'dpt_not_a_real_token').orgs.get({ organizationId: demo.acme }), AuthenticationError)
  })
})

describe('orgs.list', () => {
  it('lists the organizations the caller belongs to, guests included', async () => {
    const { admin, guest, outsider, demo } = await setup()
    const mine = await admin.orgs.list()
    expect(mine.items.map((o) => o.id)).toEqual([demo.acme])
    expect(mine.count).toBe(1)
    expect(mine.next).toBeUndefined()
    expect(mine.hasNextPage()).toBe(false)
    expect(mine.items[0]!.permissions?.admin).toBe(true)

    const guestOrgs = await guest.orgs.list()
    expect(guestOrgs.items.map((o) => o.id)).toEqual([demo.acme])
    expect(guestOrgs.items[0]!.permissions).toMatchObject({ view: true, listMembers: false })

    expect((await outsider.orgs.list()).items.map((o) => o.id)).toEqual([demo.globex])
  })

  it('pages through every organization of a user exactly once', async () => {
    const { platform, demo } = await setup()
    const extra = await platform.builders.organization({ title: 'Initech' })
    const { user, token } = await platform.builders.user({ displayName: 'Multi Member', organization: demo.acme, role: 'edit' })
    await platform.builders.member(demo.globex, user.id, 'read')
    await platform.builders.member(extra.id, user.id, null)
    const client = clientFor(platform, token)

    const first = await client.orgs.list({ limit: 1 })
    expect(first.items).toHaveLength(1)
    expect(first.count).toBe(3)
    expect(first.next?.page).toEqual(expect.any(String))
    const second = await first.getNextPage()
    expect(second.count).toBe(3)
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id)

    const all = await collect(client.orgs.list({ limit: 1 }))
    expect(all.map((o) => o.id).sort()).toEqual([demo.acme, demo.globex, extra.id].sort())
    expect(all.find((o) => o.id === extra.id)!.permissions?.listMembers).toBe(false)
  })

  it('drops an organization the caller was removed from', async () => {
    const { admin, edit, demo } = await setup()
    await admin.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.edit })
    const after = await edit.orgs.list()
    expect(after.items).toEqual([])
    expect(after.count).toBe(0)
  })

  it('validates paging and needs a token', async () => {
    const { admin, anonymous, demo } = await setup()
    await rejects(admin.orgs.list({ limit: 0 }), BadRequestError, 'query.limit')
    await rejects(admin.orgs.list({ limit: 1001 }), BadRequestError, 'query.limit')
    expect((await admin.orgs.list({ limit: 1000 })).count).toBe(1)
    await rejects(admin.orgs.list({ page: 'not-a-cursor' }), BadRequestError, 'query.page')
    const teamsCursor = (await admin.orgs.teams.list({ organizationId: demo.acme, limit: 1 })).next!.page
    await rejects(admin.orgs.list({ page: teamsCursor }), BadRequestError, 'query.page')
    await rejects(anonymous.orgs.list(), AuthenticationError)
  })
})

describe('orgs.update', () => {
  it('changes each field and leaves the others as they were', async () => {
    const { platform, admin, demo } = await setup()
    const site = await platform.builders.site({ organization: demo.acme, title: 'Help Center' })
    const org = await admin.orgs.update({
      organizationId: demo.acme,
      hostname: 'acme-docs',
      defaultRole: null,
      defaultContent: { type: 'site', site: site.id },
      logo: 'https://cdn.acme.test/logo.png',
      sso: true,
      inviteLinks: false,
    })
    expect(org).toMatchObject({
      title: 'Acme',
      emailDomains: ['acme.test'],
      hostname: 'acme-docs',
      defaultRole: null,
      defaultContent: { type: 'site', site: site.id },
      sso: true,
      ai: true,
      inviteLinks: false,
      urls: { location: `${platform.baseUrl}/v1/orgs/${demo.acme}`, logo: 'https://cdn.acme.test/logo.png' },
    })
    expect(await admin.orgs.get({ organizationId: demo.acme })).toEqual(org)

    // An empty update changes nothing.
    expect(await admin.orgs.update({ organizationId: demo.acme })).toEqual(org)

    const back = await admin.orgs.update({ organizationId: demo.acme, defaultRole: 'comment', sso: false, emailDomains: [] })
    expect(back).toMatchObject({ defaultRole: 'comment', sso: false, emailDomains: [], hostname: 'acme-docs' })
  })

  it('takes as default content only a site of the organization', async () => {
    const { platform, admin, demo } = await setup()
    const globexSite = await platform.builders.site({ organization: demo.globex, title: 'Globex Docs' })
    await rejects(
      admin.orgs.update({ organizationId: demo.acme, defaultContent: { type: 'site', site: globexSite.id } }),
      BadRequestError,
      'body.defaultContent.site',
    )
    await rejects(
      admin.orgs.update({ organizationId: demo.acme, defaultContent: { type: 'site', site: 'no-such-site' } }),
      BadRequestError,
      'body.defaultContent.site',
    )
    const before = await admin.orgs.get({ organizationId: demo.acme })
    const acmeSite = await platform.builders.site({ organization: demo.acme, title: 'Acme Docs' })
    const org = await admin.orgs.update({ organizationId: demo.acme, defaultContent: { type: 'site', site: acmeSite.id } })
    expect(org.defaultContent).toEqual({ type: 'site', site: acmeSite.id })
    expect(before.defaultContent).toBeUndefined()
  })

  it('deduplicates and lowercases email domains', async () => {
    const { admin, demo } = await setup()
    const org = await admin.orgs.update({ organizationId: demo.acme, emailDomains: ['Acme.Test', 'acme.test', 'docs.acme.test'] })
    expect(org.emailDomains).toEqual(['acme.test', 'docs.acme.test'])
  })

  it('refuses each invalid field with a 400 naming it, and changes nothing', async () => {
    const { admin, demo } = await setup()
    const before = await admin.orgs.get({ organizationId: demo.acme })
    const update = (body: Record<string, unknown>) => admin.orgs.update({ organizationId: demo.acme, ...body } as never)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'body.title'],
      [{ title: 'x'.repeat(101) }, 'body.title'],
      [{ title: '   ' }, 'body.title'],
      [{ title: 42 }, 'body.title'],
      [{ emailDomains: 'acme.test' }, 'body.emailDomains'],
      [{ emailDomains: ['not a domain'] }, 'body.emailDomains.0'],
      [{ emailDomains: ['acme.test', 'localhost'] }, 'body.emailDomains.1'],
      [{ emailDomains: Array.from({ length: 51 }, (_, i) => `d${i}.test`) }, 'body.emailDomains'],
      [{ hostname: 'Acme' }, 'body.hostname'],
      [{ hostname: 'ab' }, 'body.hostname'],
      [{ hostname: '-acme' }, 'body.hostname'],
      [{ hostname: 'acme.docs' }, 'body.hostname'],
      [{ hostname: 'a'.repeat(64) }, 'body.hostname'],
      [{ defaultRole: 'owner' }, 'body.defaultRole'],
      [{ defaultContent: { type: 'page', site: 's1' } }, 'body.defaultContent.type'],
      [{ defaultContent: { type: 'site' } }, 'body.defaultContent.site'],
      [{ logo: 'not a url' }, 'body.logo'],
      [{ logo: 'ftp://cdn.acme.test/logo.png' }, 'body.logo'],
      [{ sso: 'yes' }, 'body.sso'],
      [{ ai: 1 }, 'body.ai'],
      [{ inviteLinks: null }, 'body.inviteLinks'],
    ]
    for (const [body, field] of cases) {
      const error = await rejects(update({ ...body, title: 'title' in body ? body.title : 'Changed' }), BadRequestError, field)
      expect(error.status).toBe(400)
    }
    expect(await admin.orgs.get({ organizationId: demo.acme })).toEqual(before)
  })

  it('refuses a hostname another organization uses (409) and frees the old one on change', async () => {
    const { admin, outsider, demo } = await setup()
    await rejects(admin.orgs.update({ organizationId: demo.acme, hostname: 'globex', title: 'Renamed' }), ConflictError, 'globex')
    const unchanged = await admin.orgs.get({ organizationId: demo.acme })
    expect(unchanged).toMatchObject({ hostname: 'acme', title: 'Acme' })

    // Keeping its own hostname is no clash.
    expect((await admin.orgs.update({ organizationId: demo.acme, hostname: 'acme' })).hostname).toBe('acme')

    await admin.orgs.update({ organizationId: demo.acme, hostname: 'acme-corp' })
    expect((await outsider.orgs.update({ organizationId: demo.globex, hostname: 'acme' })).hostname).toBe('acme')
    await rejects(admin.orgs.update({ organizationId: demo.acme, hostname: 'acme' }), ConflictError)
  })

  it('is for admins only: 403 for every other role, 404 outside, 401 anonymous', async () => {
    const setupResult = await setup()
    const { admin, outsider, anonymous, demo } = setupResult
    for (const role of NON_ADMINS) {
      const client = setupResult[role]
      expect((await client.orgs.get({ organizationId: demo.acme })).permissions?.admin).toBe(false)
      await rejects(client.orgs.update({ organizationId: demo.acme, title: `By ${role}` }), PermissionDeniedError, 'admin')
    }
    await rejects(outsider.orgs.update({ organizationId: demo.acme, title: 'Taken' }), NotFoundError)
    await rejects(admin.orgs.update({ organizationId: 'no-such-org', title: 'Nope' }), NotFoundError)
    await rejects(anonymous.orgs.update({ organizationId: demo.acme, title: 'Nope' }), AuthenticationError)
    expect((await admin.orgs.get({ organizationId: demo.acme })).title).toBe('Acme')
  })
})

describe('orgs.deleteInvite', () => {
  it('deletes an invite link once', async () => {
    const { admin, demo } = await setup()
    const [invite] = demo.invites
    expect(await admin.orgs.deleteInvite({ organizationId: demo.acme, inviteId: invite! })).toBeUndefined()
    await rejects(admin.orgs.deleteInvite({ organizationId: demo.acme, inviteId: invite! }), NotFoundError, invite)
  })

  it('answers 205 with no body', async () => {
    const { admin, demo } = await setup()
    const { response, data } = await admin.orgs.deleteInvite({ organizationId: demo.acme, inviteId: demo.invites[0]! }).withResponse()
    expect(response.status).toBe(205)
    expect(data).toBeUndefined()
  })

  it('only finds invites of the organization in the path', async () => {
    const { platform, admin, outsider, demo } = await setup()
    const globexInvite = await platform.builders.invite(demo.globex, 'read')
    await rejects(admin.orgs.deleteInvite({ organizationId: demo.acme, inviteId: globexInvite.id }), NotFoundError)
    await rejects(admin.orgs.deleteInvite({ organizationId: demo.acme, inviteId: 'no-such-invite' }), NotFoundError)
    // The Globex invite survived the attempt and is still its admin's to delete.
    await outsider.orgs.deleteInvite({ organizationId: demo.globex, inviteId: globexInvite.id })
    await rejects(outsider.orgs.deleteInvite({ organizationId: demo.globex, inviteId: globexInvite.id }), NotFoundError)
  })

  it('is for admins only and changes nothing when refused', async () => {
    const setupResult = await setup()
    const { admin, outsider, anonymous, demo } = setupResult
    const invite = demo.invites[0]!
    for (const role of NON_ADMINS) {
      await rejects(setupResult[role].orgs.deleteInvite({ organizationId: demo.acme, inviteId: invite }), PermissionDeniedError)
    }
    await rejects(outsider.orgs.deleteInvite({ organizationId: demo.acme, inviteId: invite }), NotFoundError)
    await rejects(anonymous.orgs.deleteInvite({ organizationId: demo.acme, inviteId: invite }), AuthenticationError)
    await rejects(admin.orgs.deleteInvite({ organizationId: demo.acme, inviteId: 'x'.repeat(257) }), BadRequestError, 'path.inviteId')
    // Still there: the admin's delete succeeds.
    await admin.orgs.deleteInvite({ organizationId: demo.acme, inviteId: invite })
  })
})

describe('orgs.listForEmailDomain', () => {
  it('finds Acme by its email domain for any valid token, case-insensitively', async () => {
    const { admin, guest, outsider, demo } = await setup()
    for (const client of [admin, guest, outsider]) {
      const { organizations } = await client.orgs.listForEmailDomain({ emailDomain: 'acme.test' })
      expect(organizations.map((o) => o.id)).toEqual([demo.acme])
      expect(organizations[0]).toMatchObject({ object: 'organization', title: 'Acme', hostname: 'acme', emailDomains: ['acme.test'] })
    }
    const upper = await outsider.orgs.listForEmailDomain({ emailDomain: 'ACME.Test' })
    expect(upper.organizations.map((o) => o.id)).toEqual([demo.acme])
    // Members see their own view of it; others see no more than a joinable organization's card.
    expect((await admin.orgs.listForEmailDomain({ emailDomain: 'acme.test' })).organizations[0]!.permissions?.admin).toBe(true)
    const card = (await outsider.orgs.listForEmailDomain({ emailDomain: 'acme.test' })).organizations[0]!
    expect(card.permissions).toMatchObject({ view: false, admin: false, listMembers: false, ownTeam: false })
    // Nothing beyond the card: the plan the published description requires, no SSO or billing details.
    expect(card.plan).toBe('free_2024')
    expect(card.sso).toBeUndefined()
  })

  it('follows the organization email domains and lists every organization of a domain', async () => {
    const { platform, admin, read, demo } = await setup()
    expect((await read.orgs.listForEmailDomain({ emailDomain: 'acme.dev' })).organizations).toEqual([])
    await admin.orgs.update({ organizationId: demo.acme, emailDomains: ['acme.dev'] })
    expect((await read.orgs.listForEmailDomain({ emailDomain: 'acme.dev' })).organizations.map((o) => o.id)).toEqual([demo.acme])
    expect((await read.orgs.listForEmailDomain({ emailDomain: 'acme.test' })).organizations).toEqual([])

    const sister = await platform.builders.organization({ title: 'Acme Labs', emailDomains: ['acme.dev'] })
    const both = await read.orgs.listForEmailDomain({ emailDomain: 'acme.dev' })
    expect(both.organizations.map((o) => o.id).sort()).toEqual([demo.acme, sister.id].sort())
  })

  it('refuses what is not a domain (400) and needs a token (401)', async () => {
    const { admin, anonymous } = await setup()
    await rejects(admin.orgs.listForEmailDomain({ emailDomain: 'not a domain' }), BadRequestError, 'path.emailDomain')
    await rejects(admin.orgs.listForEmailDomain({ emailDomain: 'localhost' }), BadRequestError, 'path.emailDomain')
    await rejects(admin.orgs.listForEmailDomain({ emailDomain: `${'a'.repeat(64)}.test` }), BadRequestError, 'path.emailDomain')
    // Labels within bounds, but longer than a domain name may be (253).
    await rejects(
      admin.orgs.listForEmailDomain({ emailDomain: `${Array(5).fill('a'.repeat(60)).join('.')}.test` }),
      BadRequestError,
      'path.emailDomain',
    )
    await rejects(anonymous.orgs.listForEmailDomain({ emailDomain: 'acme.test' }), AuthenticationError)
  })
})
