import { decodeJwt, jwtVerify, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, ConflictError, NotFoundError, PermissionDeniedError, type Member } from '../../src/index.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { clientFor, setup } from '../helpers.ts'
import { addMembers, collect, rejects } from './support.ts'

/** The demo's Acme members, oldest joined first. */
const JOIN_ORDER = ['Ada Admin', 'Carl Creator', 'Rita Reviewer', 'Eddie Editor', 'Cora Commenter', 'Reed Reader', 'Gus Guest']
const names = (items: readonly Member[]) => items.map((m) => m.user.displayName)

describe('orgs.members.list', () => {
  it('lists every member, newest joined first by default, with their values', async () => {
    const { read, demo } = await setup()
    const page = await read.orgs.members.list({ organizationId: demo.acme })
    expect(names(page.items)).toEqual([...JOIN_ORDER].reverse())
    expect(page.count).toBe(7)
    expect(page.next).toBeUndefined()
    const eddie = page.items.find((m) => m.id === demo.users.edit)!
    expect(eddie).toEqual({
      object: 'member',
      id: demo.users.edit,
      role: 'edit',
      user: {
        object: 'user',
        id: demo.users.edit,
        displayName: 'Eddie Editor',
        email: 'eddie@acme.test',
        urls: { location: `https://app.docplat.dev/u/${demo.users.edit}` },
      },
      disabled: false,
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sso: false,
      spaces: expect.any(Number),
      teams: 1,
      sites: 2,
    })
    expect(page.items.find((m) => m.id === demo.users.guest)!.role).toBeNull()
    // Join times are strictly ordered, as the list says.
    const joined = page.items.map((m) => Date.parse(m.joinedAt!))
    expect(joined).toEqual([...joined].sort((a, b) => b - a))
  })

  it('orders by join time ascending on request', async () => {
    const { read, demo } = await setup()
    const page = await read.orgs.members.list({ organizationId: demo.acme, order: 'asc' })
    expect(names(page.items)).toEqual(JOIN_ORDER)
    expect(names((await read.orgs.members.list({ organizationId: demo.acme, sort: 'joinedAt', order: 'desc' })).items)).toEqual(
      [...JOIN_ORDER].reverse(),
    )
  })

  it('filters by role', async () => {
    const { admin, demo } = await setup()
    const editors = await admin.orgs.members.list({ organizationId: demo.acme, role: 'edit' })
    expect(editors.items.map((m) => m.id)).toEqual([demo.users.edit])
    expect(editors.count).toBe(1)
    const admins = await admin.orgs.members.list({ organizationId: demo.acme, role: 'admin' })
    expect(admins.items.map((m) => m.id)).toEqual([demo.users.admin])

    // The filter follows role changes.
    await admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.read, role: 'edit' })
    const after = await admin.orgs.members.list({ organizationId: demo.acme, role: 'edit', order: 'asc' })
    expect(after.items.map((m) => m.id)).toEqual([demo.users.edit, demo.users.read])
    expect(after.count).toBe(2)
  })

  it('searches display names and emails, case-insensitively', async () => {
    const { admin, demo } = await setup()
    const search = async (text: string) => admin.orgs.members.list({ organizationId: demo.acme, search: text, order: 'asc' })
    expect(names((await search('cora')).items)).toEqual(['Cora Commenter'])
    expect(names((await search('EDDIE@ACME')).items)).toEqual(['Eddie Editor'])
    // "re" is in Carl Creator, Rita Reviewer and Reed Reader (names), and in no email but theirs.
    expect(names((await search('re')).items)).toEqual(['Carl Creator', 'Rita Reviewer', 'Reed Reader'])
    const all = await search('acme.test')
    expect(all.count).toBe(7)
    expect((await search('')).count).toBe(7)
    const none = await search('zzz')
    expect(none.items).toEqual([])
    expect(none.count).toBe(0)
    expect(none.next).toBeUndefined()
    // Search and role combine.
    expect(names((await admin.orgs.members.list({ organizationId: demo.acme, search: 're', role: 'review' })).items)).toEqual([
      'Rita Reviewer',
    ])
  })

  it('sorts by name, descending by default and ascending on request', async () => {
    const { admin, demo } = await setup()
    const alphabetical = [...JOIN_ORDER].sort((a, b) => a.localeCompare(b))
    expect(names((await admin.orgs.members.list({ organizationId: demo.acme, sort: 'name' })).items)).toEqual([...alphabetical].reverse())
    expect(names((await admin.orgs.members.list({ organizationId: demo.acme, sort: 'name', order: 'asc' })).items)).toEqual(alphabetical)
  })

  it('sorting by lastSeenAt lists only members who pinged, in ping order', async () => {
    const { platform, admin, read, edit, demo } = await setup()
    const none = await admin.orgs.members.list({ organizationId: demo.acme, sort: 'lastSeenAt' })
    expect(none.items).toEqual([])
    expect(none.count).toBe(0)

    await read.orgs.ping({ organizationId: demo.acme })
    platform.clock.advance('5m')
    await edit.orgs.ping({ organizationId: demo.acme })
    platform.clock.advance('5m')
    await admin.orgs.ping({ organizationId: demo.acme })

    const recent = await admin.orgs.members.list({ organizationId: demo.acme, sort: 'lastSeenAt' })
    expect(names(recent.items)).toEqual(['Ada Admin', 'Eddie Editor', 'Reed Reader'])
    expect(recent.count).toBe(3)
    const oldest = await admin.orgs.members.list({ organizationId: demo.acme, sort: 'lastSeenAt', order: 'asc' })
    expect(names(oldest.items)).toEqual(['Reed Reader', 'Eddie Editor', 'Ada Admin'])

    // A new ping moves the member to the front.
    platform.clock.advance('1m')
    await read.orgs.ping({ organizationId: demo.acme })
    expect(names((await admin.orgs.members.list({ organizationId: demo.acme, sort: 'lastSeenAt' })).items)).toEqual([
      'Reed Reader',
      'Ada Admin',
      'Eddie Editor',
    ])
    // Filters still apply.
    const editors = await admin.orgs.members.list({ organizationId: demo.acme, sort: 'lastSeenAt', role: 'edit' })
    expect(names(editors.items)).toEqual(['Eddie Editor'])
  })

  it('pages with a small limit: count is the total, every member is visited exactly once', async () => {
    const { platform, admin, demo } = await setup()
    await addMembers(platform, demo.acme, 30)
    const first = await admin.orgs.members.list({ organizationId: demo.acme, limit: 4 })
    expect(first.items).toHaveLength(4)
    expect(first.count).toBe(37)
    expect(first.hasNextPage()).toBe(true)

    const everyone = await admin.orgs.members.list({ organizationId: demo.acme, limit: 1000 })
    expect(everyone.items).toHaveLength(37)
    expect(everyone.next).toBeUndefined()

    for (const query of [{}, { sort: 'name' as const, order: 'asc' as const }, { search: 'member' }, { role: 'read' as const }]) {
      const whole = await admin.orgs.members.list({ organizationId: demo.acme, limit: 1000, ...query })
      const walked = await collect(admin.orgs.members.list({ organizationId: demo.acme, limit: 3, ...query }))
      expect(walked.map((m) => m.id)).toEqual(whole.items.map((m) => m.id))
      expect(new Set(walked.map((m) => m.id)).size).toBe(whole.count)
    }

    const pages = []
    for await (const page of admin.orgs.members.list({ organizationId: demo.acme, limit: 10 }).pages()) pages.push(page)
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 10, 7])
    expect(pages.every((p) => p.count === 37)).toBe(true)
    expect(pages.at(-1)!.next).toBeUndefined()
  })

  it('keeps a walk consistent while members join and leave', async () => {
    const { platform, admin, demo } = await setup()
    await addMembers(platform, demo.acme, 10)
    const before = (await admin.orgs.members.list({ organizationId: demo.acme, limit: 1000 })).items.map((m) => m.id)
    const page1 = await admin.orgs.members.list({ organizationId: demo.acme, limit: 5 })
    // The last member seen leaves, one not yet seen leaves, and someone joins.
    const leaverSeen = page1.items.at(-1)!.id
    const leaverAhead = before[8]!
    await admin.orgs.members.remove({ organizationId: demo.acme, userId: leaverSeen })
    await admin.orgs.members.remove({ organizationId: demo.acme, userId: leaverAhead })
    await addMembers(platform, demo.acme, 1, 'Latecomer')
    const rest: string[] = []
    for (let page = await page1.getNextPage(); ; page = await page.getNextPage()) {
      rest.push(...page.items.map((m) => m.id))
      if (!page.hasNextPage()) break
    }
    const seen = [...page1.items.map((m) => m.id), ...rest]
    expect(new Set(seen).size).toBe(seen.length)
    const survivors = before.filter((id) => id !== leaverSeen && id !== leaverAhead)
    for (const id of survivors) expect(seen).toContain(id)
    expect(rest).not.toContain(leaverAhead)
  })

  it('validates limit, order, role, sort, search and cursors with 400s naming the field', async () => {
    const { platform, admin, outsider, demo } = await setup()
    const list = (query: Record<string, unknown>) => admin.orgs.members.list({ organizationId: demo.acme, ...query } as never)
    await rejects(list({ limit: 0 }), BadRequestError, 'query.limit')
    await rejects(list({ limit: 1001 }), BadRequestError, 'query.limit')
    await rejects(list({ limit: 2.5 }), BadRequestError, 'query.limit')
    await rejects(list({ limit: 'ten' }), BadRequestError, 'query.limit')
    await rejects(list({ order: 'up' }), BadRequestError, 'query.order')
    await rejects(list({ role: 'owner' }), BadRequestError, 'query.role')
    await rejects(list({ sort: 'email' }), BadRequestError, 'query.sort')
    await rejects(list({ search: 'x'.repeat(257) }), BadRequestError, 'query.search')
    expect((await list({ limit: 1 })).items).toHaveLength(1)
    expect((await list({ limit: 1000 })).count).toBe(7)

    await rejects(list({ page: 'garbage' }), BadRequestError, 'query.page')
    await rejects(list({ page: btoa('{"l":"members","k":[1]}') }), BadRequestError, 'query.page')
    const teamsCursor = (await admin.orgs.teams.list({ organizationId: demo.acme, limit: 1 })).next!.page
    await rejects(list({ page: teamsCursor }), BadRequestError, 'query.page')
    // A cursor of another organization's member list, or of the same list sorted otherwise, is not one of this list.
    await addMembers(platform, demo.globex, 2)
    const globexCursor = (await outsider.orgs.members.list({ organizationId: demo.globex, limit: 1 })).next!.page
    await rejects(list({ page: globexCursor }), BadRequestError, 'query.page')
    const byName = (await list({ limit: 1, sort: 'name' })).next!.page
    await rejects(list({ page: byName }), BadRequestError, 'query.page')
    expect((await list({ page: byName, sort: 'name' })).items).toHaveLength(6)
  })

  it('is refused to guests (403), strangers (404) and anonymous callers (401)', async () => {
    const setupResult = await setup()
    const { guest, outsider, anonymous, demo } = setupResult
    for (const role of ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await setupResult[role].orgs.members.list({ organizationId: demo.acme })).count).toBe(7)
    }
    expect((await guest.orgs.get({ organizationId: demo.acme })).permissions?.listMembers).toBe(false)
    await rejects(guest.orgs.members.list({ organizationId: demo.acme }), PermissionDeniedError, 'listMembers')
    await rejects(outsider.orgs.members.list({ organizationId: demo.acme }), NotFoundError)
    await rejects(setupResult.admin.orgs.members.list({ organizationId: 'no-such-org' }), NotFoundError)
    await rejects(anonymous.orgs.members.list({ organizationId: demo.acme }), AuthenticationError)
  })
})

describe('orgs.members.get', () => {
  it('reads one member, with counts that agree with their lists', async () => {
    const { admin, read, demo } = await setup()
    const carl = await read.orgs.members.get({ organizationId: demo.acme, userId: demo.users.create })
    expect(carl).toMatchObject({
      object: 'member',
      id: demo.users.create,
      role: 'create',
      user: { displayName: 'Carl Creator', email: 'carl@acme.test' },
      teams: 1,
      sso: false,
    })
    const spaces = await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.create })
    expect(carl.spaces).toBe(spaces.count)
    expect(carl.lastSeenAt).toBeUndefined()
  })

  it('every member’s spaces and teams counts agree with listSpaces and listTeams', async () => {
    const { admin, demo } = await setup()
    const members = await collect(admin.orgs.members.list({ organizationId: demo.acme }))
    expect(members).toHaveLength(7)
    for (const member of members) {
      const spaces = await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: member.id })
      const teams = await admin.orgs.members.listTeams({ organizationId: demo.acme, userId: member.id })
      expect([member.user.displayName, member.spaces, member.teams]).toEqual([member.user.displayName, spaces.count, teams.count])
      expect(await admin.orgs.members.get({ organizationId: demo.acme, userId: member.id })).toEqual(member)
    }
  })

  it('keeps the counts in agreement as spaces, grants and teams change', async () => {
    const { platform, admin, demo } = await setup()
    await platform.builders.space({
      organization: demo.acme,
      parent: demo.collections.internal,
      title: 'Onboarding',
      emoji: '👋',
      visibility: 'private',
    })
    await platform.builders.space({ organization: demo.acme, title: 'Scratch', emoji: '🗑️', visibility: 'private', deleted: true })
    await platform.builders.teamMember(demo.teams.writers, demo.users.guest)
    await admin.orgs.teams.create({ organizationId: demo.acme, title: 'Night Shift', members: [demo.users.guest, demo.users.read] })
    const check = async () => {
      for (const member of await collect(admin.orgs.members.list({ organizationId: demo.acme }))) {
        const spaces = await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: member.id })
        const teams = await admin.orgs.members.listTeams({ organizationId: demo.acme, userId: member.id })
        expect([member.user.displayName, member.spaces, member.teams]).toEqual([member.user.displayName, spaces.count, teams.count])
      }
    }
    await check()
    // Through Writers (edit on Internal) the guest now reaches Internal's three spaces.
    const gus = await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.guest })
    const gusSpaces = await collect(admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.guest }))
    expect(gusSpaces.filter((e) => e.permission === 'edit')).toHaveLength(3)
    expect(gus.teams).toBe(2)
    await admin.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.writers })
    await admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.read, role: null })
    await check()
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.guest })).spaces).toBe(gus.spaces! - 2)
  })

  it('lets a guest read their own membership but no one else’s', async () => {
    const { guest, demo } = await setup()
    const self = await guest.orgs.members.get({ organizationId: demo.acme, userId: demo.users.guest })
    expect(self).toMatchObject({ id: demo.users.guest, role: null, teams: 0 })
    await rejects(guest.orgs.members.get({ organizationId: demo.acme, userId: demo.users.admin }), PermissionDeniedError)
  })

  it('answers 404 for non-members and other organizations, 401 anonymous', async () => {
    const { admin, outsider, anonymous, demo } = await setup()
    await rejects(admin.orgs.members.get({ organizationId: demo.acme, userId: 'no-such-user' }), NotFoundError, 'no-such-user')
    await rejects(admin.orgs.members.get({ organizationId: demo.acme, userId: 'u'.repeat(257) }), BadRequestError, 'path.userId')
    await rejects(
      admin.orgs.members.get({ organizationId: 'o'.repeat(257), userId: demo.users.read }),
      BadRequestError,
      'path.organizationId',
    )
    await rejects(admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.outsider }), NotFoundError)
    await rejects(outsider.orgs.members.get({ organizationId: demo.acme, userId: demo.users.admin }), NotFoundError)
    await rejects(outsider.orgs.members.get({ organizationId: demo.globex, userId: demo.users.admin }), NotFoundError)
    await rejects(anonymous.orgs.members.get({ organizationId: demo.acme, userId: demo.users.admin }), AuthenticationError)
  })
})

describe('orgs.members.update', () => {
  it('changes a role, and the new role takes effect', async () => {
    const { admin, read, demo } = await setup()
    expect((await read.orgs.get({ organizationId: demo.acme })).permissions?.ownTeam).toBe(false)
    const updated = await admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.read, role: 'create' })
    expect(updated).toMatchObject({ object: 'member', id: demo.users.read, role: 'create' })
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.read })).role).toBe('create')
    expect((await read.orgs.get({ organizationId: demo.acme })).permissions?.ownTeam).toBe(true)
    const team = await read.orgs.teams.create({ organizationId: demo.acme, title: 'Readers Club' })
    expect(team.members).toBe(1)
  })

  it('turns a member into a guest (role null), who then loses the member list', async () => {
    const { admin, comment, demo } = await setup()
    const guest = await admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.comment, role: null })
    expect(guest.role).toBeNull()
    await rejects(comment.orgs.members.list({ organizationId: demo.acme }), PermissionDeniedError)
    expect((await comment.orgs.get({ organizationId: demo.acme })).permissions?.view).toBe(true)
  })

  it('refuses to demote the last admin (409) and allows it once another admin exists', async () => {
    const { admin, create, demo } = await setup()
    await rejects(
      admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.admin, role: 'read' }),
      ConflictError,
      'last admin',
    )
    await rejects(admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.admin, role: null }), ConflictError)
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.admin })).role).toBe('admin')
    // Re-stating admin is no demotion.
    expect((await admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.admin, role: 'admin' })).role).toBe('admin')

    await admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.create, role: 'admin' })
    expect((await admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.admin, role: 'edit' })).role).toBe('edit')
    expect((await admin.orgs.get({ organizationId: demo.acme })).permissions?.admin).toBe(false)
    // Carl is now the last admin.
    await rejects(create.orgs.members.update({ organizationId: demo.acme, userId: demo.users.create, role: 'read' }), ConflictError)
  })

  it('validates the role with 400s naming body.role', async () => {
    const { admin, demo } = await setup()
    const update = (body: Record<string, unknown>) =>
      admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.read, ...body } as never)
    await rejects(update({ role: 'owner' }), BadRequestError, 'body.role')
    await rejects(update({ role: 5 }), BadRequestError, 'body.role')
    await rejects(update({}), BadRequestError, 'body.role')
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.read })).role).toBe('read')
  })

  it('is for admins only (403), 404 outside or for non-members, 401 anonymous', async () => {
    const setupResult = await setup()
    const { admin, outsider, anonymous, demo } = setupResult
    for (const role of ['create', 'review', 'edit', 'comment', 'read', 'guest'] as const) {
      await rejects(
        setupResult[role].orgs.members.update({ organizationId: demo.acme, userId: demo.users[role], role: 'admin' }),
        PermissionDeniedError,
      )
    }
    await rejects(admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.outsider, role: 'read' }), NotFoundError)
    await rejects(admin.orgs.members.update({ organizationId: demo.acme, userId: 'no-such-user', role: 'read' }), NotFoundError)
    await rejects(outsider.orgs.members.update({ organizationId: demo.acme, userId: demo.users.read, role: 'admin' }), NotFoundError)
    await rejects(anonymous.orgs.members.update({ organizationId: demo.acme, userId: demo.users.read, role: 'admin' }), AuthenticationError)
    const admins = await admin.orgs.members.list({ organizationId: demo.acme, role: 'admin' })
    expect(admins.items.map((m) => m.id)).toEqual([demo.users.admin])
  })
})

describe('orgs.members.remove', () => {
  it('removes a member from the organization and from every team', async () => {
    const { admin, edit, create, demo } = await setup()
    const writersBefore = await admin.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers })
    expect(writersBefore.members).toBe(3)

    const { response, data } = await admin.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.edit }).withResponse()
    expect(response.status).toBe(204)
    expect(data).toBeUndefined()

    const list = await admin.orgs.members.list({ organizationId: demo.acme })
    expect(list.count).toBe(6)
    expect(list.items.map((m) => m.id)).not.toContain(demo.users.edit)
    await rejects(admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.edit }), NotFoundError)
    expect((await create.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers })).members).toBe(2)
    // The former member no longer sees the organization.
    await rejects(edit.orgs.get({ organizationId: demo.acme }), NotFoundError)
    await rejects(admin.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.edit }), NotFoundError)
  })

  it('does not give back teams or grants when the user rejoins', async () => {
    const { platform, admin, demo } = await setup()
    const guestSpaces = await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.guest })
    expect(guestSpaces.items.find((e) => e.space.id === demo.spaces.handbook)?.permission).toBe('comment')

    await admin.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.comment })
    await admin.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.guest })
    await platform.builders.member(demo.acme, demo.users.comment, 'comment')
    await platform.builders.member(demo.acme, demo.users.guest, null)

    const cora = await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.comment })
    expect(cora.teams).toBe(0)
    const coraTeams = await admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.comment })
    expect(coraTeams.items).toEqual([])
    expect(coraTeams.count).toBe(0)
    const gus = await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.guest })
    expect(gus.items.map((e) => e.space.id)).not.toContain(demo.spaces.handbook)
  })

  it('lets any member leave, guests included', async () => {
    const { admin, read, guest, demo } = await setup()
    await read.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.read })
    await guest.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.guest })
    const left = await admin.orgs.members.list({ organizationId: demo.acme })
    expect(left.count).toBe(5)
    expect(left.items.map((m) => m.id)).not.toContain(demo.users.read)
    expect((await read.orgs.list()).count).toBe(0)
  })

  it('refuses to remove the last admin (409), even by themselves', async () => {
    const { admin, create, demo } = await setup()
    await rejects(admin.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.admin }), ConflictError, 'last admin')
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.admin })).role).toBe('admin')

    await admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.create, role: 'admin' })
    await create.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.admin })
    expect((await create.orgs.members.list({ organizationId: demo.acme, role: 'admin' })).items.map((m) => m.id)).toEqual([
      demo.users.create,
    ])
    await rejects(create.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.create }), ConflictError)
  })

  it('is for admins when removing someone else: 403 for other roles, 404 outside, 401 anonymous', async () => {
    const setupResult = await setup()
    const { admin, outsider, anonymous, demo } = setupResult
    for (const role of ['create', 'review', 'edit', 'comment', 'read', 'guest'] as const) {
      const someoneElse = role === 'read' ? demo.users.edit : demo.users.read
      await rejects(setupResult[role].orgs.members.remove({ organizationId: demo.acme, userId: someoneElse }), PermissionDeniedError)
    }
    await rejects(admin.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.outsider }), NotFoundError)
    await rejects(admin.orgs.members.remove({ organizationId: demo.acme, userId: 'no-such-user' }), NotFoundError)
    await rejects(outsider.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.read }), NotFoundError)
    await rejects(anonymous.orgs.members.remove({ organizationId: demo.acme, userId: demo.users.read }), AuthenticationError)
    expect((await admin.orgs.members.list({ organizationId: demo.acme })).count).toBe(7)
  })
})

describe('orgs.ping', () => {
  it('signs the visitor JWT exactly as a JOSE library does, for any name, role and secret', async () => {
    const platform = createMockPlatform({ scenario: 'empty', freeze: true })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Ünïcode Øy' })
    // A name outside ASCII and a guest (a null role) exercise the UTF-8 and null claims.
    for (const [displayName, role] of [
      ['Zoë Ørsted 🦊', 'edit'],
      ['Guest/with+slashes?', null],
    ] as const) {
      const { user, token: apiToken, member } = await platform.builders.user({ displayName, organization: org.id, role })
      const token = (await clientFor(platform, apiToken).orgs.ping({ organizationId: org.id })).serviceVisitorClaims!
      const iat = Math.floor(Date.parse(platform.db.members.get(member!.id)!.lastSeenAt!) / 1000)
      const secret = new TextEncoder().encode(platform.db.organizations.get(org.id)!.visitorSecret)
      const expected = await new SignJWT({ organization: org.id, role, email: user.email, name: displayName })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(`${platform.baseUrl}/v1/orgs/${org.id}`)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(secret)
      expect(token).toBe(expected)
      const { payload, protectedHeader } = await jwtVerify(token, secret, { currentDate: new Date(platform.clock.now()) })
      expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' })
      expect(payload.name).toBe(displayName)
      expect(payload.role).toBe(role)
    }
  })

  it('records the last-seen time and returns a visitor JWT naming the user and the organization', async () => {
    const { platform, edit, admin, demo } = await setup({ freeze: true })
    const { serviceVisitorClaims } = await edit.orgs.ping({ organizationId: demo.acme })
    const claims = decodeJwt(serviceVisitorClaims!)
    expect(claims).toMatchObject({
      sub: demo.users.edit,
      organization: demo.acme,
      role: 'edit',
      email: 'eddie@acme.test',
      name: 'Eddie Editor',
      iss: `${platform.baseUrl}/v1/orgs/${demo.acme}`,
    })
    expect(claims.exp! - claims.iat!).toBe(3600)

    const eddie = await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.edit })
    // The ping's write is the platform's latest: the next stamp of the frozen clock follows it by one millisecond.
    expect(Date.parse(eddie.lastSeenAt!)).toBeGreaterThanOrEqual(platform.clock.ms())
    expect(Date.parse(platform.clock.stamp())).toBe(Date.parse(eddie.lastSeenAt!) + 1)
    expect(claims.iat).toBe(Math.floor(Date.parse(eddie.lastSeenAt!) / 1000))
    // Only the caller's own last-seen time moved.
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.admin })).lastSeenAt).toBeUndefined()
  })

  it('moves lastSeenAt forward with the platform clock', async () => {
    const { platform, read, admin, demo } = await setup({ freeze: true })
    await read.orgs.ping({ organizationId: demo.acme })
    const first = (await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.read })).lastSeenAt!
    const later = platform.clock.advance('1h')
    const second = await read.orgs.ping({ organizationId: demo.acme })
    const seen = (await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.read })).lastSeenAt!
    expect(seen).toBe(later.toISOString())
    expect(Date.parse(seen) - Date.parse(first)).toBeGreaterThan(3_590_000)
    expect(decodeJwt(second.serviceVisitorClaims!).iat).toBe(Math.floor(later.getTime() / 1000))
  })

  it('works with a flowing clock too', async () => {
    const { platform, comment, admin, demo } = await setup()
    await comment.orgs.ping({ organizationId: demo.acme })
    const first = Date.parse((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.comment })).lastSeenAt!)
    platform.clock.advance('1h')
    const sent = platform.clock.ms()
    await comment.orgs.ping({ organizationId: demo.acme })
    const answered = platform.clock.ms()
    const second = Date.parse((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.comment })).lastSeenAt!)
    // An hour later, read from the flowing clock while the ping was under way, however long it took.
    expect(second - first).toBeGreaterThan(3_590_000)
    expect(second).toBeGreaterThanOrEqual(sent)
    expect(second).toBeLessThanOrEqual(answered)
  })

  it('lets guests ping; refuses strangers (404) and anonymous callers (401)', async () => {
    const { guest, outsider, anonymous, admin, demo } = await setup()
    const claims = decodeJwt((await guest.orgs.ping({ organizationId: demo.acme })).serviceVisitorClaims!)
    expect(claims).toMatchObject({ sub: demo.users.guest, organization: demo.acme, role: null })
    expect((await guest.orgs.members.get({ organizationId: demo.acme, userId: demo.users.guest })).lastSeenAt).toEqual(expect.any(String))

    await rejects(outsider.orgs.ping({ organizationId: demo.acme }), NotFoundError)
    await rejects(admin.orgs.ping({ organizationId: 'no-such-org' }), NotFoundError)
    await rejects(anonymous.orgs.ping({ organizationId: demo.acme }), AuthenticationError)
    const outsiderClaims = decodeJwt((await outsider.orgs.ping({ organizationId: demo.globex })).serviceVisitorClaims!)
    expect(outsiderClaims).toMatchObject({ sub: demo.users.outsider, organization: demo.globex })
    expect((await admin.orgs.members.list({ organizationId: demo.acme, sort: 'lastSeenAt' })).items.map((m) => m.id)).toEqual([
      demo.users.guest,
    ])
  })
})

describe('orgs.members.setSSO', () => {
  it('makes a member an SSO member, idempotently', async () => {
    const { admin, read, demo } = await setup()
    const member = await admin.orgs.members.setSSO({ organizationId: demo.acme, userId: demo.users.edit })
    expect(member).toMatchObject({ object: 'member', id: demo.users.edit, sso: true, role: 'edit' })
    expect((await read.orgs.members.get({ organizationId: demo.acme, userId: demo.users.edit })).sso).toBe(true)
    const listed = await read.orgs.members.list({ organizationId: demo.acme })
    expect(listed.items.filter((m) => m.sso).map((m) => m.id)).toEqual([demo.users.edit])
    expect((await admin.orgs.members.setSSO({ organizationId: demo.acme, userId: demo.users.edit })).sso).toBe(true)
  })

  it('is for admins only (403), 404 for non-members and strangers, 401 anonymous', async () => {
    const setupResult = await setup()
    const { admin, outsider, anonymous, demo } = setupResult
    for (const role of ['create', 'review', 'edit', 'comment', 'read', 'guest'] as const) {
      await rejects(setupResult[role].orgs.members.setSSO({ organizationId: demo.acme, userId: demo.users[role] }), PermissionDeniedError)
    }
    await rejects(admin.orgs.members.setSSO({ organizationId: demo.acme, userId: demo.users.outsider }), NotFoundError)
    await rejects(admin.orgs.members.setSSO({ organizationId: demo.acme, userId: 'no-such-user' }), NotFoundError)
    await rejects(outsider.orgs.members.setSSO({ organizationId: demo.acme, userId: demo.users.read }), NotFoundError)
    await rejects(anonymous.orgs.members.setSSO({ organizationId: demo.acme, userId: demo.users.read }), AuthenticationError)
    const listed = await admin.orgs.members.list({ organizationId: demo.acme })
    expect(listed.items.every((m) => m.sso === false)).toBe(true)
  })
})

describe('orgs.members.listSpaces', () => {
  it('lists the spaces a member can access with their permission on each', async () => {
    const { admin, demo } = await setup()
    const eddie = await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.edit, limit: 1000 })
    const permission = Object.fromEntries(eddie.items.map((e) => [e.space.id, e.permission]))
    // Writers (Eddie's team) edit the Internal collection; elsewhere his organization role applies.
    expect(permission[demo.spaces.handbook]).toBe('edit')
    expect(permission[demo.spaces.roadmap]).toBe('edit')
    expect(permission[demo.spaces.guide]).toBe('edit')
    expect(permission[demo.spaces.archive]).toBeUndefined()
    expect(permission[demo.spaces.globexDocs]).toBeUndefined()
    expect(eddie.items.every((e) => e.space.object === 'space' && e.space.organization === demo.acme)).toBe(true)

    const reed = await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.read, limit: 1000 })
    const reedPermission = Object.fromEntries(reed.items.map((e) => [e.space.id, e.permission]))
    expect(reedPermission[demo.spaces.handbook]).toBe('read')
    expect(reed.count).toBe(eddie.count)

    const ada = await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.admin, limit: 1000 })
    expect(ada.items.every((e) => e.permission === 'admin')).toBe(true)
  })

  it('lists for a guest exactly the spaces the guest can open', async () => {
    const { guest, demo } = await setup()
    const own = await guest.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.guest })
    const permission = Object.fromEntries(own.items.map((e) => [e.space.id, e.permission]))
    expect(permission[demo.spaces.handbook]).toBe('comment')
    expect(permission[demo.spaces.roadmap]).toBeUndefined()
    expect(own.count).toBe(own.items.length)
    for (const { space, permission: level } of own.items) {
      const opened = await guest.spaces.get({ spaceId: space.id })
      expect(opened.permissions?.view).toBe(true)
      expect(opened.permissions?.comment).toBe(level === 'comment')
    }
    await rejects(guest.spaces.get({ spaceId: demo.spaces.roadmap }), NotFoundError)
  })

  it('orders newest space first by default, oldest first with order=asc, and pages', async () => {
    const { admin, demo } = await setup()
    const desc = (await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.edit })).items.map((e) => e.space.id)
    const asc = (await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.edit, order: 'asc' })).items.map(
      (e) => e.space.id,
    )
    expect(asc).toEqual([...desc].reverse())
    expect(asc.indexOf(demo.spaces.guide)).toBeLessThan(asc.indexOf(demo.spaces.roadmap))
    const walked = await collect(admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.edit, limit: 2 }))
    expect(walked.map((e) => e.space.id)).toEqual(desc)
  })

  it('follows role changes and team grants', async () => {
    const { admin, demo } = await setup()
    const perm = async (userId: string, spaceId: string) =>
      (await collect(admin.orgs.members.listSpaces({ organizationId: demo.acme, userId }))).find((e) => e.space.id === spaceId)?.permission
    expect(await perm(demo.users.read, demo.spaces.guide)).toBe('read')
    await admin.orgs.members.update({ organizationId: demo.acme, userId: demo.users.read, role: 'review' })
    expect(await perm(demo.users.read, demo.spaces.guide)).toBe('review')
    // Deleting Writers takes its edit grant on Internal away from Cora.
    expect(await perm(demo.users.comment, demo.spaces.handbook)).toBe('edit')
    await admin.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.writers })
    expect(await perm(demo.users.comment, demo.spaces.handbook)).toBe('read')
  })

  it('lets members list their own, admins anyone’s; 403 otherwise, 404 for strangers, 400 on bad paging', async () => {
    const { admin, read, outsider, anonymous, demo } = await setup()
    expect((await read.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.read })).count).toBeGreaterThan(0)
    await rejects(read.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.edit }), PermissionDeniedError)
    await rejects(admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.outsider }), NotFoundError)
    await rejects(admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: 'no-such-user' }), NotFoundError)
    await rejects(outsider.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.outsider }), NotFoundError)
    await rejects(anonymous.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.read }), AuthenticationError)
    await rejects(
      admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.read, order: 'sideways' } as never),
      BadRequestError,
      'query.order',
    )
    await rejects(
      admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.read, limit: 0 }),
      BadRequestError,
      'query.limit',
    )
    await rejects(
      admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.read, limit: 1001 }),
      BadRequestError,
      'query.limit',
    )
    const otherCursor = (await admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.edit, limit: 1 })).next!.page
    await rejects(
      admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.read, page: otherCursor }),
      BadRequestError,
      'query.page',
    )
  })
})

describe('orgs.members.listTeams', () => {
  it('lists the member’s teams with their role in each', async () => {
    const { read, demo } = await setup()
    const carl = await read.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.create })
    expect(carl.items).toEqual([
      {
        team: expect.objectContaining({ object: 'team', id: demo.teams.writers, title: 'Writers', members: 3 }),
        member: { role: 'owner' },
      },
    ])
    expect(carl.count).toBe(1)
    const eddie = await read.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit })
    expect(eddie.items.map((e) => [e.team.title, e.member.role])).toEqual([['Writers', 'member']])
    const rita = await read.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.review })
    expect(rita.items.map((e) => [e.team.title, e.member.role])).toEqual([['Reviewers', 'member']])
    const ada = await read.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.admin })
    expect(ada.items).toEqual([])
    expect(ada.count).toBe(0)
  })

  it('filters by title, case-insensitively, and pages', async () => {
    const { platform, admin, demo } = await setup()
    await platform.builders.teamMember(demo.teams.reviewers, demo.users.edit)
    const both = await admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit })
    expect(both.items.map((e) => e.team.title)).toEqual(['Writers', 'Reviewers'])
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.edit })).teams).toBe(2)
    const filtered = await admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit, title: 'VIEW' })
    expect(filtered.items.map((e) => e.team.title)).toEqual(['Reviewers'])
    expect(filtered.count).toBe(1)
    expect((await admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit, title: 'nothing' })).count).toBe(0)
    const walked = await collect(admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit, limit: 1 }))
    expect(walked.map((e) => e.team.title)).toEqual(['Writers', 'Reviewers'])
  })

  it('lets a guest list their own teams only', async () => {
    const { platform, guest, demo } = await setup()
    expect((await guest.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.guest })).count).toBe(0)
    await platform.builders.teamMember(demo.teams.writers, demo.users.guest)
    const own = await guest.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.guest })
    expect(own.items.map((e) => [e.team.id, e.member.role, e.team.permissions?.view])).toEqual([[demo.teams.writers, 'member', true]])
    await rejects(guest.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit }), PermissionDeniedError)
  })

  it('validates the query (400), 404 for non-members and strangers, 401 anonymous', async () => {
    const { admin, outsider, anonymous, demo } = await setup()
    await rejects(
      admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit, title: 'x'.repeat(65) }),
      BadRequestError,
      'query.title',
    )
    await rejects(
      admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit, limit: 0 }),
      BadRequestError,
      'query.limit',
    )
    await rejects(
      admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit, limit: 1001 }),
      BadRequestError,
      'query.limit',
    )
    await rejects(
      admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit, page: 'nope' }),
      BadRequestError,
      'query.page',
    )
    await rejects(admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.outsider }), NotFoundError)
    await rejects(admin.orgs.members.listTeams({ organizationId: demo.acme, userId: 'no-such-user' }), NotFoundError)
    await rejects(outsider.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit }), NotFoundError)
    await rejects(anonymous.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit }), AuthenticationError)
  })
})
