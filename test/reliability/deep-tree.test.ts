import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'

/**
 * A chain of collections thousands deep: the list walks every one over HTTP with cursors of
 * bounded length (they used to grow past the server's own 2,048-character limit at 150 levels),
 * the whole chain lists without a 500 (5,000 levels overflowed the stack), and a walk survives
 * the removal of the item its cursor points at.
 */

const DEPTH = 5_000
let platform: MockPlatform
let server: MockServer
let admin: string
let member: string
let organizationId: string
const chain: string[] = []

beforeAll(async () => {
  platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Deep Org' })
  organizationId = org.id
  admin = (await platform.builders.user({ displayName: 'Dee', organization: org.id, role: 'admin', tokenName: 'dee' })).token
  member = (await platform.builders.user({ displayName: 'Mem', organization: org.id, role: 'read', tokenName: 'mem' })).token
  let parent: string | undefined
  for (let i = 0; i < DEPTH; i++) {
    const c = await platform.builders.collection({ organization: org.id, title: `Level ${i}`, parent })
    chain.push(c.id)
    parent = c.id
  }
  server = await startMockServer({ platform })
}, 120_000)
afterAll(() => server.close())

describe(`a chain of ${DEPTH} collections`, () => {
  it('walks every level in tree order, page by page, with short cursors', async () => {
    const client = createClient({ baseUrl: server.url, token: member, retry: 0 })
    const seen: string[] = []
    let longest = 0
    for await (const page of client.collections.list({ organizationId, limit: 1000 }).pages()) {
      seen.push(...page.items.map((c) => c.id))
      if (page.next) longest = Math.max(longest, page.next.page.length)
    }
    expect(seen).toEqual(chain)
    expect(longest).toBeGreaterThan(0)
    expect(longest).toBeLessThan(1024)
  })

  it('lists the first page of the whole chain for an admin', async () => {
    const client = createClient({ baseUrl: server.url, token: admin, retry: 0 })
    const first = await client.collections.list({ organizationId, limit: 5 })
    expect(first.count).toBe(DEPTH)
    expect(first.items.map((c) => c.id)).toEqual(chain.slice(0, 5))
  })

  it('resumes after the cursor item was removed, skipping nothing that stayed', async () => {
    const local = createMockPlatform({ scenario: 'empty' })
    await local.ready
    const org = await local.builders.organization({ title: 'Branchy' })
    const { token } = await local.builders.user({ displayName: 'B', organization: org.id, role: 'admin', tokenName: 'b' })
    // root -> a -> (a1, a2), b: tree order a, a1, a2, b
    const a = await local.builders.collection({ organization: org.id, title: 'a' })
    const a1 = await local.builders.collection({ organization: org.id, title: 'a1', parent: a.id })
    const a2 = await local.builders.collection({ organization: org.id, title: 'a2', parent: a.id })
    const b = await local.builders.collection({ organization: org.id, title: 'b' })
    const client = createClient({ token, fetch: local.fetch, retry: 0 })
    const first = await client.collections.list({ organizationId: org.id, limit: 2 })
    expect(first.items.map((c) => c.title)).toEqual(['a', 'a1'])
    await client.collections.delete({ collectionId: a1.id })
    const second = await first.getNextPage()
    expect(second.items.map((c) => c.id)).toEqual([a2.id, b.id])
  })
})
