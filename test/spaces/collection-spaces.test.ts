import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { rejects, spaceTitles } from './support.ts'

describe('collections.listSpaces', () => {
  it('lists the spaces of a collection in order, with the caller permissions', async () => {
    const { admin, read, demo } = await setup()
    const page = await admin.collections.listSpaces({ collectionId: demo.collections.product })
    expect(page.items.map((s) => [s.id, s.title, s.parent, s.organization])).toEqual([
      [demo.spaces.guide, 'Getting Started', demo.collections.product, demo.acme],
      [demo.spaces.changelog, 'Changelog', demo.collections.product, demo.acme],
    ])
    expect(page.count).toBe(2)
    expect(page.hasNextPage()).toBe(false)
    expect(page.items[0]).toEqual(await admin.spaces.get({ spaceId: demo.spaces.guide }))
    // Spaces of nested collections belong to those collections, not to the parent.
    expect(await spaceTitles(admin, demo.collections.api)).toEqual(['API Reference'])
    const internal = await read.collections.listSpaces({ collectionId: demo.collections.internal })
    expect(internal.items.map((s) => [s.title, s.permissions?.edit, s.permissions?.admin])).toEqual([
      ['Employee Handbook', false, false],
      ['Roadmap', false, false],
    ])
  })

  it('leaves deleted spaces out of the items and the count', async () => {
    const { admin, platform, demo } = await setup()
    await admin.spaces.delete({ spaceId: demo.spaces.guide })
    const page = await admin.collections.listSpaces({ collectionId: demo.collections.product })
    expect(page.items.map((s) => s.title)).toEqual(['Changelog'])
    expect(page.count).toBe(1)
    await platform.builders.space({ organization: demo.acme, parent: demo.collections.product, title: 'Gone', deleted: true })
    expect((await admin.collections.listSpaces({ collectionId: demo.collections.product })).count).toBe(1)
  })

  it('shows guests only the spaces granted to them', async () => {
    const { guest, platform, demo } = await setup()
    await rejects(guest.collections.listSpaces({ collectionId: demo.collections.internal }), 404)
    await platform.builders.grant({ target: demo.collections.internal, principal: demo.users.guest, role: 'read' })
    await platform.builders.space({ organization: demo.acme, parent: demo.collections.product, title: 'Members only' })
    await platform.builders.grant({ target: demo.collections.product, principal: demo.users.guest, role: 'read' })
    // A guest with access to Product sees its spaces, public and private alike, through the grant.
    expect(await spaceTitles(guest, demo.collections.product)).toEqual(['Getting Started', 'Changelog', 'Members only'])
    const internal = await guest.collections.listSpaces({ collectionId: demo.collections.internal })
    expect(internal.items.map((s) => [s.title, s.permissions?.comment])).toEqual([
      ['Employee Handbook', true],
      ['Roadmap', false],
    ])
  })

  it('refuses callers who cannot see the collection', async () => {
    const { admin, outsider, anonymous, demo } = await setup()
    await rejects(outsider.collections.listSpaces({ collectionId: demo.collections.product }), 404)
    await rejects(anonymous.collections.listSpaces({ collectionId: demo.collections.product }), 401)
    await rejects(admin.collections.listSpaces({ collectionId: 'no-such-collection' }), 404)
  })

  it('pages with limit, next cursors and a total count', async () => {
    const { admin, platform, demo } = await setup()
    const shelf = await platform.builders.collection({ organization: demo.acme, title: 'Shelf' })
    const made: string[] = []
    for (let i = 1; i <= 23; i++)
      made.push((await platform.builders.space({ organization: demo.acme, parent: shelf.id, title: `Book ${i}` })).id)
    const first = await admin.collections.listSpaces({ collectionId: shelf.id, limit: 10 })
    expect(first.items.map((s) => s.id)).toEqual(made.slice(0, 10))
    expect(first.count).toBe(23)
    const second = await first.getNextPage()
    expect(second.items.map((s) => s.id)).toEqual(made.slice(10, 20))
    const third = await second.getNextPage()
    expect(third.items.map((s) => s.id)).toEqual(made.slice(20))
    expect(third.count).toBe(23)
    expect(third.next).toBeUndefined()
    const pages: number[] = []
    for await (const page of admin.collections.listSpaces({ collectionId: shelf.id, limit: 7 }).pages()) pages.push(page.items.length)
    expect(pages).toEqual([7, 7, 7, 2])
    expect((await admin.collections.listSpaces({ collectionId: shelf.id, limit: 1000 })).items).toHaveLength(23)
    expect((await admin.collections.listSpaces({ collectionId: shelf.id })).items).toHaveLength(23)
  })

  it("refuses limits out of range and cursors that are not this list's", async () => {
    const { admin, platform, demo } = await setup()
    const id = demo.collections.product
    await rejects(admin.collections.listSpaces({ collectionId: id, limit: 0 }), 400, 'query.limit')
    await rejects(admin.collections.listSpaces({ collectionId: id, limit: 1001 }), 400, 'query.limit')
    await rejects(admin.collections.listSpaces({ collectionId: id, limit: 2.5 }), 400, 'query.limit')
    await rejects(admin.collections.listSpaces({ collectionId: id, page: 'not-a-cursor' }), 400, 'query.page')
    await rejects(admin.collections.listSpaces({ collectionId: id, page: btoa('{"l":"x","k":[1]}') }), 400, 'query.page')
    const trees = await admin.collections.list({ organizationId: demo.acme, limit: 1 })
    await rejects(admin.collections.listSpaces({ collectionId: id, page: trees.next!.page }), 400, 'query.page')
    const shelf = await platform.builders.collection({ organization: demo.acme, title: 'Shelf' })
    for (let i = 0; i < 3; i++) await platform.builders.space({ organization: demo.acme, parent: shelf.id, title: `Book ${i}` })
    const other = await admin.collections.listSpaces({ collectionId: shelf.id, limit: 1 })
    await rejects(admin.collections.listSpaces({ collectionId: id, page: other.next!.page }), 400, 'query.page')
  })

  it('walks every space exactly once while spaces are added during the walk', async () => {
    const { admin, platform, demo } = await setup()
    const shelf = await platform.builders.collection({ organization: demo.acme, title: 'Shelf' })
    const initial: string[] = []
    for (let i = 0; i < 12; i++)
      initial.push((await platform.builders.space({ organization: demo.acme, parent: shelf.id, title: `Book ${i}` })).id)
    const seen: string[] = []
    const added: string[] = []
    for await (const space of admin.collections.listSpaces({ collectionId: shelf.id, limit: 5 })) {
      seen.push(space.id)
      // A copy lands right after Book 0, behind the cursor: the walk must neither see it nor shift.
      if (seen.length % 4 === 0) added.push((await admin.spaces.duplicate({ spaceId: initial[0]! })).id)
    }
    expect(seen).toEqual(initial)
    expect(added).toHaveLength(3)
    const final = await admin.collections.listSpaces({ collectionId: shelf.id, limit: 1000 })
    expect(final.count).toBe(15)
    expect(final.items.map((s) => s.id)).toEqual([initial[0], ...added.reverse(), ...initial.slice(1)])
  })

  it('walks every space exactly once while spaces are appended at the end', async () => {
    const { admin, platform, demo } = await setup()
    const shelf = await platform.builders.collection({ organization: demo.acme, title: 'Shelf' })
    for (let i = 0; i < 9; i++) await platform.builders.space({ organization: demo.acme, parent: shelf.id, title: `Book ${i}` })
    const seen: string[] = []
    let n = 0
    for await (const space of admin.collections.listSpaces({ collectionId: shelf.id, limit: 4 })) {
      seen.push(space.title)
      if (n < 5) await platform.builders.space({ organization: demo.acme, parent: shelf.id, title: `Added ${n++}` })
    }
    // Appended spaces come after every existing one, so the walk reaches them too, once each.
    expect(seen).toEqual([...Array.from({ length: 9 }, (_, i) => `Book ${i}`), ...Array.from({ length: 5 }, (_, i) => `Added ${i}`)])
  })
})
