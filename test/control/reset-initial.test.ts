import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { type MockServer, startMockServer } from '../../mock/node/index.ts'

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

const titles = (tables: Record<string, unknown[]>) => (tables.organizations as Array<{ title: string }>).map((o) => o.title).sort()

describe("the control plane's `initial` option", () => {
  it('is the state POST /_docplat/reset returns to; without it, the reset returns to the scenario', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    await platform.builders.organization({ title: 'Kept' })
    const kept = platform.snapshot()
    await platform.builders.organization({ title: 'Dropped' })
    const server = await startMockServer({ platform, control: { initial: () => kept } })
    servers.push(server)

    expect((await fetch(`${server.url}/_docplat/reset`, { method: 'POST' })).status).toBe(204)
    expect(titles(platform.snapshot().tables)).toEqual(['Kept'])
    expect(platform.snapshot().tables).toEqual(kept.tables)

    const plain = createMockPlatform({ scenario: 'empty' })
    await plain.ready
    await plain.builders.organization({ title: 'Dropped' })
    const other = await startMockServer({ platform: plain })
    servers.push(other)
    expect((await fetch(`${other.url}/_docplat/reset`, { method: 'POST' })).status).toBe(204)
    expect(titles(plain.snapshot().tables)).toEqual([])
  })
})
