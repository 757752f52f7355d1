import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { createMockPlatform } from '../../mock/index.ts'

const demo = async (options: Parameters<typeof createMockPlatform>[0] = {}) => {
  const platform = createMockPlatform({ scenario: 'demo', freeze: true, ...options })
  await platform.ready
  return platform
}

describe('demo platforms restored from the scenario built once per process', () => {
  it('gives a later platform with the same options the same state and tokens as the first', async () => {
    const first = await demo({ seed: 'snapshots-same' })
    const second = await demo({ seed: 'snapshots-same' })
    expect(second.tokens).toEqual(first.tokens)
    expect(second.snapshot()).toEqual(first.snapshot())
  })

  it('builds a different scenario for a different seed', async () => {
    const a = await demo({ seed: 'snapshots-a' })
    const b = await demo({ seed: 'snapshots-b' })
    expect(b.tokens.admin).not.toBe(a.tokens.admin)
    expect([...b.db.spaces.all()].map((s) => s.id)).not.toEqual([...a.db.spaces.all()].map((s) => s.id))
  })

  it('keeps platforms apart: a write to one changes neither the next platform nor its reset', async () => {
    const first = await demo({ seed: 'snapshots-apart' })
    const client = createClient({ token: first.tokens.admin!, fetch: first.fetch, retry: 0 })
    const space = [...first.db.spaces.all()][0]!
    await client.spaces.update({ spaceId: space.id, title: 'Changed' })

    const second = await demo({ seed: 'snapshots-apart' })
    expect(second.db.spaces.get(space.id)!.title).not.toBe('Changed')
    await first.reset()
    expect(first.db.spaces.get(space.id)!.title).toBe(second.db.spaces.get(space.id)!.title)
  })

  it('answers ad-hoc @msw/data queries, updates and deletes on restored records', async () => {
    const platform = await demo({ seed: 'snapshots-db' })
    await platform.reset()
    const spaces = platform.db.spaces
    const [space] = spaces.all()
    const found = spaces.findFirst((q) => q.where({ id: space!.id }))
    expect(found).toBe(space)
    expect(spaces.findMany((q) => q.where({ organization: space!.organization })).length).toBeGreaterThan(1)

    const updated = spaces.update(found!, { title: 'Renamed' })
    expect(updated?.title).toBe('Renamed')
    expect(spaces.get(space!.id)!.title).toBe('Renamed')

    spaces.delete(found!)
    expect(spaces.get(space!.id)).toBeUndefined()
    expect(spaces.count()).toBe(spaces.size)
  })
})

describe('restore', () => {
  it('restores a snapshot taken earlier, through the API as well as the tables', async () => {
    const platform = await demo({ seed: 'snapshots-restore' })
    const snapshot = platform.snapshot()
    const client = createClient({ token: platform.tokens.admin!, fetch: platform.fetch, retry: 0 })
    const space = [...platform.db.spaces.all()][0]!
    await client.spaces.delete({ spaceId: space.id })
    await platform.restore(snapshot)
    expect((await client.spaces.get({ spaceId: space.id })).deletedAt).toBeUndefined()
    expect(platform.snapshot()).toEqual(snapshot)
  })

  it('refuses a snapshot with an invalid record, naming it, and keeps the current state', async () => {
    const platform = await demo({ seed: 'snapshots-invalid' })
    const before = platform.snapshot()
    const broken = platform.snapshot()
    ;(broken.tables.spaces![1] as { title: unknown }).title = 42
    await expect(platform.restore(broken)).rejects.toThrow(/Snapshot table "spaces": Record 1 .* at title/)
    await platform.ready.catch(() => undefined)
    expect(platform.snapshot()).toEqual(before)
  })
})
