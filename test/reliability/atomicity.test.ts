import LZString from 'lz-string'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { OperationDef } from '../../src/contract/define.ts'
import type { MockPlatform, MockPlatformOptions } from '../../mock/index.ts'
import { createInstrumentedPlatform } from '../../mock/platform.ts'
import type { ChangeLog } from '../../mock/model/changes.ts'
import type { WriteKind } from '../../mock/tables/undo-log.ts'
import { allOperations, call, isSuccess, opById, table, type Answer } from './call.ts'
import { RULES, targetKindOf } from './permissions-table.ts'
import { CALLERS, createWorld, pathValuesFor, targetsOf, type Caller, type World } from './world.ts'

/**
 * Atomicity, proven as SQLite proves it: for every operation of the contract, the k-th table write
 * fails, for k = 1, 2, ... until the operation completes without reaching k. After each failed
 * attempt the state (a serialised snapshot) and the journal (what the change log would write) are
 * exactly as before, and the same request without the fault then succeeds with the answer and the
 * journal a fresh copy gives. Every case starts from the same state.
 */

/** The fault injection: armed for one request, it fails the write whose number is `failAt`. */
interface Armed {
  failAt: number
  writes: number
  failed?: string
}
let armed: Armed | undefined
const beforeWrite = (name: string, kind: WriteKind): void => {
  if (!armed) return
  armed.writes++
  if (armed.writes === armed.failAt) {
    armed.failed = `${name}.${kind}`
    throw new Error(`Injected failure of write ${armed.writes} (${name}.${kind})`)
  }
}

let world: World
let platform: MockPlatform
let journal: ChangeLog
const writesOf = new Map<string, number>()

/** Renders what the journal holds since the last take: the bytes it would write. */
const journalBytes = (): string => JSON.stringify(journal.take())
const stateBytes = (): string => JSON.stringify(platform.snapshot())

beforeAll(async () => {
  // The mock reports each failure as a bug of its own (it is one, injected here): only others are shown.
  const report = console.error.bind(console)
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!args.some((arg) => String(arg).includes('Injected failure'))) report(...args)
  })
  // Seeded secrets too, so a share key or signing secret in an answer is the same on every copy.
  const create = (options: MockPlatformOptions) => createInstrumentedPlatform({ ...options, deterministicSecrets: true }, { beforeWrite })
  world = await createWorld('atomicity', create)
  platform = world.platform
  // Transfers and installs need an admin of both organizations.
  await platform.builders.member(world.globex.organizationId, world.users.admin!, 'admin')
  world.baseline = platform.snapshot()
  journal = platform.trackChanges()
})

/** The same answer: status and body (an event stream's text as is). */
const same = (answer: Answer) => JSON.stringify([answer.status, answer.body])

/** Operations the permissions table leaves out, with a request that succeeds for the admin. */
const EXTRA: Record<string, (world: World) => Record<string, unknown>> = {
  renderIntegrationUIWithGet: () => ({
    integrationName: 'demo-integration',
    request: LZString.compressToEncodedURIComponent(JSON.stringify({ componentId: 'metric' })),
  }),
  renderIntegrationUIWithPost: () => ({ integrationName: 'demo-integration', componentId: 'metric' }),
  // The caller's own user: no parameters (it writes nothing, so every k passes at once).
  getAuthenticatedUser: () => ({}),
  // The demo integration's installation in Acme, on one of Acme's spaces and sites (covered: it covers all).
  getIntegrationInstallationById: (w) => installationIds(w),
  updateIntegrationInstallation: (w) => ({ ...installationIds(w), configuration: { region: 'us' }, externalIds: ['x-1'] }),
  uninstallIntegration: (w) => installationIds(w),
  createIntegrationInstallationToken: (w) => installationIds(w),
  listIntegrationInstallationSpaces: (w) => installationIds(w),
  installIntegrationOnSpace: (w) => ({ ...installationIds(w), space: acmeSpace(w) }),
  getIntegrationSpaceInstallation: (w) => ({ ...installationIds(w), spaceId: acmeSpace(w) }),
  updateIntegrationSpaceInstallation: (w) => ({ ...installationIds(w), spaceId: acmeSpace(w), externalIds: ['x-1'] }),
  uninstallIntegrationFromSpace: (w) => ({ ...installationIds(w), spaceId: acmeSpace(w) }),
  listIntegrationInstallationSites: (w) => installationIds(w),
  installIntegrationOnSite: (w) => ({ ...installationIds(w), siteId: w.acme.sites[0]!.siteId }),
  getIntegrationSiteInstallation: (w) => ({ ...installationIds(w), siteId: w.acme.sites[0]!.siteId }),
  updateIntegrationSiteInstallation: (w) => ({ ...installationIds(w), siteId: w.acme.sites[0]!.siteId, externalIds: ['x-1'] }),
  uninstallIntegrationFromSite: (w) => ({ ...installationIds(w), siteId: w.acme.sites[0]!.siteId }),
  queueIntegrationTask: () => ({ integrationName: 'demo-integration', task: { kind: 'sync' } }),
}

// From the world, not the tables: a case before may have left the installation uninstalled (each case restores its state first).
const installationIds = (w: World) => ({ integrationName: 'demo-integration', installationId: w.acme.installationId })

const acmeSpace = (w: World) => Object.values(w.acme.spaces)[0]!.spaceId!

/** Requests that succeed for the admin, first target first. */
function requestsFor(op: OperationDef): Array<Record<string, unknown>> {
  const extra = EXTRA[op.id]
  if (extra) return [extra(world)]
  const rule = RULES[op.id]
  if (!rule) return []
  return targetsOf(world, targetKindOf(op)!)
    .filter((t) => rule.only?.(t.values) ?? true)
    .map((t) => ({ ...pathValuesFor(op.path, t.values), ...(rule.params?.(t.values, world) ?? {}) }))
}

const send = (op: OperationDef, caller: Caller, params: Record<string, unknown>) =>
  call(platform.fetch, platform.baseUrl, op, world.tokens[caller], params)

async function fresh(): Promise<void> {
  await platform.restore(world.baseline)
  journal.take()
}

describe('every operation is one transaction', () => {
  it('has a request for every operation of the contract', () => {
    expect(allOperations.filter((op) => requestsFor(op).length === 0).map((op) => op.id)).toEqual([])
  })

  for (const op of [...allOperations].sort((a, b) => a.id.localeCompare(b.id))) {
    it(`${op.id}: a failure at any table write changes nothing`, async () => {
      // The reference: the first request that succeeds on a fresh copy, with its answer and journal.
      let params: Record<string, unknown> | undefined
      let caller: Caller = 'admin'
      let reference: { answer: string; journal: string } | undefined
      const tried: string[] = []
      search: for (const candidate of requestsFor(op)) {
        // The admin first; an author for what only authors may do.
        for (const who of CALLERS) {
          await fresh()
          const answer = await send(op, who, candidate)
          if (isSuccess(op, answer.status)) {
            params = candidate
            caller = who
            reference = { answer: same(answer), journal: journalBytes() }
            break search
          }
          if (who === 'admin') tried.push(`${answer.status} ${answer.message ?? ''}`)
        }
      }
      expect(reference, `no request succeeded: ${tried.join('; ')}`).toBeDefined()

      const problems: string[] = []
      let k = 1
      for (; ; k++) {
        await fresh()
        const before = stateBytes()
        const attempt: Armed = { failAt: k, writes: 0 }
        armed = attempt
        let answer: Answer
        try {
          answer = await send(op, caller, params!)
        } finally {
          armed = undefined
        }
        const failed = attempt.failed
        if (failed === undefined) {
          // Completed without reaching write k: the operation makes k - 1 writes.
          if (same(answer) !== reference!.answer)
            problems.push(`unarmed past its last write, it answered ${answer.status} ${answer.message ?? ''}`)
          break
        }
        if (answer.status !== 500) problems.push(`write ${k} (${failed}) failed, yet it answered ${answer.status}`)
        if (stateBytes() !== before) problems.push(`write ${k} (${failed}) failed and the state changed`)
        const journaled = journalBytes()
        if (journaled !== '{"entries":[]}') problems.push(`write ${k} (${failed}) failed and the journal got ${journaled.slice(0, 200)}`)
        // The platform still works: the same request succeeds as on a fresh copy.
        const again = await send(op, caller, params!)
        if (same(again) !== reference!.answer)
          problems.push(
            `after write ${k} (${failed}) failed, the same request answered ${again.status} ${again.message ?? ''}, not as on a fresh copy`,
          )
        else if (journalBytes() !== reference!.journal)
          problems.push(`after write ${k} (${failed}) failed, the same request journaled otherwise than on a fresh copy`)
        if (problems.length > 0) break
      }
      writesOf.set(op.id, k - 1)
      expect(problems).toEqual([])
    })
  }
})

/**
 * Fails the k-th write of `act` for k = 1, 2, ... until it completes without reaching k; after each
 * failure the state and the journal are as before. Gives how many writes the act makes.
 */
async function failEachWrite(
  prepare: () => Promise<void>,
  act: () => Promise<void>,
  expectFailure: (error: unknown) => void,
): Promise<number> {
  for (let k = 1; ; k++) {
    await prepare()
    journal.take()
    const before = stateBytes()
    const attempt: Armed = { failAt: k, writes: 0 }
    armed = attempt
    let error: unknown
    try {
      await act()
    } catch (caught) {
      error = caught
    } finally {
      armed = undefined
    }
    if (attempt.failed === undefined) {
      expect(error).toBeUndefined()
      return k - 1
    }
    expectFailure(error)
    expect(stateBytes(), `write ${k} (${attempt.failed}) failed`).toBe(before)
    expect(journalBytes(), `write ${k} (${attempt.failed}) failed`).toBe('{"entries":[]}')
  }
}

describe('the control plane and the clock', () => {
  it('restore: a snapshot whose loading fails at any table leaves the state and the journal as they were', async () => {
    await fresh()
    const getSpace = opById('getSpaceById')
    const spaceId = world.acme.spaces[Object.keys(world.acme.spaces)[0]!]!.spaceId!
    // Another state to restore: the baseline with one space renamed.
    await send(opById('updateSpaceById'), 'admin', { spaceId, title: 'Restored title' })
    const other = platform.snapshot()
    const writes = await failEachWrite(
      fresh,
      () => platform.restore(other),
      (error) => expect(String(error)).toContain('Injected failure'),
    )
    expect(writes).toBeGreaterThan(20)
    expect(((await send(getSpace, 'admin', { spaceId })).body as { title: string }).title).toBe('Restored title')
  })

  it('builders and the integration controls: a failure at any write leaves the state and the journal as they were', async () => {
    const organization = world.acme.organizationId
    const installation = [...platform.db.integrationInstallations.all()][0]!
    const acts: Array<[string, () => Promise<unknown>]> = [
      ['builders.user', () => platform.builders.user({ organization, role: 'edit', tokenName: 'atomic' })],
      ['builders.space', () => platform.builders.space({ organization, title: 'Made and deleted', deleted: true })],
      [
        'builders.content',
        async () => {
          const space = [...platform.db.spaces.all()].find((s) => s.organization === organization && !s.deletedAt)!
          return platform.builders.content({
            space: space.id,
            pages: [{ title: 'Top', markdown: 'Text.', pages: [{ title: 'Under', markdown: 'More.' }] }],
          })
        },
      ],
      [
        'builders.integration',
        () => platform.builders.integration({ name: 'atomic-new', organization, visibility: 'private', verified: true }),
      ],
      [
        'builders.installation',
        () =>
          platform.builders.installation({ integration: 'demo-integration', organization: world.globex.organizationId, status: 'paused' }),
      ],
      [
        'integrations.updateInstallation',
        () => platform.integrations.updateInstallation(installation.id, { status: 'paused', externalIds: ['x-1'] }),
      ],
      ['integrations.emitEvent', () => platform.integrations.emitEvent(installation.id, { type: 'installation_setup' })],
    ]
    const writes: Record<string, number> = {}
    for (const [name, act] of acts) {
      writes[name] = await failEachWrite(
        fresh,
        async () => void (await act()),
        (error) => expect(String(error), name).toContain('Injected failure'),
      )
    }
    // Each wrote, and all but the event (one record) more than once: a failure could land halfway.
    expect(Object.entries(writes).filter(([name, count]) => count < (name === 'integrations.emitEvent' ? 1 : 2))).toEqual([])
  })

  it('reset: the same, back to the scenario', async () => {
    const changed = async () => {
      await fresh()
      await send(opById('createCollection'), 'admin', { organizationId: world.acme.organizationId, title: 'Before the reset' })
    }
    const writes = await failEachWrite(
      changed,
      () => platform.reset(),
      (error) => expect(String(error)).toContain('Injected failure'),
    )
    expect(writes).toBeGreaterThan(20)
    expect([...platform.db.collections.all()].some((c) => c.title === 'Before the reset')).toBe(false)
  })

  it('the clock: a purge of expired spaces that fails halfway is undone with the request that ran it', async () => {
    const getOrg = opById('getOrganizationById')
    const organizationId = world.acme.organizationId
    const expired = async () => {
      await fresh()
      platform.clock.advance('8d')
    }
    // The reference: what the first request after the clock moved leaves.
    await expired()
    const deletedBefore = [...platform.db.spaces.all()].filter((s) => s.deletedAt).length
    expect(deletedBefore).toBeGreaterThan(0)
    expect((await send(getOrg, 'admin', { organizationId })).status).toBe(200)
    const purged = stateBytes()
    expect([...platform.db.spaces.all()].filter((s) => s.deletedAt).length).toBe(0)
    let failures = 0
    const writes = await failEachWrite(
      expired,
      async () => {
        const answer = await send(getOrg, 'admin', { organizationId })
        if (answer.status === 500) {
          failures++
          throw new Error(answer.message)
        }
      },
      (error) => expect(String(error)).toContain('Injected failure'),
    )
    expect(writes).toBeGreaterThanOrEqual(deletedBefore)
    expect(failures).toBe(writes)
    // After the last failure the platform still works: the same request purges as on a fresh copy.
    expect((await send(getOrg, 'admin', { organizationId })).status).toBe(200)
    expect(stateBytes()).toBe(purged)
  })
})

afterAll(() => {
  const rows = [...writesOf].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  const total = rows.reduce((sum, [, n]) => sum + n, 0)
  console.info(`atomicity: ${rows.length} operations, ${total} failed writes tried\n` + table(['operation', 'writes'], rows.slice(0, 15)))
})
