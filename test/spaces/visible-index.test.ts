import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { createClient, type Client } from '../../src/index.ts'

/**
 * A member's spaces and the suggested questions are read from indexes kept in step with the
 * tables (not by walking every space of the organization). Whatever happened before, both must
 * give what the platform's own single-space reads say: a space is listed exactly when the
 * caller can `GET` it and it is not deleted, newest first, with the same permissions; and the
 * questions are those of the visible spaces' pages, headings first then titles, a space at a
 * time in creation order. Checked after random sequences of grants, revokes, team changes,
 * space creation, deletion and restore, moves between collections, transfers out and back, page
 * additions and removals, and organization role changes.
 */

const ROLES = ['read', 'comment', 'edit', 'review', 'create', 'admin'] as const
const ORG_ROLES = [null, 'read', 'edit', 'admin'] as const
const VISIBILITIES = ['private', 'public', 'unlisted', 'in-collection', 'share-link'] as const
/** Few distinct questions and titles, so repeats (dropped without case) happen. */
const QUESTIONS = ['How do I start?', 'how do i START?', 'Can I pay monthly?', 'Where is my data?', 'Why sign in?']
const TITLES = ['Intro', 'Setup', 'Billing', 'intro', 'Limits', 'Errors']

const op = fc.oneof(
  fc.record({
    kind: fc.constant('space' as const),
    parent: fc.nat(),
    visibility: fc.constantFrom(...VISIBILITIES),
    defaultLevel: fc.option(fc.constantFrom(...ROLES), { nil: null }),
    pages: fc.array(
      fc.record({
        title: fc.constantFrom(...TITLES),
        question: fc.option(fc.constantFrom(...QUESTIONS), { nil: undefined }),
        hidden: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
  }),
  fc.record({
    kind: fc.constant('collection' as const),
    parent: fc.nat(),
    defaultLevel: fc.option(fc.constantFrom(...ROLES), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('grant' as const),
    target: fc.nat(),
    onCollection: fc.boolean(),
    principal: fc.nat(3),
    role: fc.constantFrom(...ROLES),
  }),
  fc.record({ kind: fc.constant('revoke' as const), grant: fc.nat() }),
  fc.record({ kind: fc.constant('join' as const), user: fc.nat(2) }),
  fc.record({ kind: fc.constant('leave' as const), user: fc.nat(2) }),
  fc.record({ kind: fc.constant('delete' as const), space: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), space: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), space: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('role' as const), user: fc.nat(2), role: fc.constantFrom(...ORG_ROLES) }),
  fc.record({ kind: fc.constant('transfer' as const), space: fc.nat(), back: fc.boolean() }),
  fc.record({ kind: fc.constant('unpage' as const), space: fc.nat(), page: fc.nat() }),
  fc.record({
    kind: fc.constant('page' as const),
    space: fc.nat(),
    title: fc.constantFrom(...TITLES),
    question: fc.option(fc.constantFrom(...QUESTIONS), { nil: undefined }),
  }),
)

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never

interface Page {
  id?: string
  title: string
  question: string | undefined
  hidden: boolean
}

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length])

describe('member spaces and suggested questions from indexes', () => {
  it('match the single-space reads and the visible content after random changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
        const platform = createMockPlatform({ scenario: 'empty' })
        await platform.ready
        const b = platform.builders
        const org = await b.organization({ title: 'Index' })
        const owner = await b.user({ displayName: 'Owner', organization: org.id, role: 'admin', tokenName: 'owner' })
        const users = [
          await b.user({ displayName: 'Member', organization: org.id, role: 'read', tokenName: 'member' }),
          await b.user({ displayName: 'Guest', organization: org.id, role: null, tokenName: 'guest' }),
          await b.user({ displayName: 'Teamed', organization: org.id, role: null, tokenName: 'teamed' }),
        ]
        const other = await b.organization({ title: 'Other' })
        await b.member(other.id, owner.user.id, 'admin')
        const team = await b.team({ organization: org.id, title: 'Team', members: [users[2]!.user.id] })
        // Teams elsewhere count for nothing here.
        await b.member(other.id, users[2]!.user.id, null)
        await b.team({ organization: other.id, title: 'Elsewhere', members: [users[2]!.user.id, owner.user.id] })
        const client = (token: string) => createClient({ token, fetch: platform.fetch, retry: 0 })
        const admin = client(owner.token)
        const callers = [owner, ...users].map((u) => ({ id: u.user.id, client: client(u.token) }))

        const spaces: string[] = []
        const pages = new Map<string, Page[]>()
        const collections: string[] = []
        const grants: string[] = []

        const apply = async (o: Op) => {
          switch (o.kind) {
            case 'space': {
              const parent = o.parent % (collections.length + 1) === 0 ? undefined : collections[(o.parent % (collections.length + 1)) - 1]
              const space = await b.space({
                organization: org.id,
                title: `s${spaces.length}`,
                visibility: o.visibility === 'in-collection' && !parent ? 'private' : o.visibility,
                parent,
                defaultLevel: o.defaultLevel,
              })
              spaces.push(space.id)
              pages.set(space.id, [])
              for (const p of o.pages) await addPage(space.id, p)
              return
            }
            case 'collection': {
              const parent = o.parent % (collections.length + 1) === 0 ? undefined : collections[(o.parent % (collections.length + 1)) - 1]
              collections.push(
                (await b.collection({ organization: org.id, title: `c${collections.length}`, parent, defaultLevel: o.defaultLevel })).id,
              )
              return
            }
            case 'grant': {
              const target = o.onCollection ? pick(collections, o.target) : pick(spaces, o.target)
              if (!target) return
              const principal = o.principal === 3 ? team.id : users[o.principal]!.user.id
              grants.push((await b.grant({ target, principal, role: o.role })).id)
              return
            }
            case 'revoke': {
              const id = pick(grants, o.grant)
              const grant = id ? platform.db.grants.get(id) : undefined
              if (grant) platform.db.grants.delete(grant)
              return
            }
            case 'join': {
              const user = users[o.user]!.user.id
              if (!platform.db.teamMembers.get(`${team.id}:${user}`)) await b.teamMember(team.id, user)
              return
            }
            case 'leave': {
              const record = platform.db.teamMembers.get(`${team.id}:${users[o.user]!.user.id}`)
              if (record) platform.db.teamMembers.delete(record)
              return
            }
            case 'delete': {
              const space = pick(spaces, o.space)
              if (space) await admin.spaces.delete({ spaceId: space }).catch(() => undefined)
              return
            }
            case 'restore': {
              const space = pick(spaces, o.space)
              if (space) await admin.spaces.restore({ spaceId: space }).catch(() => undefined)
              return
            }
            case 'move': {
              const space = pick(spaces, o.space)
              const parent = o.to % (collections.length + 1) === 0 ? null : collections[(o.to % (collections.length + 1)) - 1]!
              if (space) await admin.spaces.move({ spaceId: space, parent }).catch(() => undefined)
              return
            }
            case 'role':
              await admin.orgs.members.update({ organizationId: org.id, userId: users[o.user]!.user.id, role: o.role })
              return
            case 'transfer': {
              // Out to another organization, or (`back`) into this one again.
              const space = pick(spaces, o.space)
              const into = o.back ? org.id : other.id
              if (space) await admin.spaces.transfer({ spaceId: space, organization: into }).catch(() => undefined)
              return
            }
            case 'unpage': {
              const space = pick(spaces, o.space)
              const list = space ? pages.get(space)! : []
              const page = pick(list, o.page)
              if (space && page && !platform.db.spaces.get(space)?.deletedAt) {
                await b.removePage({ space, page: page.id! })
                list.splice(list.indexOf(page), 1)
              }
              return
            }
            case 'page': {
              const space = pick(spaces, o.space)
              if (space && !platform.db.spaces.get(space)?.deletedAt)
                await addPage(space, { title: o.title, question: o.question, hidden: false })
              return
            }
          }
        }

        const addPage = async (space: string, page: Page) => {
          const markdown = page.question ? `Some words.\n\n## ${page.question}\n\nAn answer.` : 'Some words about it.'
          const record = await b.page({ space, title: page.title, markdown })
          if (page.hidden) await b.editPage({ space, page: record.page, hidden: true })
          pages.get(space)!.push({ ...page, id: record.page })
        }

        const check = async () => {
          for (const caller of callers) {
            const visible = await reference(caller.client, org.id, spaces)
            const listed: string[] = []
            for await (const entry of caller.client.orgs.members.listSpaces({ organizationId: org.id, userId: caller.id, limit: 3 })) {
              listed.push(entry.space.id)
              expect(entry.space.permissions).toEqual(visible.get(entry.space.id))
              expect(entry.permission === 'admin').toBe(entry.space.permissions?.admin)
            }
            expect(listed).toEqual([...visible.keys()].reverse())
            // The organization admin reads the same list for them.
            const forThem: string[] = []
            for await (const entry of admin.orgs.members.listSpaces({ organizationId: org.id, userId: caller.id, order: 'asc', limit: 4 }))
              forThem.push(entry.space.id)
            expect(forThem).toEqual([...visible.keys()])
            // A member's counts say what their lists hold (a page of members counts without listing).
            const member = await admin.orgs.members.get({ organizationId: org.id, userId: caller.id }).catch(() => undefined)
            if (member) {
              expect(member.spaces).toBe(visible.size)
              const teams: string[] = []
              for await (const entry of admin.orgs.members.listTeams({ organizationId: org.id, userId: caller.id }))
                teams.push(entry.team.id)
              expect(member.teams).toBe(teams.length)
            }

            const { questions } = await caller.client.orgs.ask.listQuestions({ organizationId: org.id })
            expect(questions).toEqual(expectedQuestions([...visible.keys()].map((id) => pages.get(id)!)))
          }
        }

        for (const [i, o] of ops.entries()) {
          await apply(o)
          // Read in the middle too: the indexes must follow writes made after a read.
          if (i % 5 === 4) await check()
        }
        await check()
      }),
      { numRuns: 120 },
    )
  }, 240_000)
})

/** The spaces of the organization the caller can `GET` and that are not deleted, oldest first, with their permissions. */
async function reference(client: Client, organization: string, spaces: readonly string[]) {
  const visible = new Map<string, unknown>()
  for (const id of spaces) {
    const space = await client.spaces.get({ spaceId: id }).catch(() => undefined)
    if (space && !space.deletedAt && space.organization === organization) visible.set(id, space.permissions)
  }
  return visible
}

/** Round-robin over lists, a space at a time. */
function roundRobin(lists: string[][]): string[] {
  const out: string[] = []
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const list of lists) if (i < list.length) out.push(list[i]!)
  return out
}

/** What the platform suggests from these spaces' pages: question headings first, then title questions; no repeats; ten at most. */
function expectedQuestions(spaces: Page[][]): string[] {
  const shown = spaces.map((pages) => pages.filter((p) => !p.hidden))
  const all = [
    ...roundRobin(shown.map((pages) => pages.flatMap((p) => (p.question ? [p.question] : [])))),
    ...roundRobin(shown.map((pages) => pages.filter((p) => !p.question).map((p) => `What is in “${p.title}”?`))),
  ]
  const seen = new Set<string>()
  const out: string[] = []
  for (const q of all) {
    const key = q.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(q)
  }
  return out.slice(0, 10)
}
