// What every parallel worker does, each on its own platform of the one shared server: the same
// titles, the same deletes, clock advances of its own. Four files run this, one per worker.
import { createClient } from 'docplat'
import { connectMockServer } from 'docplat/mock'
import { describe, inject } from 'vitest'
import { expect, test } from '../fixtures.js'

export const WORKERS = 4

export function conflictingWrites(worker: number): void {
  describe(`worker ${worker} of ${WORKERS}`, () => {
    test.override({ platformOptions: { scenario: 'demo', seed: `parallel-${worker}` } })
    test('runs while the other workers run, each on a platform of its own', async ({ mock }) => {
      const server = await connectMockServer(inject('mockUrl'))
      // Every worker waits here until all of them hold a platform at once: proof they run in
      // parallel (one after another, this would never pass).
      await expect
        .poll(async () => (await server.platforms.list()).filter((p) => p.seed?.startsWith('parallel-')).length, { timeout: 120_000 })
        .toBe(WORKERS)
      const mine = (await server.platforms.list()).find((p) => p.id === mock.id)
      expect(mine).toMatchObject({ seed: `parallel-${worker}`, baseUrl: mock.baseUrl })
    })

    test('writes the same titles, deletes the same space, moves its own clock: sees only its own', async ({ mock, page, open }) => {
      const admin = createClient({ baseUrl: mock.baseUrl, token: mock.tokens.admin!, retry: 0 })
      const [org] = (await admin.orgs.list()).items
      const [collection] = (await admin.collections.list({ organizationId: org!.id })).items
      const before = (await admin.collections.listSpaces({ collectionId: collection!.id })).items
      await mock.clock.freeze()
      await mock.clock.set('2026-01-15T09:00:00.000Z')
      // Two copies of the same space, with the same titles in every worker.
      const copies = [
        await admin.spaces.duplicate({ spaceId: before.at(-1)!.id }),
        await admin.spaces.duplicate({ spaceId: before.at(-1)!.id }),
      ]
      for (let round = 1; round <= 2; round++) {
        // The same writes in every worker, at about the same time.
        await admin.collections.create({ organizationId: org!.id, title: 'Shared collection' })
        await admin.spaces.delete({ spaceId: copies[round - 1]!.id })
        // Each worker's clock moves by its own amount: 10, 20, 30 or 40 days a round.
        await mock.clock.advance(`${worker * 10}d`)
        await open(mock.tokens.admin!)
        await page.fill('#rename input', `Shared title ${round}`)
        await page.click('#rename button')
        const day = new Date(Date.UTC(2026, 0, 15) + round * worker * 10 * 86_400_000).toISOString().slice(0, 10)
        await expect.poll(() => page.locator('#spaces li').first().textContent()).toBe(`Shared title ${round}updated ${day}`)
        // Its own copies and deletes only: one space fewer a round, whatever the others did.
        expect(await page.locator('#spaces li').count()).toBe(before.length + 2 - round)
      }
      const titles = (await admin.collections.list({ organizationId: org!.id })).items.map((c) => c.title)
      expect(titles.filter((title) => title === 'Shared collection')).toHaveLength(2)
      expect(await mock.clock.now()).toEqual(new Date(Date.UTC(2026, 0, 15, 9) + 2 * worker * 10 * 86_400_000))
      // Its request log holds its own writes, in its order: two copies, then two rounds.
      const writes = (await mock.requests.all()).filter((r) => r.method !== 'GET')
      expect(writes.every((r) => r.status >= 200 && r.status < 300)).toBe(true)
      expect(writes.map((r) => r.operationId)).toEqual([
        'duplicateSpace',
        'duplicateSpace',
        'createCollection',
        'deleteSpaceById',
        'updateSpaceById',
        'createCollection',
        'deleteSpaceById',
        'updateSpaceById',
      ])
      // A token of this platform is unknown on the server's first platform.
      const elsewhere = createClient({ baseUrl: inject('mockUrl'), token: mock.tokens.admin!, retry: 0 })
      await expect(elsewhere.orgs.list()).rejects.toMatchObject({ status: 401 })
    })
  })
}
