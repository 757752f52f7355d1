import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform, sharedStart, type MockPlatform, type SerializedState } from '../../mock/index.ts'
import { HttpError } from '../../mock/base/http-error.ts'
import { PlatformHost } from '../../mock/host/platforms.ts'
import { createInstrumentedPlatform } from '../../mock/platform.ts'
import { parseCommandLine } from '../../mock/node/args.ts'
import { startServing } from '../../mock/node/serve.ts'
import { createClient, type Client } from '../../src/index.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A starting state with many pages, a few spaces and teams, and an admin's token. */
async function largeStart(spaces = 3, pages = 100) {
  const platform = createMockPlatform({ scenario: 'empty', seed: 'shared' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Large' })
  const { token } = await platform.builders.user({ displayName: 'Admin', organization: org.id, role: 'admin', tokenName: 'admin' })
  const spaceIds: string[] = []
  for (let s = 0; s < spaces; s++) {
    const space = await platform.builders.space({ organization: org.id, title: `Space ${s}` })
    spaceIds.push(space.id)
    await platform.builders.content({
      space: space.id,
      pages: Array.from({ length: pages }, (_, p) => ({ title: `Page ${s}.${p}`, markdown: `# Page ${s}.${p}\n\nText ${p}.\n` })),
    })
  }
  const teamIds: string[] = []
  for (let t = 0; t < 4; t++) teamIds.push((await platform.builders.team({ organization: org.id, title: `Team ${t}` })).id)
  return { snapshot: platform.snapshot(), org: org.id, token, spaceIds, teamIds }
}

type Start = Awaited<ReturnType<typeof largeStart>>

const clientOf = (platform: MockPlatform, token: string): Client => createClient({ token, fetch: platform.fetch, retry: 0 })

/** What a platform shows of the state the writes below touch: teams and space titles. */
async function seen(platform: MockPlatform, start: Start) {
  const client = clientOf(platform, start.token)
  const teams: string[] = []
  for await (const team of client.orgs.teams.list({ organizationId: start.org })) teams.push(team.title)
  const spaces = await Promise.all(start.spaceIds.map((spaceId) => client.spaces.get({ spaceId }).then((s) => s.title)))
  return { teams: teams.sort(), spaces }
}

describe('platforms begun from one shared start', () => {
  it('each write (insert, update, delete, a rolled-back transaction) shows only in its own platform, never in another nor in one created afterwards', async () => {
    const start = await largeStart()
    const shared = sharedStart(start.snapshot)
    const pristine = await (async () => {
      const copy = createMockPlatform({ scenario: 'empty' })
      await copy.restore(start.snapshot)
      return seen(copy, start)
    })()
    let failTeamUpdates = false
    const errors: unknown[] = []
    const quiet = { debug() {}, info() {}, warn() {}, error: (...args: unknown[]) => void errors.push(args) }
    const a = createInstrumentedPlatform(
      // The failed write is a 500 the platform logs: kept here, not printed.
      { start: shared, logger: quiet },
      {
        beforeWrite: (table, kind) => {
          if (failTeamUpdates && table === 'teams' && kind === 'update') throw new Error('a write failed halfway')
        },
      },
    )
    const b = createMockPlatform({ start: shared })
    await Promise.all([a.ready, b.ready])
    expect(await seen(a, start)).toEqual(pristine)

    const inA = clientOf(a, start.token)
    await inA.orgs.teams.create({ organizationId: start.org, title: 'New in A' })
    await inA.orgs.teams.update({ organizationId: start.org, teamId: start.teamIds[0]!, title: 'Renamed in A' })
    await inA.orgs.teams.delete({ organizationId: start.org, teamId: start.teamIds[1]! })
    const renamed = await inA.spaces.update({ spaceId: start.spaceIds[0]!, title: 'Space renamed in A' })
    // The answer is the record as updated: the operation ran on A's own copy.
    expect(renamed.title).toBe('Space renamed in A')
    failTeamUpdates = true
    await expect(inA.orgs.teams.update({ organizationId: start.org, teamId: start.teamIds[2]!, title: 'Never kept' })).rejects.toThrow()
    failTeamUpdates = false
    expect(errors).toHaveLength(1)

    // An operation holding a shared record when it updates it answers the record as updated (the
    // builder returns the page it read): it ran again on A's own copy.
    const space = (start.snapshot.tables.spaces as Array<{ id: string; revision: string }>).find((s) => s.id === start.spaceIds[1])!
    const page = (start.snapshot.tables.pages as Array<{ id: string; page: string; revision: string; title: string }>).find(
      (p) => p.revision === space.revision,
    )!
    const edited = await a.builders.editPage({ space: space.id, page: page.page, title: 'Edited in A' })
    expect(edited.title).toBe('Edited in A')
    expect(a.db.pages.get(page.id)?.title).toBe('Edited in A')
    expect(b.db.pages.get(page.id)?.title).toBe(page.title)

    const inB = clientOf(b, start.token)
    await inB.orgs.teams.update({ organizationId: start.org, teamId: start.teamIds[1]!, title: 'Renamed in B' })
    await inB.orgs.teams.delete({ organizationId: start.org, teamId: start.teamIds[0]! })

    const teams = pristine.teams
    expect(await seen(a, start)).toEqual({
      teams: ['New in A', 'Renamed in A', ...teams.filter((t) => t !== 'Team 0' && t !== 'Team 1')].sort(),
      spaces: ['Space renamed in A', ...pristine.spaces.slice(1)],
    })
    expect(await seen(b, start)).toEqual({
      teams: ['Renamed in B', ...teams.filter((t) => t !== 'Team 0' && t !== 'Team 1')].sort(),
      spaces: pristine.spaces,
    })
    const c = createMockPlatform({ start: shared })
    await c.ready
    expect(await seen(c, start)).toEqual(pristine)
    // A reset returns to the start, not to what another platform wrote.
    await a.reset()
    expect(await seen(a, start)).toEqual(pristine)
    expect(await seen(b, start)).not.toEqual(pristine)
  })

  it('changing the snapshot after making the start changes no platform', async () => {
    const start = await largeStart(1, 5)
    const shared = sharedStart(start.snapshot)
    const teams = start.snapshot.tables.teams as Array<{ title: string }>
    teams[0]!.title = 'Changed afterwards'
    const platform = createMockPlatform({ start: shared })
    await platform.ready
    expect((await seen(platform, start)).teams).not.toContain('Changed afterwards')
  })

  it('refuses a snapshot that is not one, or one with a dangling reference', () => {
    expect(() => sharedStart({} as SerializedState)).toThrow(/Not a docplat mock state snapshot/)
  })

  it('two platforms under random writes answer as two independent copies do', async () => {
    const start = await largeStart(2, 20)
    const shared = sharedStart(start.snapshot)
    const step = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), title: fc.constantFrom('X', 'Y', 'Z') }),
      fc.record({ kind: fc.constant('rename' as const), team: fc.nat(3), title: fc.constantFrom('P', 'Q') }),
      fc.record({ kind: fc.constant('delete' as const), team: fc.nat(3) }),
      fc.record({ kind: fc.constant('space' as const), space: fc.nat(1), title: fc.constantFrom('S', 'T') }),
    )
    type Step = typeof step extends fc.Arbitrary<infer S> ? S : never
    const apply = async (platform: MockPlatform, steps: readonly Step[]) => {
      const client = clientOf(platform, start.token)
      for (const s of steps) {
        const done =
          s.kind === 'create'
            ? client.orgs.teams.create({ organizationId: start.org, title: s.title })
            : s.kind === 'rename'
              ? client.orgs.teams.update({ organizationId: start.org, teamId: start.teamIds[s.team]!, title: s.title })
              : s.kind === 'delete'
                ? client.orgs.teams.delete({ organizationId: start.org, teamId: start.teamIds[s.team]! })
                : client.spaces.update({ spaceId: start.spaceIds[s.space]!, title: s.title })
        // A team deleted earlier in the sequence is a 404 in both: compared by outcome.
        await done.catch((error: unknown) => expect((error as { status?: number }).status).toBe(404))
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 6 }), fc.array(step, { maxLength: 6 }), async (one, two) => {
        const [a, b] = [createMockPlatform({ start: shared, freeze: true }), createMockPlatform({ start: shared, freeze: true })]
        const [copyA, copyB] = [createMockPlatform({ scenario: 'empty' }), createMockPlatform({ scenario: 'empty' })]
        await Promise.all([a.ready, b.ready, copyA.restore(start.snapshot), copyB.restore(start.snapshot)])
        // Interleaved, as parallel workers write.
        await Promise.all([apply(a, one), apply(b, two)])
        await Promise.all([apply(copyA, one), apply(copyB, two)])
        expect(await seen(a, start)).toEqual(await seen(copyA, start))
        expect(await seen(b, start)).toEqual(await seen(copyB, start))
      }),
      { numRuns: 15 },
    )
  })
})

describe('POST /_docplat/platforms with "from": "server"', () => {
  /** `docplat-mock serve --state <file>` of `snapshot`, in this process; its URL. */
  async function serveState(snapshot: SerializedState): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'docplat-shared-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const file = join(dir, 'big.json')
    await writeFile(file, JSON.stringify(snapshot))
    const command = parseCommandLine(['serve', '--port', '0', '--quiet', '--state', file])
    if (command.command !== 'serve') throw new Error('expected serve')
    const serving = await startServing(command.options)
    if (!serving.ok) throw new Error(serving.message)
    cleanups.push(serving.stop)
    return /listening on (http:\/\/\S+)/.exec(serving.banner)![1]!
  }

  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${url}/_docplat/platforms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, any> }
  }

  it("starts each platform from the server's starting state; what one writes shows in no other, nor in the server's own", async () => {
    const start = await largeStart(2, 50)
    const url = await serveState(start.snapshot)
    const remote = (created: { baseUrl: string; tokens: Record<string, string> }) =>
      createClient({ token: created.tokens.admin!, baseUrl: created.baseUrl, retry: 0 })
    const one = await post(url, { from: 'server' })
    const two = await post(url, { from: 'server' })
    expect([one.status, two.status]).toEqual([201, 201])
    expect(one.body.from).toBe('server')
    // Fresh tokens, named as the state labels them: the state file's own token works in none.
    expect(one.body.tokens.admin).toMatch(/^dpt_/)
    expect(one.body.tokens.admin).not.toBe(start.token)
    expect(one.body.tokens.admin).not.toBe(two.body.tokens.admin)
    const stale = await fetch(`${one.body.baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${start.token}` } })
    expect(stale.status).toBe(401)
    const [a, b, server] = [remote(one.body as never), remote(two.body as never), remote({ baseUrl: url, tokens: { admin: start.token } })]
    await a.orgs.teams.update({ organizationId: start.org, teamId: start.teamIds[0]!, title: 'Renamed in A' })
    await b.orgs.teams.delete({ organizationId: start.org, teamId: start.teamIds[0]! })
    await b.orgs.teams.create({ organizationId: start.org, title: 'New in B' })
    const titles = async (client: Client) => {
      const out: string[] = []
      for await (const team of client.orgs.teams.list({ organizationId: start.org })) out.push(team.title)
      return out.sort()
    }
    expect(await titles(a)).toEqual(['Renamed in A', 'Team 1', 'Team 2', 'Team 3'])
    expect(await titles(b)).toEqual(['New in B', 'Team 1', 'Team 2', 'Team 3'])
    expect(await titles(server)).toEqual(['Team 0', 'Team 1', 'Team 2', 'Team 3'])
    const three = await post(url, { from: 'server' })
    expect(await titles(remote(three.body as never))).toEqual(['Team 0', 'Team 1', 'Team 2', 'Team 3'])
  })

  it('refuses what the starting state fixes, naming the field, and creates nothing', async () => {
    const url = await serveState(createMockPlatform({ scenario: 'empty' }).snapshot())
    for (const [field, body] of [
      ['scenario', { from: 'server', scenario: 'demo' }],
      ['seed', { from: 'server', seed: 's' }],
      ['clock', { from: 'server', clock: { frozen: true } }],
      ['from', { from: 'elsewhere' }],
    ] as const) {
      const refused = await post(url, body)
      expect(refused.status).toBe(400)
      expect(refused.body.error.message).toContain(field)
    }
    const listed = (await (await fetch(`${url}/_docplat/platforms`)).json()) as { platforms: Array<{ id: string }> }
    expect(listed.platforms.map((p) => p.id)).toEqual(['default'])
  })
})

describe('a host creating platforms from its starting state', () => {
  it('refuses any body that names what the start fixes beside "from", with a 400 naming the field, creating nothing', () => {
    const start = sharedStart(createMockPlatform({ scenario: 'empty' }).snapshot())
    const host = new PlatformHost({ firstScenario: 'custom', origin: () => 'http://127.0.0.1:4010', idle: 0, start: () => start })
    const fixed = fc.record(
      {
        scenario: fc.constantFrom('demo', 'empty'),
        seed: fc.string({ minLength: 1, maxLength: 20 }),
        clock: fc.record({ now: fc.constant('2030-01-01T00:00:00Z'), frozen: fc.boolean() }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(
        fixed.filter((body) => Object.keys(body).length > 0),
        (body) => {
          const refused = (() => {
            try {
              host.create({ from: 'server', ...body })
            } catch (error) {
              return error
            }
          })()
          expect(refused).toBeInstanceOf(HttpError)
          expect((refused as HttpError).status).toBe(400)
          expect((refused as HttpError).message).toMatch(new RegExp(`platform (${Object.keys(body).join('|')})`))
          expect(host.size).toBe(1)
        },
      ),
    )
    // And without them, it creates one, named as started from the server.
    expect(host.create({ from: 'server' }).from).toBe('server')
    expect(host.size).toBe(2)
    host.close()
  })
})
