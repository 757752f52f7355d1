import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { adminOfBoth, rejects, spaceTitles, type Demo } from './support.ts'

const space = (id: string) => ({ type: 'space' as const, space: id })

/** A collection holding spaces A, B, C, D (in that order), made with the builders. */
async function shelf({ platform, demo }: Demo) {
  const collection = await platform.builders.collection({ organization: demo.acme, title: 'Shelf' })
  const ids: Record<string, string> = {}
  for (const title of ['A', 'B', 'C', 'D'])
    ids[title] = (await platform.builders.space({ organization: demo.acme, parent: collection.id, title })).id
  return { collection: collection.id, ids }
}

describe('spaces.move', () => {
  it('reorders spaces before and after siblings; the listing follows every move', async () => {
    const ctx = await setup()
    const { admin } = ctx
    const { collection, ids } = await shelf(ctx)
    type Position = { before?: ReturnType<typeof space>; after?: ReturnType<typeof space> }
    const move = async (id: string, position: Position, expected: string[]) => {
      const moved = await admin.spaces.move({ spaceId: id, position })
      expect(moved).toMatchObject({ id, parent: collection })
      expect(await spaceTitles(admin, collection)).toEqual(expected)
    }
    await move(ids.D!, { before: space(ids.A!) }, ['D', 'A', 'B', 'C'])
    await move(ids.A!, { after: space(ids.C!) }, ['D', 'B', 'C', 'A'])
    await move(ids.B!, { before: space(ids.D!) }, ['B', 'D', 'C', 'A'])
    await move(ids.C!, { after: space(ids.B!) }, ['B', 'C', 'D', 'A'])
    // Already there: the order stays.
    await move(ids.A!, { after: space(ids.D!) }, ['B', 'C', 'D', 'A'])
    // No position: to the end of the parent.
    await move(ids.B!, {}, ['C', 'D', 'A', 'B'])
  })

  it('keeps the order right after many moves into the same gap', async () => {
    const ctx = await setup()
    const { admin } = ctx
    const { collection, ids } = await shelf(ctx)
    // Each move lands in the ever narrower gap right after A, which numeric positions could not split forever.
    const order = ['A', 'B', 'C', 'D']
    for (let i = 0; i < 70; i++) {
      const mover = i % 2 === 0 ? 'C' : 'D'
      await admin.spaces.move({ spaceId: ids[mover]!, position: { after: space(ids.A!) } })
      order.splice(order.indexOf(mover), 1)
      order.splice(1, 0, mover)
    }
    expect(await spaceTitles(admin, collection)).toEqual(order)
    expect(order).toEqual(['A', 'D', 'C', 'B'])
    await admin.spaces.move({ spaceId: ids.B!, position: { before: space(ids.D!) } })
    expect(await spaceTitles(admin, collection)).toEqual(['A', 'B', 'D', 'C'])
  })

  it('moves a space into another collection, at a position there', async () => {
    const { admin, demo } = await setup()
    const moved = await admin.spaces.move({ spaceId: demo.spaces.guide, parent: demo.collections.internal })
    expect(moved).toMatchObject({ id: demo.spaces.guide, parent: demo.collections.internal, visibility: 'public' })
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Changelog'])
    expect(await spaceTitles(admin, demo.collections.internal)).toEqual(['Employee Handbook', 'Roadmap', 'Getting Started'])
    await admin.spaces.move({
      spaceId: demo.spaces.changelog,
      parent: demo.collections.internal,
      position: { before: space(demo.spaces.handbook) },
    })
    expect(await spaceTitles(admin, demo.collections.internal)).toEqual(['Changelog', 'Employee Handbook', 'Roadmap', 'Getting Started'])
    expect(await admin.collections.listSpaces({ collectionId: demo.collections.product })).toMatchObject({ items: [], count: 0 })
    expect((await admin.spaces.get({ spaceId: demo.spaces.changelog })).parent).toBe(demo.collections.internal)
  })

  it('moves a space to the root with parent null, except an in-collection one', async () => {
    const { admin, demo } = await setup()
    const before = await admin.spaces.get({ spaceId: demo.spaces.guide })
    const moved = await admin.spaces.move({ spaceId: demo.spaces.guide, parent: null })
    expect(moved).not.toHaveProperty('parent')
    expect(Date.parse(moved.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt))
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Changelog'])
    expect(await admin.spaces.get({ spaceId: demo.spaces.guide })).not.toHaveProperty('parent')
    await rejects(admin.spaces.move({ spaceId: demo.spaces.reference, parent: null }), 409, 'in-collection')
    expect((await admin.spaces.get({ spaceId: demo.spaces.reference })).parent).toBe(demo.collections.api)
    // Back into its collection, in front of its old neighbour.
    await admin.spaces.move({
      spaceId: demo.spaces.guide,
      parent: demo.collections.product,
      position: { before: space(demo.spaces.changelog) },
    })
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Getting Started', 'Changelog'])
  })

  it('refuses invalid positions and parents, changing nothing', async () => {
    const ctx = await setup()
    const { admin, platform, demo } = ctx
    const id = demo.spaces.guide
    const changelog = space(demo.spaces.changelog)
    await rejects(admin.spaces.move({ spaceId: id, position: { before: changelog, after: changelog } }), 400, 'body.position')
    // The handbook is under Internal, not a sibling under Product.
    await rejects(admin.spaces.move({ spaceId: id, position: { before: space(demo.spaces.handbook) } }), 400, 'body.position.before')
    await rejects(
      admin.spaces.move({ spaceId: id, parent: demo.collections.internal, position: { after: changelog } }),
      400,
      'body.position.after',
    )
    await rejects(admin.spaces.move({ spaceId: id, position: { after: space('no-such-space') } }), 400, 'body.position.after')
    await rejects(admin.spaces.move({ spaceId: id, position: { after: space(id) } }), 400, 'body.position.after')
    await rejects(admin.spaces.move({ spaceId: id, position: { before: { type: 'space' } as never } }), 400, 'body.position.before')
    await rejects(admin.spaces.move({ spaceId: id, parent: 'no-such-collection' }), 404, 'no-such-collection')
    await rejects(admin.spaces.move({ spaceId: id, parent: demo.spaces.changelog }), 404)
    await rejects(admin.spaces.move({ spaceId: id, parent: false as never }), 400, 'body.parent')
    const globexCollection = await platform.builders.collection({ organization: demo.globex, title: 'Globex Docs' })
    const both = await adminOfBoth(ctx)
    await rejects(both.client.spaces.move({ spaceId: id, parent: globexCollection.id }), 400, 'body.parent')
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Getting Started', 'Changelog'])
    expect(await spaceTitles(both.client, globexCollection.id)).toEqual([])
  })

  it('needs admin on the space and create where it goes', async () => {
    const { admin, create, edit, outsider, anonymous, platform, demo } = await setup()
    await rejects(create.spaces.move({ spaceId: demo.spaces.guide, parent: null }), 403, 'admin')
    await rejects(edit.spaces.move({ spaceId: demo.spaces.guide, position: { after: space(demo.spaces.changelog) } }), 403, 'admin')
    await rejects(outsider.spaces.move({ spaceId: demo.spaces.guide, parent: null }), 403)
    await rejects(outsider.spaces.move({ spaceId: demo.spaces.handbook, parent: null }), 404)
    await rejects(anonymous.spaces.move({ spaceId: demo.spaces.guide, parent: null }), 401)
    await rejects(admin.spaces.move({ spaceId: 'no-such-space', parent: null }), 404)
    await rejects(admin.spaces.move({ spaceId: demo.spaces.archive, parent: null }), 403, 'deleted')
    await platform.builders.grant({ target: demo.spaces.guide, principal: demo.users.create, role: 'admin' })
    // Admin of the space, but only edit in Internal (read by default, edit as a Writer).
    await rejects(create.spaces.move({ spaceId: demo.spaces.guide, parent: demo.collections.internal }), 403, 'create')
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Getting Started', 'Changelog'])
    const moved = await create.spaces.move({ spaceId: demo.spaces.guide, position: { after: space(demo.spaces.changelog) } })
    expect(moved.parent).toBe(demo.collections.product)
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Changelog', 'Getting Started'])
  })

  it('moves an in-collection space into the audience of its new collection', async () => {
    const { admin, guest, platform, demo } = await setup()
    await platform.builders.grant({ target: demo.collections.internal, principal: demo.users.guest, role: 'read' })
    await rejects(guest.spaces.get({ spaceId: demo.spaces.reference }), 404)
    await admin.spaces.move({ spaceId: demo.spaces.reference, parent: demo.collections.internal })
    const reference = await guest.spaces.get({ spaceId: demo.spaces.reference })
    expect(reference).toMatchObject({ visibility: 'in-collection', parent: demo.collections.internal })
    expect(reference.permissions).toMatchObject({ view: true, edit: false })
    await admin.spaces.move({ spaceId: demo.spaces.reference, parent: demo.collections.api })
    await rejects(guest.spaces.get({ spaceId: demo.spaces.reference }), 404)
  })
})
