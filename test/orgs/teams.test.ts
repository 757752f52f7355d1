import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { addMembers, collect, rejects } from './support.ts'

describe('orgs.teams.list', () => {
  it('lists the teams of the organization with their counts and the caller permissions', async () => {
    const { admin, create, review, demo } = await setup()
    const page = await admin.orgs.teams.list({ organizationId: demo.acme })
    expect(page.count).toBe(2)
    expect(page.next).toBeUndefined()
    expect(page.items).toEqual([
      {
        object: 'team',
        id: demo.teams.writers,
        title: 'Writers',
        // Carl (owner), Eddie and Cora.
        members: 3,
        // Writers edit the Internal collection: the Employee Handbook and the Roadmap.
        spaces: 2,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        permissions: { view: true, admin: true },
      },
      {
        object: 'team',
        id: demo.teams.reviewers,
        title: 'Reviewers',
        members: 1,
        // Reviewers review the API Reference space.
        spaces: 1,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        permissions: { view: true, admin: true },
      },
    ])
    const asCarl = await create.orgs.teams.list({ organizationId: demo.acme })
    expect(asCarl.items.map((t) => [t.title, t.permissions])).toEqual([
      ['Writers', { view: true, admin: true }],
      ['Reviewers', { view: true, admin: false }],
    ])
    const asRita = await review.orgs.teams.list({ organizationId: demo.acme })
    expect(asRita.items.map((t) => t.permissions?.admin)).toEqual([false, false])
  })

  it('counts spaces reached through the team’s grants, live ones only', async () => {
    const { platform, admin, demo } = await setup()
    const spaces = async () => (await admin.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers })).spaces
    await platform.builders.space({
      organization: demo.acme,
      parent: demo.collections.internal,
      title: 'Onboarding',
      emoji: '👋',
      visibility: 'private',
    })
    expect(await spaces()).toBe(3)
    // A direct grant on a space already counted through the collection is one space, not two.
    await platform.builders.grant({ target: demo.spaces.handbook, principal: demo.teams.writers, role: 'admin' })
    expect(await spaces()).toBe(3)
    await platform.builders.grant({ target: demo.spaces.guide, principal: demo.teams.writers, role: 'edit' })
    expect(await spaces()).toBe(4)
    await platform.builders.space({
      organization: demo.acme,
      parent: demo.collections.internal,
      title: 'Gone',
      emoji: '🗑️',
      visibility: 'private',
      deleted: true,
    })
    expect(await spaces()).toBe(4)
  })

  it('filters by title (case-insensitive contains)', async () => {
    const { read, demo } = await setup()
    const titles = async (title: string) => (await read.orgs.teams.list({ organizationId: demo.acme, title })).items.map((t) => t.title)
    expect(await titles('WRIT')).toEqual(['Writers'])
    expect(await titles('er')).toEqual(['Writers', 'Reviewers'])
    expect(await titles('view')).toEqual(['Reviewers'])
    const none = await read.orgs.teams.list({ organizationId: demo.acme, title: 'zzz' })
    expect(none.items).toEqual([])
    expect(none.count).toBe(0)
  })

  it('filters by owner: the teams that member can manage', async () => {
    const { admin, demo } = await setup()
    const owned = async (owner: string, title?: string) =>
      (await admin.orgs.teams.list({ organizationId: demo.acme, owner, ...(title ? { title } : {}) })).items.map((t) => t.title)
    expect(await owned(demo.users.create)).toEqual(['Writers'])
    // An organization admin manages every team.
    expect(await owned(demo.users.admin)).toEqual(['Writers', 'Reviewers'])
    expect(await owned(demo.users.edit)).toEqual([])
    expect(await owned(demo.users.review)).toEqual([])
    expect(await owned(demo.users.admin, 'view')).toEqual(['Reviewers'])
    expect(await owned(demo.users.create, 'view')).toEqual([])

    const team = await admin.orgs.teams.create({ organizationId: demo.acme, title: 'Admins Own This' })
    expect(await owned(demo.users.admin)).toEqual(['Writers', 'Reviewers', 'Admins Own This'])
    expect(await owned(demo.users.create)).toEqual(['Writers'])
    expect(team.id).toEqual(expect.any(String))
  })

  it('refuses an owner who is not a member (400 naming query.owner)', async () => {
    const { admin, demo } = await setup()
    await rejects(admin.orgs.teams.list({ organizationId: demo.acme, owner: demo.users.outsider }), BadRequestError, 'query.owner')
    await rejects(admin.orgs.teams.list({ organizationId: demo.acme, owner: 'no-such-user' }), BadRequestError, 'query.owner')
    await rejects(admin.orgs.teams.list({ organizationId: demo.acme, owner: 'u'.repeat(257) }), BadRequestError, 'query.owner')
  })

  it('pages, visiting each team once with the total as count', async () => {
    const { admin, demo } = await setup()
    for (let i = 0; i < 5; i++) await admin.orgs.teams.create({ organizationId: demo.acme, title: `Squad ${i}` })
    const first = await admin.orgs.teams.list({ organizationId: demo.acme, limit: 3 })
    expect(first.items.map((t) => t.title)).toEqual(['Writers', 'Reviewers', 'Squad 0'])
    expect(first.count).toBe(7)
    const walked = await collect(admin.orgs.teams.list({ organizationId: demo.acme, limit: 2 }))
    expect(walked.map((t) => t.title)).toEqual(['Writers', 'Reviewers', 'Squad 0', 'Squad 1', 'Squad 2', 'Squad 3', 'Squad 4'])
    const squads = await collect(admin.orgs.teams.list({ organizationId: demo.acme, limit: 1, title: 'squad' }))
    expect(squads).toHaveLength(5)
  })

  it('validates its query with 400s naming the field', async () => {
    const { admin, demo } = await setup()
    await rejects(admin.orgs.teams.list({ organizationId: demo.acme, limit: 0 }), BadRequestError, 'query.limit')
    await rejects(admin.orgs.teams.list({ organizationId: demo.acme, limit: 1001 }), BadRequestError, 'query.limit')
    await rejects(admin.orgs.teams.list({ organizationId: demo.acme, title: 'x'.repeat(65) }), BadRequestError, 'query.title')
    await rejects(admin.orgs.teams.list({ organizationId: demo.acme, page: 'not-ours' }), BadRequestError, 'query.page')
    const membersCursor = (await admin.orgs.members.list({ organizationId: demo.acme, limit: 1 })).next!.page
    await rejects(admin.orgs.teams.list({ organizationId: demo.acme, page: membersCursor }), BadRequestError, 'query.page')
    const titleCursor = (await admin.orgs.teams.list({ organizationId: demo.acme, limit: 1, title: 'er' })).next!.page
    await rejects(admin.orgs.teams.list({ organizationId: demo.acme, page: titleCursor }), BadRequestError, 'query.page')
    expect((await admin.orgs.teams.list({ organizationId: demo.acme, page: titleCursor, title: 'er' })).items.map((t) => t.title)).toEqual([
      'Reviewers',
    ])
  })

  it('is refused to guests (403), strangers (404) and anonymous callers (401)', async () => {
    const { platform, admin, guest, outsider, anonymous, demo } = await setup()
    expect((await guest.orgs.get({ organizationId: demo.acme })).permissions?.listTeams).toBe(false)
    await rejects(guest.orgs.teams.list({ organizationId: demo.acme }), PermissionDeniedError, 'listTeams')
    // Even a guest in a team does not list the organization's teams.
    await platform.builders.teamMember(demo.teams.writers, demo.users.guest)
    await rejects(guest.orgs.teams.list({ organizationId: demo.acme }), PermissionDeniedError)
    await rejects(outsider.orgs.teams.list({ organizationId: demo.acme }), NotFoundError)
    await rejects(admin.orgs.teams.list({ organizationId: 'no-such-org' }), NotFoundError)
    await rejects(anonymous.orgs.teams.list({ organizationId: demo.acme }), AuthenticationError)
    expect((await outsider.orgs.teams.list({ organizationId: demo.globex })).count).toBe(0)
  })
})

describe('orgs.teams.create', () => {
  it('creates a team owned by its creator, with the members given', async () => {
    const { admin, create, edit, demo } = await setup()
    const { data: team, response } = await create.orgs.teams
      .create({ organizationId: demo.acme, title: 'Docs Crew', members: [demo.users.edit, demo.users.read] })
      .withResponse()
    expect(response.status).toBe(201)
    expect(team).toEqual({
      object: 'team',
      id: expect.any(String),
      title: 'Docs Crew',
      members: 3,
      spaces: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      permissions: { view: true, admin: true },
    })
    expect(await create.orgs.teams.get({ organizationId: demo.acme, teamId: team.id })).toEqual(team)
    const list = await admin.orgs.teams.list({ organizationId: demo.acme })
    expect(list.count).toBe(3)
    expect(list.items.map((t) => t.title)).toEqual(['Writers', 'Reviewers', 'Docs Crew'])

    const roles = async (userId: string) =>
      (await admin.orgs.members.listTeams({ organizationId: demo.acme, userId })).items.map((e) => [e.team.title, e.member.role])
    expect(await roles(demo.users.create)).toEqual([
      ['Writers', 'owner'],
      ['Docs Crew', 'owner'],
    ])
    expect(await roles(demo.users.edit)).toEqual([
      ['Writers', 'member'],
      ['Docs Crew', 'member'],
    ])
    expect(await roles(demo.users.read)).toEqual([['Docs Crew', 'member']])
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.edit })).teams).toBe(2)
    // A member of the team sees it, but does not manage it.
    expect((await edit.orgs.teams.get({ organizationId: demo.acme, teamId: team.id })).permissions).toEqual({ view: true, admin: false })
    expect((await admin.orgs.teams.list({ organizationId: demo.acme, owner: demo.users.create })).items.map((t) => t.title)).toEqual([
      'Writers',
      'Docs Crew',
    ])
  })

  it('starts with its creator alone, and counts repeated or self-listed members once', async () => {
    const { admin, demo } = await setup()
    const solo = await admin.orgs.teams.create({ organizationId: demo.acme, title: 'Solo' })
    expect(solo.members).toBe(1)
    const repeated = await admin.orgs.teams.create({
      organizationId: demo.acme,
      title: 'Repeats',
      members: [demo.users.edit, demo.users.edit, demo.users.admin],
    })
    expect(repeated.members).toBe(2)
    const adminTeams = await admin.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.admin })
    expect(adminTeams.items.map((e) => [e.team.title, e.member.role])).toEqual([
      ['Solo', 'owner'],
      ['Repeats', 'owner'],
    ])
    // Titles need not be unique: teams are told apart by ID.
    const twin = await admin.orgs.teams.create({ organizationId: demo.acme, title: 'Solo' })
    expect(twin.id).not.toBe(solo.id)
  })

  it('refuses invalid titles and members with 400s naming the field, creating nothing', async () => {
    const { admin, demo } = await setup()
    const create = (body: Record<string, unknown>) => admin.orgs.teams.create({ organizationId: demo.acme, ...body } as never)
    await rejects(create({}), BadRequestError, 'body.title')
    await rejects(create({ title: '' }), BadRequestError, 'body.title')
    await rejects(create({ title: 'x'.repeat(65) }), BadRequestError, 'body.title')
    await rejects(create({ title: '   ' }), BadRequestError, 'body.title')
    await rejects(create({ title: 7 }), BadRequestError, 'body.title')
    await rejects(create({ title: 'Ok', members: demo.users.edit }), BadRequestError, 'body.members')
    await rejects(create({ title: 'Ok', members: [demo.users.edit, demo.users.outsider] }), BadRequestError, 'body.members.1')
    await rejects(create({ title: 'Ok', members: ['no-such-user'] }), BadRequestError, 'body.members.0')
    await rejects(create({ title: 'Ok', members: [demo.users.edit, ''] }), BadRequestError, 'body.members.1')
    await rejects(create({ title: 'Ok', members: Array.from({ length: 1001 }, () => demo.users.edit) }), BadRequestError, 'body.members')
    expect((await create({ title: 'x'.repeat(64) })).title).toBe('x'.repeat(64))
    const list = await admin.orgs.teams.list({ organizationId: demo.acme })
    expect(list.items.map((t) => t.title)).toEqual(['Writers', 'Reviewers', 'x'.repeat(64)])
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.edit })).teams).toBe(1)
  })

  it('takes many members at once', async () => {
    const { platform, admin, demo } = await setup()
    const ids = await addMembers(platform, demo.acme, 40)
    const team = await admin.orgs.teams.create({ organizationId: demo.acme, title: 'Everyone New', members: ids })
    expect(team.members).toBe(41)
    const walked = await collect(admin.orgs.members.list({ organizationId: demo.acme, search: 'member', limit: 7 }))
    for (const member of walked) expect(member.teams).toBe(1)
  })

  it('needs ownTeam (create role and above): 403 otherwise, 404 outside, 401 anonymous', async () => {
    const setupResult = await setup()
    const { admin, outsider, anonymous, demo } = setupResult
    for (const role of ['review', 'edit', 'comment', 'read', 'guest'] as const) {
      expect((await setupResult[role].orgs.get({ organizationId: demo.acme })).permissions?.ownTeam).toBe(false)
      await rejects(
        setupResult[role].orgs.teams.create({ organizationId: demo.acme, title: `By ${role}` }),
        PermissionDeniedError,
        'ownTeam',
      )
    }
    await rejects(outsider.orgs.teams.create({ organizationId: demo.acme, title: 'Intruders' }), NotFoundError)
    await rejects(anonymous.orgs.teams.create({ organizationId: demo.acme, title: 'Nobody' }), AuthenticationError)
    expect((await admin.orgs.teams.list({ organizationId: demo.acme })).count).toBe(2)
  })
})

describe('orgs.teams.get', () => {
  it('reads a team', async () => {
    const { read, demo } = await setup()
    const team = await read.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.reviewers })
    expect(team).toMatchObject({
      object: 'team',
      id: demo.teams.reviewers,
      title: 'Reviewers',
      members: 1,
      spaces: 1,
      permissions: { view: true, admin: false },
    })
  })

  it('shows a guest only the teams the guest is in', async () => {
    const { platform, guest, demo } = await setup()
    await rejects(guest.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers }), NotFoundError)
    await platform.builders.teamMember(demo.teams.writers, demo.users.guest)
    const team = await guest.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers })
    expect(team).toMatchObject({ title: 'Writers', members: 4, permissions: { view: true, admin: false } })
    await rejects(guest.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.reviewers }), NotFoundError)
  })

  it('answers 404 for unknown teams and teams of other organizations, 401 anonymous', async () => {
    const { admin, outsider, anonymous, demo } = await setup()
    const globexTeam = await outsider.orgs.teams.create({ organizationId: demo.globex, title: 'Globex Team' })
    await rejects(admin.orgs.teams.get({ organizationId: demo.acme, teamId: globexTeam.id }), NotFoundError, globexTeam.id)
    await rejects(outsider.orgs.teams.get({ organizationId: demo.globex, teamId: demo.teams.writers }), NotFoundError)
    await rejects(admin.orgs.teams.get({ organizationId: demo.acme, teamId: 'no-such-team' }), NotFoundError)
    await rejects(admin.orgs.teams.get({ organizationId: demo.acme, teamId: 't'.repeat(257) }), BadRequestError, 'path.teamId')
    await rejects(outsider.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers }), NotFoundError)
    await rejects(anonymous.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers }), AuthenticationError)
  })
})

describe('orgs.teams.update', () => {
  it('lets the team owner and admins rename it', async () => {
    const { admin, create, edit, demo } = await setup()
    const renamed = await create.orgs.teams.update({ organizationId: demo.acme, teamId: demo.teams.writers, title: 'Authors' })
    expect(renamed).toMatchObject({ id: demo.teams.writers, title: 'Authors', members: 3, spaces: 2 })
    expect((await edit.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers })).title).toBe('Authors')
    const eddieTeams = await edit.orgs.members.listTeams({ organizationId: demo.acme, userId: demo.users.edit, title: 'auth' })
    expect(eddieTeams.items.map((e) => e.team.title)).toEqual(['Authors'])
    expect((await admin.orgs.teams.list({ organizationId: demo.acme, title: 'writ' })).count).toBe(0)

    expect((await admin.orgs.teams.update({ organizationId: demo.acme, teamId: demo.teams.reviewers, title: 'Critics' })).title).toBe(
      'Critics',
    )
  })

  it('refuses members who do not manage the team (403) and changes nothing', async () => {
    const { admin, edit, review, read, guest, demo } = await setup()
    await rejects(
      edit.orgs.teams.update({ organizationId: demo.acme, teamId: demo.teams.writers, title: 'Mine' }),
      PermissionDeniedError,
      'admin',
    )
    await rejects(
      review.orgs.teams.update({ organizationId: demo.acme, teamId: demo.teams.reviewers, title: 'Mine' }),
      PermissionDeniedError,
    )
    await rejects(read.orgs.teams.update({ organizationId: demo.acme, teamId: demo.teams.writers, title: 'Mine' }), PermissionDeniedError)
    // A guest cannot even see a team they are not in.
    await rejects(guest.orgs.teams.update({ organizationId: demo.acme, teamId: demo.teams.writers, title: 'Mine' }), NotFoundError)
    const titles = (await admin.orgs.teams.list({ organizationId: demo.acme })).items.map((t) => t.title)
    expect(titles).toEqual(['Writers', 'Reviewers'])
  })

  it('validates the title with 400s naming body.title', async () => {
    const { create, demo } = await setup()
    const update = (body: Record<string, unknown>) =>
      create.orgs.teams.update({ organizationId: demo.acme, teamId: demo.teams.writers, ...body } as never)
    await rejects(update({}), BadRequestError, 'body.title')
    await rejects(update({ title: '' }), BadRequestError, 'body.title')
    await rejects(update({ title: '\t ' }), BadRequestError, 'body.title')
    await rejects(update({ title: 'x'.repeat(65) }), BadRequestError, 'body.title')
    await rejects(update({ title: null }), BadRequestError, 'body.title')
    expect((await create.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers })).title).toBe('Writers')
  })

  it('answers 404 for unknown and foreign teams, 401 anonymous', async () => {
    const { admin, outsider, anonymous, demo } = await setup()
    const globexTeam = await outsider.orgs.teams.create({ organizationId: demo.globex, title: 'Globex Team' })
    await rejects(admin.orgs.teams.update({ organizationId: demo.acme, teamId: globexTeam.id, title: 'Taken' }), NotFoundError)
    await rejects(admin.orgs.teams.update({ organizationId: demo.acme, teamId: 'no-such-team', title: 'Taken' }), NotFoundError)
    await rejects(outsider.orgs.teams.update({ organizationId: demo.acme, teamId: demo.teams.writers, title: 'Taken' }), NotFoundError)
    await rejects(
      anonymous.orgs.teams.update({ organizationId: demo.acme, teamId: demo.teams.writers, title: 'Taken' }),
      AuthenticationError,
    )
    expect((await outsider.orgs.teams.get({ organizationId: demo.globex, teamId: globexTeam.id })).title).toBe('Globex Team')
  })
})

describe('orgs.teams.delete', () => {
  it('deletes a team: it leaves the team list and every member’s team list', async () => {
    const { admin, create, edit, demo } = await setup()
    const { response, data } = await create.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.writers }).withResponse()
    expect(response.status).toBe(204)
    expect(data).toBeUndefined()

    await rejects(admin.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers }), NotFoundError)
    const list = await admin.orgs.teams.list({ organizationId: demo.acme })
    expect(list.items.map((t) => t.id)).toEqual([demo.teams.reviewers])
    expect(list.count).toBe(1)
    for (const userId of [demo.users.create, demo.users.edit, demo.users.comment]) {
      const teams = await admin.orgs.members.listTeams({ organizationId: demo.acme, userId })
      expect(teams.items).toEqual([])
      expect((await admin.orgs.members.get({ organizationId: demo.acme, userId })).teams).toBe(0)
    }
    // Its edit grant on Internal went with it: Cora (comment) falls back to Internal's default level.
    const cora = await collect(admin.orgs.members.listSpaces({ organizationId: demo.acme, userId: demo.users.comment }))
    expect(cora.find((e) => e.space.id === demo.spaces.roadmap)?.permission).toBe('read')
    await rejects(create.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.writers }), NotFoundError)
    await rejects(edit.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.writers }), NotFoundError)
  })

  it('is for team owners and admins: 403 for others, who change nothing', async () => {
    const { admin, edit, review, read, create, demo } = await setup()
    await rejects(edit.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.writers }), PermissionDeniedError, 'admin')
    await rejects(review.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.reviewers }), PermissionDeniedError)
    await rejects(read.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.reviewers }), PermissionDeniedError)
    await rejects(create.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.reviewers }), PermissionDeniedError)
    expect((await admin.orgs.teams.list({ organizationId: demo.acme })).count).toBe(2)
    expect((await admin.orgs.teams.get({ organizationId: demo.acme, teamId: demo.teams.reviewers })).members).toBe(1)
    await admin.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.reviewers })
    expect((await admin.orgs.members.get({ organizationId: demo.acme, userId: demo.users.review })).teams).toBe(0)
  })

  it('answers 404 for unknown and foreign teams and strangers, 401 anonymous', async () => {
    const { admin, outsider, anonymous, guest, demo } = await setup()
    const globexTeam = await outsider.orgs.teams.create({ organizationId: demo.globex, title: 'Globex Team' })
    await rejects(admin.orgs.teams.delete({ organizationId: demo.acme, teamId: globexTeam.id }), NotFoundError)
    await rejects(admin.orgs.teams.delete({ organizationId: demo.acme, teamId: 'no-such-team' }), NotFoundError)
    await rejects(outsider.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.writers }), NotFoundError)
    await rejects(guest.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.writers }), NotFoundError)
    await rejects(anonymous.orgs.teams.delete({ organizationId: demo.acme, teamId: demo.teams.writers }), AuthenticationError)
    expect((await outsider.orgs.teams.list({ organizationId: demo.globex })).items.map((t) => t.id)).toEqual([globexTeam.id])
    expect((await admin.orgs.teams.list({ organizationId: demo.acme })).count).toBe(2)
  })
})
