import { Collection } from '@msw/data'
import { SpaceRecord } from '../mock/tables/spaces.ts'
import { Table } from '../mock/tables/table.ts'
import { fmt, median } from './harness.ts'

/**
 * What @msw/data costs beside the model's own table (docs/decisions/model.md): storing, changing
 * and finding one record, on a table of `n` spaces, per operation (µs, median of rounds).
 */
export async function mswData(n = 10_000, rounds = 5): Promise<string[]> {
  const space = (i: number) => ({
    id: `s${i}`,
    seq: i,
    organization: `o${i % 10}`,
    position: String(i),
    title: `Space ${i}`,
    emoji: '📘',
    visibility: 'private' as const,
    editMode: 'live' as const,
    defaultLevel: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    revision: `r${i}`,
  })
  const rows: Record<string, number[]> = {}
  const measure = async (name: string, ops: number, run: () => unknown) => {
    const t = performance.now()
    await run()
    ;(rows[name] ??= []).push(((performance.now() - t) * 1000) / ops)
  }
  for (let round = 0; round < rounds; round++) {
    const collection = new Collection({ schema: SpaceRecord })
    const table = new Table(SpaceRecord)
    await measure('store a record: @msw/data `create`', n, async () => {
      for (let i = 0; i < n; i++) await collection.create(space(i))
    })
    await measure('store a record: Table.insert (validated)', n, async () => {
      for (let i = 0; i < n; i++) await table.insert(space(i))
    })
    const sample = 200
    await measure('change one field: @msw/data `update` by id', sample, async () => {
      for (let i = 0; i < sample; i++)
        await collection.update((q) => q.where({ id: `s${(i * 37) % n}` }), { data: (s) => void (s.title = `T${i}`) })
    })
    await measure('change one field: Table.update (validated)', sample, () => {
      for (let i = 0; i < sample; i++) table.update(table.get(`s${(i * 37) % n}`)!, { title: `T${i}` })
    })
    await measure('find by id: @msw/data `findFirst`', sample, () => {
      for (let i = 0; i < sample; i++) collection.findFirst((q) => q.where({ id: `s${(i * 37) % n}` }))
    })
    await measure('find by id: Table.get', sample, () => {
      for (let i = 0; i < sample; i++) table.get(`s${(i * 37) % n}`)
    })
    await measure('ad-hoc query over every record: @msw/data `findMany`', 20, () => {
      for (let i = 0; i < 20; i++) collection.findMany((q) => q.where({ organization: 'o3' }))
    })
    await measure('ad-hoc query over every record: Table.findMany (@msw/data Query)', 20, () => {
      for (let i = 0; i < 20; i++) table.findMany((q) => q.where({ organization: 'o3' }))
    })
    await measure('validate a space record (zod mini, synchronous)', n, () => {
      for (let i = 0; i < n; i++) SpaceRecord['~standard'].validate(space(i))
    })
  }
  return [
    `| operation (${n.toLocaleString('en')} spaces) | µs per operation |`,
    '|---|---|',
    ...Object.entries(rows).map(([name, values]) => `| ${name} | ${fmt(median(values), 2)} |`),
  ]
}

if (import.meta.main) console.log((await mswData()).join('\n'))
