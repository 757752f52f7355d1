import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import type { MockPlatform } from '../../mock/index.ts'
import { createInstrumentedPlatform } from '../../mock/platform.ts'
import type { WriteKind } from '../../mock/tables/undo-log.ts'

/**
 * The clock's maintenance runs in a request's transaction round before its operation. What it
 * writes is kept whatever the operation does; what the operation writes is kept only if it succeeds.
 */

/** Two platforms from the same seed and clock; `failing` names a table whose writes fail on the first. */
async function setUp() {
  let failing: string | undefined
  const beforeWrite = (table: string, _kind: WriteKind) => {
    if (table === failing) throw new Error(`Injected failure of a write to ${table}`)
  }
  const platform: MockPlatform = createInstrumentedPlatform(
    {
      scenario: 'empty',
      now: '2026-01-15T09:00:00.000Z',
      freeze: true,
      deterministicSecrets: true,
      logger: { error() {}, warn() {}, info() {}, debug() {} },
    },
    { beforeWrite },
  )
  await platform.ready
  const org = await platform.builders.organization({ title: 'Kept' })
  const { token } = await platform.builders.user({ displayName: 'Admin', organization: org.id, role: 'admin', tokenName: 'admin' })
  const doomed = await platform.builders.space({ organization: org.id, title: 'Doomed' })
  const client = createClient({ token, fetch: platform.fetch, retry: 0 })
  await client.spaces.delete({ spaceId: doomed.id })
  return { platform, client, org, doomed, fail: (table: string | undefined) => (failing = table) }
}

describe('maintenance and the operation of one request', () => {
  it('a failing operation after due maintenance keeps the purge and drops its own writes', async () => {
    const reference = await setUp()
    const tested = await setUp()
    for (const { platform } of [reference, tested]) platform.clock.advance('8d')

    // The reference: a request that writes nothing purges the space whose 7 days are over.
    expect((await reference.client.orgs.get({ organizationId: reference.org.id })).title).toBe('Kept')
    expect(reference.platform.db.spaces.get(reference.doomed.id)).toBeUndefined()

    // The same purge, then a create whose write fails: a 500, the purge kept, no collection.
    tested.fail('collections')
    const failed = await tested.client.collections.create({ organizationId: tested.org.id, title: 'Never' }).then(
      () => undefined,
      (error: unknown) => error as { status?: number },
    )
    tested.fail(undefined)
    expect(failed?.status).toBe(500)
    expect(tested.platform.db.spaces.get(tested.doomed.id)).toBeUndefined()
    expect([...tested.platform.db.collections.all()].map((c) => c.title)).toEqual([])
    // Byte for byte the state the reference's read left: the failed create left nothing, not even a drawn ID.
    expect(JSON.stringify(tested.platform.snapshot())).toBe(JSON.stringify(reference.platform.snapshot()))

    // And the next create gets the ID the reference's does.
    const [a, b] = await Promise.all([
      reference.client.collections.create({ organizationId: reference.org.id, title: 'Next' }),
      tested.client.collections.create({ organizationId: tested.org.id, title: 'Next' }),
    ])
    expect(b.id).toBe(a.id)
  })

  it('a failing operation with nothing due changes nothing', async () => {
    const { platform, client, org, fail } = await setUp()
    const before = JSON.stringify(platform.snapshot())
    fail('collections')
    await expect(client.collections.create({ organizationId: org.id, title: 'Never' })).rejects.toMatchObject({ status: 500 })
    fail(undefined)
    expect(JSON.stringify(platform.snapshot())).toBe(before)
  })
})
