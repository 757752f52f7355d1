import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, type Client } from '../../src/index.ts'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import type { SerializedState } from '../../mock/model/state.ts'

/**
 * Concurrency: thousands of overlapping mutations, in-process and over real HTTP, lose no update:
 * afterwards every count the platform reports agrees with its listings and with what was sent.
 * And a list walked with `for await` while items are added and removed never repeats an item,
 * nor skips one that existed throughout (fast-check draws the interleavings).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 15)
const figures: string[] = []

/** Runs `tasks` with at most `limit` in flight (an HTTP client opens a socket per request in flight). */
async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++
      results[i] = await tasks[i]!()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return results
}

async function walk<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of iterable) out.push(item)
  return out
}

interface Fixture {
  platform: MockPlatform
  organizationId: string
  spaceId: string
  commentId: string
  teamId: string
  /** Tokens of members of the organization who can comment. */
  commenters: string[]
  /** Members added to the team, half of whom the burst removes from the organization. */
  teamMembers: string[]
  /** Collections the burst renames, one rename each. */
  collections: string[]
  adminToken: string
}

/** Makes a client for a token: through `platform.fetch`, or over HTTP. */
type ClientFor = (token: string) => Client

/** A demo platform with `people` extra commenters, as many members in a team, and `collections` extra collections. */
async function fixture(people: number, collections: number): Promise<Fixture> {
  const platform = createMockPlatform({ scenario: 'demo', seed: 'concurrency' })
  await platform.ready
  const b = platform.builders
  const org = [...platform.db.organizations.all()].find((o) => o.title === 'Acme')!
  const space = [...platform.db.spaces.all()].find((s) => s.title === 'Getting Started')!
  const admin = [...platform.db.users.all()].find((u) => u.displayName === 'Ada Admin')!
  const team = await b.team({ organization: org.id, title: 'Crowd' })
  const comment = await b.comment({ space: space.id, postedBy: admin.id, markdown: 'React to me' })
  const tokens: string[] = []
  const teamMembers: string[] = []
  for (let i = 0; i < people; i++) {
    const person = await b.user({ displayName: `Person ${i}`, organization: org.id, role: 'comment' })
    tokens.push(person.token)
    // Others join the team: removing them must leave the commenters' requests alone.
    const member = await b.user({ displayName: `Member ${i}`, organization: org.id, role: 'read' })
    await b.teamMember(team.id, member.user.id)
    teamMembers.push(member.user.id)
  }
  const made: string[] = []
  for (let i = 0; i < collections; i++) made.push((await b.collection({ organization: org.id, title: `Shelf ${i}` })).id)
  return {
    platform,
    organizationId: org.id,
    spaceId: space.id,
    commentId: comment.id,
    teamId: team.id,
    commenters: tokens,
    teamMembers,
    collections: made,
    adminToken: platform.tokens.admin!,
  }
}

/**
 * The burst: `creates` new collections, one rename of each existing extra collection, a reaction
 * from every commenter on one comment plus a comment each, and half the team's members removed
 * from the organization. Every request targets something distinct or is commutative, so exactly
 * one final state is right, whatever the interleaving.
 */
function burst(f: Fixture, client: ClientFor, creates: number): Array<() => Promise<unknown>> {
  const admin = client(f.adminToken)
  const tasks: Array<() => Promise<unknown>> = []
  for (let i = 0; i < creates; i++) tasks.push(() => admin.collections.create({ organizationId: f.organizationId, title: `New ${i}` }))
  for (const collectionId of f.collections) tasks.push(() => admin.collections.update({ collectionId, title: `Renamed ${collectionId}` }))
  f.commenters.forEach((token, i) => {
    const c = client(token)
    tasks.push(() => c.spaces.comments.update({ spaceId: f.spaceId, commentId: f.commentId, addedReactions: ['👍'] }))
    tasks.push(() => c.spaces.comments.create({ spaceId: f.spaceId, body: { markdown: `Comment ${i}` } }))
  })
  for (const userId of f.teamMembers.filter((_, i) => i % 2 === 0))
    tasks.push(() => admin.orgs.members.remove({ organizationId: f.organizationId, userId }))
  // Interleave the kinds of requests rather than sending them grouped.
  return tasks
    .map((t, i) => ({ t, k: (i * 7919) % tasks.length }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.t)
}

/** Reads everything back through the API and checks it against what the burst sent. */
async function verify(f: Fixture, admin: Client, creates: number, before: { collections: number; comments: number; members: number }) {
  const collections = await walk(admin.collections.list({ organizationId: f.organizationId, nested: true, limit: 250 }))
  const firstPage = await admin.collections.list({ organizationId: f.organizationId, limit: 1 })
  expect(collections.length).toBe(before.collections + creates)
  expect(firstPage.count).toBe(collections.length)
  expect(new Set(collections.map((c) => c.id)).size).toBe(collections.length)
  expect(
    collections
      .filter((c) => c.title.startsWith('New '))
      .map((c) => c.title)
      .sort(),
  ).toEqual(Array.from({ length: creates }, (_, i) => `New ${i}`).sort())
  for (const collectionId of f.collections) expect(collections.find((c) => c.id === collectionId)?.title).toBe(`Renamed ${collectionId}`)

  const comment = await admin.spaces.comments.get({ spaceId: f.spaceId, commentId: f.commentId })
  const thumbs = comment.reactions?.find((r) => r.emoji === '👍')
  expect(thumbs?.count).toBe(f.commenters.length)
  const comments = await walk(admin.spaces.comments.list({ spaceId: f.spaceId, limit: 200 }))
  expect(comments.length).toBe(before.comments + f.commenters.length)
  // The space counts open comments (api.md): the new ones are open, the demo's resolved one is not.
  const open = await walk(admin.spaces.comments.list({ spaceId: f.spaceId, status: 'open', limit: 200 }))
  expect((await admin.spaces.get({ spaceId: f.spaceId })).comments).toBe(open.length)

  const removed = Math.ceil(f.teamMembers.length / 2)
  const members = await walk(admin.orgs.members.list({ organizationId: f.organizationId, limit: 500 }))
  expect(members.length).toBe(before.members - removed)
  const team = await admin.orgs.teams.get({ organizationId: f.organizationId, teamId: f.teamId })
  expect(team.members).toBe(f.teamMembers.length - removed)
}

async function counts(f: Fixture, admin: Client) {
  return {
    collections: (await admin.collections.list({ organizationId: f.organizationId, limit: 1 })).count,
    comments: (await admin.spaces.comments.list({ spaceId: f.spaceId, limit: 1 })).count,
    members: (await admin.orgs.members.list({ organizationId: f.organizationId, limit: 1 })).count,
  }
}

describe('concurrency', () => {
  it('2,000+ overlapping mutations through platform.fetch lose no update', async () => {
    const f = await fixture(300, 300)
    const inProcess: ClientFor = (token) => createClient({ token, fetch: f.platform.fetch, retry: 0 })
    const admin = inProcess(f.adminToken)
    const before = await counts(f, admin)
    const tasks = burst(f, inProcess, 1000)
    const started = performance.now()
    const results = await Promise.allSettled(tasks.map((t) => t()))
    const ms = performance.now() - started
    const failed = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))
    expect(failed.slice(0, 5)).toEqual([])
    figures.push(
      `platform.fetch: ${tasks.length} concurrent mutations in ${ms.toFixed(0)} ms (${Math.round(tasks.length / (ms / 1000))}/s), all applied`,
    )
    await verify(f, admin, 1000, before)
  })

  describe('over the HTTP server', () => {
    let server: MockServer
    let f: Fixture
    beforeAll(async () => {
      f = await fixture(150, 150)
      server = await startMockServer({ platform: f.platform, port: 0, host: '127.0.0.1' })
    })
    afterAll(() => server?.close())

    it('1,000+ mutations from 64 connections at once lose no update', async () => {
      const overHttp: ClientFor = (token) => createClient({ token, baseUrl: server.url, retry: 0 })
      const admin = overHttp(f.adminToken)
      const before = await counts(f, admin)
      const tasks = burst(f, overHttp, 475)
      const started = performance.now()
      const results = await pool(
        tasks.map(
          (t) => () =>
            t().then(
              () => 'ok',
              (e: unknown) => String(e),
            ),
        ),
        64,
      )
      const ms = performance.now() - started
      expect(results.filter((r) => r !== 'ok').slice(0, 5)).toEqual([])
      figures.push(
        `HTTP (127.0.0.1, 64 in flight): ${tasks.length} mutations in ${ms.toFixed(0)} ms (${Math.round(tasks.length / (ms / 1000))}/s), all applied`,
      )
      await verify(f, admin, 475, before)
    })
  })
})

/**
 * Lists walked while they change. Each adapter names one list of the API with a way to add and
 * remove its items; the property runs over all of them.
 */
interface ListAdapter {
  name: string
  list(c: Client, limit: number): AsyncIterable<{ id: string }>
  add(c: Client, n: number): Promise<string>
  remove(c: Client, id: string): Promise<unknown>
}

describe('a list walked with for await while items come and go', () => {
  let platform: MockPlatform
  let baseline: SerializedState
  let organizationId: string
  let spaceId: string
  let admin: Client

  beforeAll(async () => {
    platform = createMockPlatform({ scenario: 'demo', seed: 'walk' })
    await platform.ready
    baseline = platform.snapshot()
    organizationId = [...platform.db.organizations.all()].find((o) => o.title === 'Acme')!.id
    spaceId = [...platform.db.spaces.all()].find((s) => s.title === 'Getting Started')!.id
    admin = createClient({ token: platform.tokens.admin, fetch: platform.fetch, retry: 0 })
  })

  const adapters: ListAdapter[] = [
    {
      name: 'teams',
      list: (c, limit) => c.orgs.teams.list({ organizationId, limit }),
      add: async (c, n) => (await c.orgs.teams.create({ organizationId, title: `Team ${n}` })).id,
      remove: (c, teamId) => c.orgs.teams.delete({ organizationId, teamId }),
    },
    {
      name: 'collections (tree order)',
      list: (c, limit) => c.collections.list({ organizationId, limit }),
      add: async (c, n) => (await c.collections.create({ organizationId, title: `Collection ${n}` })).id,
      remove: (c, collectionId) => c.collections.delete({ collectionId }),
    },
    {
      name: 'space comments (newest first)',
      list: (c, limit) => c.spaces.comments.list({ spaceId, limit }),
      add: async (c, n) => (await c.spaces.comments.create({ spaceId, body: { markdown: `Comment ${n}` } })).id,
      remove: (c, commentId) => c.spaces.comments.delete({ spaceId, commentId }),
    },
    {
      name: 'members (newest first)',
      list: (c, limit) => c.orgs.members.list({ organizationId, limit }),
      add: async (_c, n) =>
        (await platform.builders.user({ displayName: `Walker ${n}`, organization: organizationId, role: 'read' })).user.id,
      remove: (c, userId) => c.orgs.members.remove({ organizationId, userId }),
    },
  ]

  /** Before each page: add some items, remove some of those that may go (never one of the stable ones). */
  const plan = fc.record({
    initial: fc.integer({ min: 2, max: 20 }),
    limit: fc.integer({ min: 1, max: 6 }),
    steps: fc.array(fc.record({ adds: fc.nat({ max: 3 }), removes: fc.array(fc.nat({ max: 50 }), { maxLength: 3 }) }), { maxLength: 25 }),
  })

  for (const adapter of adapters) {
    it(
      `${adapter.name}: never repeats an item, never skips one that existed throughout`,
      async () => {
        let walks = 0
        await fc.assert(
          fc.asyncProperty(plan, async ({ initial, limit, steps }) => {
            await platform.restore(baseline)
            let n = 0
            // Items there before the walk: the demo's stay, the ones added now may go (as may those added during the walk).
            const removable: string[] = []
            const removed = new Set<string>()
            for (let i = 0; i < initial; i++) removable.push(await adapter.add(admin, n++))
            const before = (await walk(adapter.list(admin, 1000))).map((i) => i.id)
            let step = 0
            const walker = createClient({
              token: platform.tokens.admin,
              retry: 0,
              fetch: async (input, init) => {
                // Between pages (never before the first), run the next step of the plan.
                const request = new Request(input, init)
                if (new URL(request.url).searchParams.has('page')) {
                  const s = steps[step++]
                  for (let a = 0; a < (s?.adds ?? 0); a++) removable.push(await adapter.add(admin, n++))
                  for (const r of s?.removes ?? []) {
                    if (!removable.length) break
                    const [id] = removable.splice(r % removable.length, 1)
                    await adapter.remove(admin, id!)
                    removed.add(id!)
                  }
                }
                return platform.fetch(request)
              },
            })
            const seen = (await walk(adapter.list(walker, limit))).map((i) => i.id)
            walks++
            const repeated = seen.filter((id, i) => seen.indexOf(id) !== i)
            const skipped = before.filter((id) => !removed.has(id) && !seen.includes(id))
            expect({ repeated, skipped }).toEqual({ repeated: [], skipped: [] })
          }),
          { numRuns: RUNS, seed: 7 },
        )
        figures.push(`for await over ${adapter.name}: ${walks} interleavings`)
      },
      Math.max(60_000, RUNS * 1_000),
    )
  }
})

afterAll(() => console.info(`concurrency:\n  ${figures.join('\n  ')}`))
