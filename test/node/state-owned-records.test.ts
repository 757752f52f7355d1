import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMockPlatform, type SerializedState } from '../../mock/index.ts'
import { assemblePlatform } from '../../mock/platform.ts'
import { compileExactCheck } from '../../mock/tables/exact-check.ts'
import { createClient } from '../../src/index.ts'

/** A small state with records of most shapes: nested objects, lists, string maps, optional fields. */
async function source(): Promise<SerializedState> {
  const platform = createMockPlatform({ scenario: 'empty', freeze: true, deterministicSecrets: true })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Owned' })
  await b.user({ organization: org.id, role: 'admin', tokenName: 'admin' })
  const space = await b.space({ organization: org.id, title: 'Space ✨' })
  const parent = await b.page({ space: space.id, title: 'Parent', markdown: '# Hello' })
  await b.page({ space: space.id, parent: parent.page, title: 'Child', markdown: 'Text' })
  return platform.snapshot()
}

/**
 * What a restore of `snapshot` gives: the state as written again (its exact text, keys in order),
 * or the message it is refused with. `owned` restores as a state file is (records kept when their
 * schema takes them as they are), else as `platform.restore` does (each record the schema's copy).
 */
async function restored(snapshot: SerializedState, owned: boolean): Promise<string> {
  const copy = JSON.parse(JSON.stringify(snapshot)) as SerializedState
  const { platform, lifecycle } = assemblePlatform({ scenario: 'empty', freeze: true, deterministicSecrets: true })
  await platform.ready
  try {
    await (owned ? lifecycle.restore(copy, { keepAsParsed: compileExactCheck }) : platform.restore(copy))
  } catch (error) {
    return `refused: ${(error as Error).message}`
  }
  return JSON.stringify(platform.snapshot())
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A change to one record as a hand edit makes it: a field removed, added, replaced, moved; a nested value changed. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.constantFrom('extra', '__proto__', 'constructor', 'title', '0'),
    value: fc.jsonValue(),
  }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: fc.jsonValue() }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('nested' as const), at: fc.nat(), key: fc.constantFrom('extra', 'a', '__proto__'), value: fc.jsonValue() }),
)

/** `record` with `change` made, as the text of a file would give it (so `__proto__` is a field like any other). */
function edited(record: Record<string, Json>, change: typeof edit extends fc.Arbitrary<infer E> ? E : never): Record<string, Json> {
  const entries = Object.entries(record)
  const at = entries.length === 0 ? 0 : ('at' in change ? change.at : 0) % entries.length
  if (change.kind === 'remove') entries.splice(at, 1)
  else if (change.kind === 'add') entries.push([change.key, change.value as Json])
  else if (change.kind === 'replace') entries[at] = [entries[at]![0], change.value as Json]
  else if (change.kind === 'move') entries.unshift(...entries.splice(at, 1))
  else {
    const [key, value] = entries[at]!
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      entries[at] = [key, withEntry(value, change.key, change.value as Json)]
    else if (Array.isArray(value)) entries[at] = [key, [...value, change.value as Json]]
    else entries[at] = [key, withEntry({}, change.key, change.value as Json)]
  }
  return JSON.parse(`{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`) as Record<
    string,
    Json
  >
}

function withEntry(object: { [key: string]: Json }, key: string, value: Json): { [key: string]: Json } {
  return JSON.parse(
    JSON.stringify(object).replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(value)}${Object.keys(object).length > 0 ? ',' : ''}`),
  ) as {
    [key: string]: Json
  }
}

describe('records a state file restore keeps as they are read', () => {
  it('restore to the same state, written back byte for byte, as the copies the schemas make', async () => {
    const snapshot = await source()
    const copied = await restored(snapshot, false)
    expect(copied.startsWith('{')).toBe(true)
    expect(await restored(snapshot, true)).toBe(copied)
    expect(JSON.parse(copied)).toEqual(JSON.parse(JSON.stringify(snapshot)))
  })

  it('give, for any hand edit of a record, the state or the refusal a restore of copies gives', async () => {
    const snapshot = await source()
    const tables = Object.entries(snapshot.tables).filter(([, records]) => records.length > 0)
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), edit, async (table, row, change) => {
        const [name, records] = tables[table % tables.length]!
        const i = row % records.length
        const changed = structuredClone(snapshot)
        changed.tables[name]![i] = edited(records[i] as Record<string, Json>, change)
        expect(await restored(changed, true)).toBe(await restored(changed, false))
      }),
      { numRuns: 150 },
    )
  })
})

describe('the state a reset returns to, kept at start', () => {
  it('is the state as it was kept, whatever was written or restored since', async () => {
    const snapshot = await source()
    const { platform, lifecycle } = assemblePlatform({ scenario: 'empty', freeze: true, deterministicSecrets: true })
    await platform.ready
    await lifecycle.restore(JSON.parse(JSON.stringify(snapshot)) as SerializedState, { keepAsParsed: compileExactCheck })
    lifecycle.keepAsInitial()
    const kept = JSON.stringify(platform.snapshot())
    const [space] = snapshot.tables.spaces as Array<{ id: string }>
    const [token] = snapshot.tables.tokens as Array<{ id: string }>
    const client = createClient({ token: token!.id, fetch: platform.fetch, retry: 0 })

    await client.spaces.update({ spaceId: space!.id, title: 'Changed' })
    expect(JSON.stringify(platform.snapshot())).not.toBe(kept)
    await platform.reset()
    expect(JSON.stringify(platform.snapshot())).toBe(kept)
    expect((await client.spaces.get({ spaceId: space!.id })).title).toBe('Space ✨')

    // Kept again, then replaced by a restore before any write: the reset still returns to it.
    lifecycle.keepAsInitial()
    await platform.restore(createMockPlatform({ scenario: 'empty' }).snapshot())
    await platform.reset()
    expect(JSON.stringify(platform.snapshot())).toBe(kept)
  })
})
