import { createClient, type Client } from '../src/index.ts'
import { createMockPlatform, type MockPlatform } from '../mock/index.ts'
import { fmt, time } from './harness.ts'

/** Walks a list with the largest pages until 90% of its items are behind, and returns that cursor. */
async function deepCursor(list: (page?: string) => Promise<{ next?: { page: string } | undefined; count: number; items: unknown[] }>): Promise<string> {
  let seen = 0
  let page: string | undefined
  let first = true
  for (;;) {
    const result = await list(page)
    seen += result.items.length
    if (first) first = false
    if (!result.next || seen >= result.count * 0.9) return result.next?.page ?? page!
    page = result.next.page
  }
}

async function spacesPlatform(n: number) {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Scale' })
  const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
  const collection = await platform.builders.collection({ organization: org.id, title: 'Big' })
  for (let i = 0; i < n; i++) await platform.builders.space({ organization: org.id, parent: collection.id, title: `Space ${i}` })
  return { platform, client: createClient({ token, fetch: platform.fetch }), collectionId: collection.id }
}

async function membersPlatform(n: number) {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Scale' })
  const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
  for (let i = 0; i < n; i++) await platform.builders.user({ organization: org.id, role: 'read', displayName: `Member ${i}` })
  return { platform, client: createClient({ token, fetch: platform.fetch }), organizationId: org.id }
}

async function measure(listPage: (page?: string) => Promise<{ next?: { page: string } | undefined; count: number; items: unknown[] }>) {
  const first = await time(() => listPage(), 30)
  const cursor = await deepCursor((page) => listPage(page))
  const deep = await time(() => listPage(cursor), 30)
  return { first, deep }
}

/**
 * Scale: the first page and a page deep in the list (after 90% of the items) with 1k, 10k and
 * 100k items in one collection; goal: the 100k figure within 1.5x of the 1k figure.
 */
export async function scale(sizes = [1_000, 10_000, 100_000]): Promise<string[]> {
  const rows: string[] = []
  const results: Record<string, Record<number, { first: number; deep: number }>> = { spaces: {}, members: {} }
  for (const n of sizes) {
    const s = await spacesPlatform(n)
    results.spaces![n] = await measure((page) => s.client.collections.listSpaces({ collectionId: s.collectionId, ...(page ? { page } : {}) }))
    const m = await membersPlatform(n)
    results.members![n] = await measure((page) => m.client.orgs.members.list({ organizationId: m.organizationId, ...(page ? { page } : {}) }))
  }
  rows.push('## 2. Scale (median ms per page of 100, SDK through platform.fetch)', '', '| list | items | first page | page after 90% | first vs 1k | deep vs 1k |', '|---|---|---|---|---|---|')
  let met = true
  for (const [name, byN] of Object.entries(results)) {
    const base = byN[sizes[0]!]!
    for (const n of sizes) {
      const r = byN[n]!
      rows.push(`| ${name} | ${fmt(n)} | ${fmt(r.first, 2)} | ${fmt(r.deep, 2)} | ${fmt(r.first / base.first, 2)}x | ${fmt(r.deep / base.deep, 2)}x |`)
      if (n === sizes.at(-1) && (r.first / base.first > 1.5 || r.deep / base.deep > 1.5)) met = false
    }
  }
  rows.push('', `Goal: the ${fmt(sizes.at(-1)!)} figures within 1.5x of the ${fmt(sizes[0]!)} figures: ${met ? 'met' : 'NOT met'}.`)
  rows.push('', ...(await memory()))
  return rows
}

/** RSS held per 10k stored spaces (goal: under 20 MB). */
async function memory(): Promise<string[]> {
  const gc = (globalThis as { gc?: () => void }).gc
  // Baseline: a platform with the same organization and collection but no spaces, so only the spaces count.
  const base = await spacesPlatform(0)
  gc?.()
  const before = process.memoryUsage()
  const held = await spacesPlatform(10_000)
  gc?.()
  const after = process.memoryUsage()
  const rss = (after.rss - before.rss) / 2 ** 20
  const heap = (after.heapUsed - before.heapUsed) / 2 ** 20
  void base
  void held
  return [
    `Memory held by 10,000 stored spaces: RSS delta ${fmt(rss, 1)} MB, heap delta ${fmt(heap, 1)} MB (goal under 20 MB: ${Math.max(rss, heap) < 20 ? 'met' : 'NOT met'})${gc ? '' : ' (run with --expose-gc for steadier figures)'}.`,
  ]
}

export type { Client, MockPlatform }
