import fc from 'fast-check'
import * as z from 'zod/mini'
import { describe, expect, it, vi } from 'vitest'
import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { createClient } from '../../src/index.ts'
import { Clock } from '../../mock/base/clock.ts'
import { conflict } from '../../mock/base/http-error.ts'
import { Random } from '../../mock/base/random.ts'
import { createStateLock, transactOn, type PlainRequest, type StateLock } from '../../mock/core.ts'
import { Deferred, MAX_PREPARES } from '../../mock/handlers/deferred.ts'
import type { Handler } from '../../mock/handlers/types.ts'
import { Libraries } from '../../mock/tables/libraries.ts'
import { createUser } from '../../mock/model/orgs/members.ts'
import { createState, type State } from '../../mock/model/state.ts'
import { bareCore } from '../bare-core.ts'
import { Table } from '../../mock/tables/table.ts'
import { Transaction } from '../../mock/model/transaction.ts'
import { UndoLog } from '../../mock/tables/undo-log.ts'
import { createInstrumentedPlatform } from '../../mock/platform.ts'
import { createBuilders } from '../../mock/scenarios/builders.ts'

describe('a failed request changes nothing', () => {
  it('collections.delete failing at its third write: the collection and its spaces stay as they were', async () => {
    let failAt = 0
    let writes = 0
    const platform = createInstrumentedPlatform(
      { scenario: 'demo', freeze: true },
      {
        beforeWrite: (table) => {
          if (failAt > 0 && ++writes === failAt) throw new Error(`Injected failure of the write to ${table}`)
        },
      },
    )
    await platform.ready
    const admin = createClient({ token: platform.tokens.admin, fetch: platform.fetch, retry: { limit: 0 } })
    const collection = [...platform.db.collections.all()].find((c) => c.title === 'Product')!
    const spaces = () => [...platform.db.spaces.all()].filter((s) => s.parent === collection.id).map((s) => [s.id, s.deletedAt ?? null])
    const before = spaces()
    expect(before.length).toBeGreaterThanOrEqual(2)
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    failAt = 3
    await expect(admin.collections.delete({ collectionId: collection.id })).rejects.toMatchObject({ status: 500 })
    failAt = 0
    error.mockRestore()
    expect(writes).toBe(3)
    expect(platform.db.collections.get(collection.id)).toBeDefined()
    expect(spaces()).toEqual(before)
    expect((await admin.collections.get({ collectionId: collection.id })).id).toBe(collection.id)
    // And the platform still works: the same call without the fault deletes it.
    await admin.collections.delete({ collectionId: collection.id })
    expect(platform.db.collections.get(collection.id)).toBeUndefined()
  })
})

/** The core over one operation whose handler is `handler`, and a caller's token; `lock` when shared with other writers. */
async function coreWith(handler: Handler<OperationDef>, lock?: StateLock) {
  const op = operations.listOrganizationsForAuthenticatedUser as OperationDef
  const { core, state, user, token } = await bareCore({ op, handler, seed: 'tx', lock })
  const request: PlainRequest = {
    method: 'GET',
    url: `http://mock.test${op.path}`,
    pathname: op.path,
    search: '',
    header: (name) => (name === 'authorization' ? `Bearer ${token.id}` : undefined),
    body: () => undefined,
    signal: new AbortController().signal,
  }
  return { state, user, send: () => core(request) }
}

describe('Prepare comes before any write', () => {
  it('a round that writes and then asks to prepare is undone and answers a 500 naming the operation and the table', async () => {
    const { state, user, send } = await coreWith(({ state, prepared }) => {
      state.tables.users.update(state.tables.users.get(user.id)!, { displayName: `Written in round ${prepared}` })
      return Deferred.prepare(async () => undefined)
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const answer = await send()
    error.mockRestore()
    expect(answer.status).toBe(500)
    expect(answer.body).toContain('listOrganizationsForAuthenticatedUser wrote to users.update before asking to prepare')
    expect(state.tables.users.get(user.id)!.displayName).toBe('Pat')
  })

  it('a round that asks to prepare first, then writes on the next run, is kept', async () => {
    const { state, user, send } = await coreWith(({ state, prepared }) => {
      if (!prepared) return Deferred.prepare(async () => undefined)
      state.tables.users.update(state.tables.users.get(user.id)!, { displayName: 'Prepared, then written' })
      return { items: [], next: null } as never
    })
    const answer = await send()
    expect(answer.status).toBe(200)
    expect(state.tables.users.get(user.id)!.displayName).toBe('Prepared, then written')
  })
})

describe('work after the lock (Deferred)', () => {
  const page = { items: [], next: null } as never

  it("a last step under the lock is a transaction of its own: its failure undoes its writes, not the run's", async () => {
    const { state, user, send } = await coreWith(({ state }) => {
      state.tables.users.update(state.tables.users.get(user.id)!, { displayName: 'Run' })
      return Deferred.finish(
        async () => 'Then',
        (value, now) => {
          now.tables.users.update(now.tables.users.get(user.id)!, { displayName: value })
          throw conflict('The last step failed')
        },
      )
    })
    const answer = await send()
    expect(answer.status).toBe(409)
    expect(answer.body).toContain('The last step failed')
    expect(state.tables.users.get(user.id)!.displayName).toBe('Run')
  })

  it('a last step waits for the lock: it never lands inside another request that then fails', async () => {
    let calls = 0
    let workDone!: () => void
    const worked = new Promise<void>((resolve) => (workDone = resolve))
    let finishWork!: (value: string) => void
    const outside = new Promise<string>((resolve) => (finishWork = resolve))
    let entered!: () => void
    const inside = new Promise<void>((resolve) => (entered = resolve))
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const { state, user, send } = await coreWith(async ({ state }) => {
      if (++calls === 1) {
        return Deferred.finish(
          async () => {
            const value = await outside
            workDone()
            return value
          },
          (value, now) => {
            now.tables.users.update(now.tables.users.get(user.id)!, { displayName: value })
            return page
          },
        )
      }
      // The second request writes, holds the lock until released, then fails: its writes are undone.
      state.tables.users.update(state.tables.users.get(user.id)!, { displayName: 'Failed run' })
      entered()
      await held
      throw conflict('The second request failed')
    })
    const first = send()
    await new Promise((resolve) => setImmediate(resolve))
    const second = send()
    await inside
    finishWork('Delivered')
    await worked
    // Every continuation of the finished work runs before this turn ends.
    await new Promise((resolve) => setImmediate(resolve))
    release()
    expect((await second).status).toBe(409)
    expect((await first).status).toBe(200)
    expect(state.tables.users.get(user.id)!.displayName).toBe('Delivered')
  })

  it('an answer after the lock is what its work resolves to, with the run committed before', async () => {
    const { user, send } = await coreWith(({ state }) => {
      state.tables.users.update(state.tables.users.get(user.id)!, { displayName: 'Committed' })
      return Deferred.answer(async () => ({ items: [{ id: state.tables.users.get(user.id)!.displayName }], next: null }) as never)
    })
    const answer = await send()
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body as string)).toEqual({ items: [{ id: 'Committed' }], next: null })
  })

  it(`an operation asking to prepare more than ${MAX_PREPARES} times fails as the bug it is`, async () => {
    let runs = 0
    const { send } = await coreWith(() => {
      runs++
      return Deferred.prepare(async () => undefined)
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const answer = await send()
    error.mockRestore()
    expect(answer.status).toBe(500)
    expect(answer.body).toContain(`asked to prepare more than ${MAX_PREPARES} times`)
    expect(runs).toBe(MAX_PREPARES + 1)
  })
})

describe('the undo log', () => {
  const Row = z.object({ id: z.string(), seq: z.number(), group: z.string(), rank: z.number(), note: z.optional(z.string()) })
  type Row = z.infer<typeof Row>
  const write = fc.oneof(
    fc.record({
      kind: fc.constant('insert' as const),
      id: fc.integer({ min: 0, max: 15 }),
      group: fc.constantFrom('a', 'b'),
      rank: fc.integer({ max: 9, min: 0 }),
    }),
    fc.record({
      kind: fc.constant('update' as const),
      id: fc.integer({ min: 0, max: 15 }),
      group: fc.constantFrom('a', 'b', 'c'),
      rank: fc.integer({ max: 9, min: 0 }),
      note: fc.option(fc.string({ maxLength: 3 }), { nil: undefined }),
    }),
    fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 15 }) }),
    fc.record({ kind: fc.constant('clear' as const) }),
    fc.record({ kind: fc.constant('bad' as const), id: fc.integer({ min: 0, max: 15 }) }),
  )

  it('rolls any sequence of writes back to the same records, in the same order, in the same index groups', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 15 }), { maxLength: 12 }), fc.array(write, { maxLength: 30 }), (seedIds, writes) => {
        const log = new UndoLog()
        const table = new Table<Row>(Row)
        table.attach(log, 'rows')
        const index = table.index(
          (r) => r.group,
          (r) => [r.rank, r.seq],
        )
        let seq = 0
        for (const id of new Set(seedIds)) table.insert({ id: `r${id}`, seq: ++seq, group: id % 2 ? 'a' : 'b', rank: id % 5 })
        const picture = () => JSON.stringify([[...table.all()], ['a', 'b', 'c'].map((g) => index.get(g).map((r) => r.id))])
        const before = picture()
        log.begin()
        for (const w of writes) {
          const stored = 'id' in w ? table.get(`r${w.id}`) : undefined
          try {
            if (w.kind === 'insert') table.insert({ id: `r${w.id}`, seq: ++seq, group: w.group, rank: w.rank })
            else if (w.kind === 'update' && stored)
              table.update(stored, { group: w.group, rank: w.rank, ...(w.note === undefined ? {} : { note: w.note }) })
            else if (w.kind === 'delete' && stored) table.delete(stored)
            else if (w.kind === 'clear') table.clear()
            // An invalid change throws before changing anything.
            else if (w.kind === 'bad' && stored) table.update(stored, { rank: 'high' as never })
          } catch {
            // Refused writes (a repeated ID, a bad value) change nothing, inside a transaction too.
          }
        }
        log.rollback()
        expect(picture()).toBe(before)
      }),
    )
  })

  it('undoes a failed transaction whatever its caller kept: update stores copies, so a kept list is not the stored one', () => {
    const Tagged = z.object({ id: z.string(), seq: z.number(), tags: z.array(z.string()), meta: z.object({ note: z.string() }) })
    const log = new UndoLog()
    const table = new Table<z.infer<typeof Tagged>>(Tagged)
    table.attach(log, 'tagged')
    const row = table.insert({ id: 'r', seq: 1, tags: ['a'], meta: { note: 'first' } })
    // A caller that keeps what it gave to update (committed), and changes it during a later request that fails.
    const tags = ['a', 'b']
    const meta = { note: 'second' }
    log.begin()
    table.update(row, { tags, meta })
    log.commit()
    const before = JSON.stringify([...table.all()])
    log.begin()
    tags.push('changed behind the table')
    meta.note = 'changed behind the table'
    log.rollback()
    expect(JSON.stringify([...table.all()])).toBe(before)
    expect(table.get('r')).toMatchObject({ tags: ['a', 'b'], meta: { note: 'second' } })
    const pushInPlace = () => {
      // @ts-expect-error a stored record is read-only all the way down: a change goes through update
      table.get('r')!.tags.push('x')
      // @ts-expect-error nested objects too
      table.get('r')!.meta.note = 'x'
    }
    expect(pushInPlace).toBeTypeOf('function')
  })

  it('restores the creation counter and the ID stream, so the next IDs are those a platform without the failure gives', async () => {
    const fresh = (): State =>
      createState(
        new Clock('2026-01-15T09:00:00Z', true),
        new Random('ids'),
        { api: 'http://mock.test', app: 'http://app.test' },
        new Libraries(),
      )
    const failed = fresh()
    const tx = new Transaction(failed)
    await createUser(failed, { displayName: 'Gone', email: 'gone@example.com' })
    tx.rollback()
    const untouched = fresh()
    const a = await createUser(failed, { displayName: 'Kept', email: 'kept@example.com' })
    const b = await createUser(untouched, { displayName: 'Kept', email: 'kept@example.com' })
    expect(a).toEqual(b)
    expect(failed.tables.users.size).toBe(1)
    expect(failed.clock.state).toEqual(untouched.clock.state)
  })
})

describe('writes outside requests (builders, the integration controls)', () => {
  it('wait for the state lock: a builder never lands inside a request that then fails', async () => {
    const lock = createStateLock()
    let entered!: () => void
    const inside = new Promise<void>((resolve) => (entered = resolve))
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const { state, user, send } = await coreWith(async ({ state }) => {
      state.tables.users.update(state.tables.users.get(user.id)!, { displayName: 'Failed run' })
      entered()
      await held
      throw conflict('The request failed')
    }, lock)
    const builders = createBuilders(
      transactOn(lock, () => state),
      () => state,
      {},
      (name) => `token-${name}`,
    )
    const answer = send()
    await inside
    // Called while the request holds the lock with a write made: it waits, then is kept whole.
    const made = builders.organization({ title: 'Made meanwhile' })
    expect(state.tables.organizations.size).toBe(0)
    release()
    expect((await answer).status).toBe(409)
    const organization = await made
    expect([...state.tables.organizations.all()].map((org) => [org.id, org.title])).toEqual([[organization.id, 'Made meanwhile']])
    expect(state.tables.users.get(user.id)!.displayName).toBe('Pat')
  })

  it('a builder that fails halfway changes nothing, platform.tokens included', async () => {
    const platform = createInstrumentedPlatform({ scenario: 'empty', freeze: true }, {})
    await platform.ready
    const before = JSON.stringify(platform.snapshot())
    // The user and its token are written before the membership is refused.
    await expect(platform.builders.user({ organization: 'org_missing', tokenName: 'pat' })).rejects.toThrow(/org_missing/)
    expect(JSON.stringify(platform.snapshot())).toBe(before)
    expect(platform.tokens).not.toHaveProperty('pat')
    // And the same builder with a real organization works, its token named.
    const org = await platform.builders.organization({ title: 'Acme' })
    const made = await platform.builders.user({ organization: org.id, tokenName: 'pat' })
    expect(platform.tokens.pat).toBe(made.token)
  })
})
