import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { collectionTitles, rejects, spaceTitles } from './support.ts'

const ADMIN = { view: true, admin: true, viewInviteLinks: true, create: true }
const CREATE = { view: true, admin: false, viewInviteLinks: false, create: true }
const VIEW = { view: true, admin: false, viewInviteLinks: false, create: false }

describe('collections.get', () => {
  it('reads a collection with its fields and the caller permissions', async () => {
    const { admin, platform, demo } = await setup()
    const product = await admin.collections.get({ collectionId: demo.collections.product })
    expect(product).toEqual({
      object: 'collection',
      id: demo.collections.product,
      title: 'Product',
      description: 'Documentation of the product',
      organization: demo.acme,
      defaultLevel: null,
      urls: {
        location: `${platform.baseUrl}/v1/collections/${demo.collections.product}`,
        app: `https://app.docplat.dev/o/${demo.acme}/c/${demo.collections.product}`,
      },
      permissions: ADMIN,
    })
    const api = await admin.collections.get({ collectionId: demo.collections.api })
    expect(api).toMatchObject({ title: 'API', parent: demo.collections.product, defaultLevel: null })
    expect(api).not.toHaveProperty('description')
    const internal = await admin.collections.get({ collectionId: demo.collections.internal })
    expect(internal).toMatchObject({ title: 'Internal', description: 'For employees', defaultLevel: 'read' })
    expect(internal).not.toHaveProperty('parent')
  })

  it('reports the permissions each role holds, defaultLevel and grants included', async () => {
    const { create, edit, read, comment, demo } = await setup()
    expect((await create.collections.get({ collectionId: demo.collections.product })).permissions).toEqual(CREATE)
    // Internal's defaultLevel (read) replaces the creator's organization role there, and the
    // Writers' edit grant (the creator owns the team) does not reach create.
    expect((await create.collections.get({ collectionId: demo.collections.internal })).permissions).toEqual(VIEW)
    // Writers (edit on Internal) still cannot create: edit ranks below create.
    expect((await edit.collections.get({ collectionId: demo.collections.internal })).permissions).toEqual(VIEW)
    expect((await comment.collections.get({ collectionId: demo.collections.internal })).permissions).toEqual(VIEW)
    expect((await read.collections.get({ collectionId: demo.collections.api })).permissions).toEqual(VIEW)
  })

  it('hides collections from guests without a grant and from other organizations', async () => {
    const { admin, guest, outsider, anonymous, platform, demo } = await setup()
    await rejects(guest.collections.get({ collectionId: demo.collections.product }), 404, demo.collections.product)
    await rejects(outsider.collections.get({ collectionId: demo.collections.product }), 404)
    await rejects(admin.collections.get({ collectionId: 'no-such-collection' }), 404, 'no-such-collection')
    await rejects(anonymous.collections.get({ collectionId: demo.collections.product }), 401)
    await platform.builders.grant({ target: demo.collections.api, principal: demo.users.guest, role: 'edit' })
    const api = await guest.collections.get({ collectionId: demo.collections.api })
    expect(api.permissions).toEqual(VIEW)
    // A grant on a nested collection does not open its parent.
    await rejects(guest.collections.get({ collectionId: demo.collections.product }), 404)
  })
})

describe('collections.create', () => {
  it('creates a collection at the root, readable and listed last', async () => {
    const { admin, demo } = await setup()
    const { data, response } = await admin.collections.create({ organizationId: demo.acme, title: 'Tutorials' }).withResponse()
    expect(response.status).toBe(201)
    expect(data).toMatchObject({
      object: 'collection',
      title: 'Tutorials',
      organization: demo.acme,
      defaultLevel: null,
      permissions: ADMIN,
    })
    expect(data).not.toHaveProperty('parent')
    expect(data.id).not.toBe(demo.collections.product)
    expect(await admin.collections.get({ collectionId: data.id })).toEqual(data)
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'Internal', 'Tutorials'])
    expect(await spaceTitles(admin, data.id)).toEqual([])
  })

  it('names an untitled collection and nests one under a parent', async () => {
    const { admin, create, demo } = await setup()
    const untitled = await admin.collections.create({ organizationId: demo.acme })
    expect(untitled.title).toBe('Untitled collection')
    const sdks = await create.collections.create({ organizationId: demo.acme, title: 'SDKs', parent: demo.collections.api })
    expect(sdks).toMatchObject({ title: 'SDKs', parent: demo.collections.api, permissions: CREATE })
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'SDKs', 'Internal', 'Untitled collection'])
    expect((await admin.collections.get({ collectionId: sdks.id })).parent).toBe(demo.collections.api)
  })

  it('accepts a 50-character title and refuses longer or empty ones', async () => {
    const { admin, demo } = await setup()
    const fifty = 'T'.repeat(50)
    expect((await admin.collections.create({ organizationId: demo.acme, title: fifty })).title).toBe(fifty)
    await rejects(admin.collections.create({ organizationId: demo.acme, title: 'T'.repeat(51) }), 400, 'body.title')
    await rejects(admin.collections.create({ organizationId: demo.acme, title: '' }), 400, 'body.title')
    await rejects(admin.collections.create({ organizationId: demo.acme, title: 42 as never }), 400, 'body.title')
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'Internal', fifty])
  })

  it('needs create permission where the collection goes', async () => {
    const { admin, create, read, guest, edit, outsider, anonymous, demo } = await setup()
    // At the root, the organization permission decides; in a collection, the collection's.
    await rejects(read.collections.create({ organizationId: demo.acme, title: 'Nope' }), 403, 'createContent')
    await rejects(guest.collections.create({ organizationId: demo.acme, title: 'Nope' }), 403)
    await rejects(create.collections.create({ organizationId: demo.acme, title: 'Nope', parent: demo.collections.internal }), 403, 'create')
    await rejects(edit.collections.create({ organizationId: demo.acme, title: 'Nope', parent: demo.collections.internal }), 403)
    await rejects(outsider.collections.create({ organizationId: demo.acme, title: 'Nope' }), 404)
    await rejects(anonymous.collections.create({ organizationId: demo.acme, title: 'Nope' }), 401)
    await rejects(admin.collections.create({ organizationId: 'no-such-org', title: 'Nope' }), 404)
    await rejects(
      admin.collections.create({ organizationId: demo.acme, title: 'Nope', parent: 'no-such-collection' }),
      404,
      'no-such-collection',
    )
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'Internal'])
  })

  it('refuses a parent that belongs to another organization', async () => {
    const { outsider, platform, demo } = await setup()
    const globexCollection = await platform.builders.collection({ organization: demo.globex, title: 'Globex Docs' })
    await platform.builders.member(demo.acme, demo.users.outsider, 'admin')
    await rejects(
      outsider.collections.create({ organizationId: demo.acme, title: 'Cross', parent: globexCollection.id }),
      400,
      'body.parent',
    )
    expect(await collectionTitles(outsider, demo.acme)).toEqual(['Product', 'API', 'Internal'])
    expect(await collectionTitles(outsider, demo.globex)).toEqual(['Globex Docs'])
  })
})

describe('collections.update', () => {
  it('updates title, description and defaultLevel and keeps them', async () => {
    const { admin, demo } = await setup()
    const updated = await admin.collections.update({
      collectionId: demo.collections.product,
      title: 'Platform',
      description: 'Everything about the platform',
      defaultLevel: 'comment',
    })
    expect(updated).toMatchObject({
      id: demo.collections.product,
      title: 'Platform',
      description: 'Everything about the platform',
      defaultLevel: 'comment',
    })
    expect(await admin.collections.get({ collectionId: demo.collections.product })).toEqual(updated)
    // A partial update leaves the other fields alone.
    const renamed = await admin.collections.update({ collectionId: demo.collections.product, title: 'Platform docs' })
    expect(renamed).toMatchObject({ title: 'Platform docs', description: 'Everything about the platform', defaultLevel: 'comment' })
  })

  it('clears the description with an empty string and the defaultLevel with null', async () => {
    const { admin, create, demo } = await setup()
    const cleared = await admin.collections.update({ collectionId: demo.collections.internal, description: '', defaultLevel: null })
    expect(cleared).not.toHaveProperty('description')
    expect(cleared.defaultLevel).toBeNull()
    expect(await admin.collections.get({ collectionId: demo.collections.internal })).toEqual(cleared)
    // Without Internal's read default, the creator's organization role applies again.
    expect((await create.collections.get({ collectionId: demo.collections.internal })).permissions).toEqual(CREATE)
  })

  it('refuses values out of bounds and changes nothing', async () => {
    const { admin, demo } = await setup()
    const id = demo.collections.product
    expect((await admin.collections.update({ collectionId: id, title: 'P'.repeat(50), description: 'D'.repeat(100) })).title).toBe(
      'P'.repeat(50),
    )
    await rejects(admin.collections.update({ collectionId: id, title: 'T'.repeat(51) }), 400, 'body.title')
    await rejects(admin.collections.update({ collectionId: id, title: '' }), 400, 'body.title')
    await rejects(admin.collections.update({ collectionId: id, description: 'D'.repeat(101) }), 400, 'body.description')
    await rejects(admin.collections.update({ collectionId: id, defaultLevel: 'owner' as never }), 400, 'body.defaultLevel')
    // One bad field fails the whole request: the valid title is not applied either.
    await rejects(
      admin.collections.update({ collectionId: id, title: 'Half', defaultLevel: 'superuser' as never }),
      400,
      'body.defaultLevel',
    )
    const after = await admin.collections.get({ collectionId: id })
    expect(after).toMatchObject({ title: 'P'.repeat(50), description: 'D'.repeat(100), defaultLevel: null })
  })

  it('needs admin on the collection', async () => {
    const { admin, create, edit, outsider, anonymous, platform, demo } = await setup()
    await rejects(create.collections.update({ collectionId: demo.collections.product, title: 'Nope' }), 403, 'admin')
    await rejects(edit.collections.update({ collectionId: demo.collections.internal, title: 'Nope' }), 403)
    await rejects(outsider.collections.update({ collectionId: demo.collections.product, title: 'Nope' }), 404)
    await rejects(anonymous.collections.update({ collectionId: demo.collections.product, title: 'Nope' }), 401)
    await rejects(admin.collections.update({ collectionId: 'no-such-collection', title: 'Nope' }), 404)
    expect((await admin.collections.get({ collectionId: demo.collections.product })).title).toBe('Product')
    // An explicit admin grant is enough, and the permissions object says so first.
    await platform.builders.grant({ target: demo.collections.product, principal: demo.users.create, role: 'admin' })
    expect((await create.collections.get({ collectionId: demo.collections.product })).permissions).toEqual(ADMIN)
    expect((await create.collections.update({ collectionId: demo.collections.product, title: 'Products' })).title).toBe('Products')
  })
})

describe('collections.delete', () => {
  it('deletes the collection and its nested ones, soft-deleting their spaces', async () => {
    const { admin, edit, demo, platform } = await setup()
    const before = platform.clock.now().getTime()
    const { data, response } = await admin.collections.delete({ collectionId: demo.collections.product }).withResponse()
    expect(response.status).toBe(205)
    expect(data).toBeUndefined()
    await rejects(admin.collections.get({ collectionId: demo.collections.product }), 404)
    await rejects(admin.collections.get({ collectionId: demo.collections.api }), 404)
    await rejects(admin.collections.listSpaces({ collectionId: demo.collections.api }), 404)
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Internal'])
    for (const spaceId of [demo.spaces.guide, demo.spaces.changelog, demo.spaces.reference]) {
      const space = await admin.spaces.get({ spaceId })
      expect(Date.parse(space.deletedAt!)).toBeGreaterThanOrEqual(before)
      expect(space).not.toHaveProperty('parent')
      await rejects(edit.spaces.get({ spaceId }), 404)
    }
  })

  it('lets the spaces be restored to the root, an in-collection one as private', async () => {
    const { admin, read, demo } = await setup()
    await admin.collections.delete({ collectionId: demo.collections.product })
    const guide = await admin.spaces.restore({ spaceId: demo.spaces.guide })
    expect(guide).toMatchObject({ title: 'Getting Started', visibility: 'public', organization: demo.acme })
    expect(guide).not.toHaveProperty('parent')
    expect(guide).not.toHaveProperty('deletedAt')
    // Its audience was the collection, which is gone: the restored space is for members only.
    const reference = await admin.spaces.restore({ spaceId: demo.spaces.reference })
    expect(reference).toMatchObject({ title: 'API Reference', visibility: 'private' })
    expect(reference).not.toHaveProperty('parent')
    expect((await read.spaces.get({ spaceId: demo.spaces.reference })).permissions?.view).toBe(true)
  })

  it('sends spaces deleted earlier to the root as well', async () => {
    const { admin, demo } = await setup()
    await admin.spaces.delete({ spaceId: demo.spaces.changelog })
    await admin.collections.delete({ collectionId: demo.collections.product })
    const changelog = await admin.spaces.restore({ spaceId: demo.spaces.changelog })
    expect(changelog).toMatchObject({ title: 'Changelog', visibility: 'unlisted' })
    expect(changelog).not.toHaveProperty('parent')
  })

  it('drops the grants on the deleted collections', async () => {
    const { admin, comment, demo } = await setup()
    expect((await comment.spaces.get({ spaceId: demo.spaces.handbook })).permissions?.edit).toBe(true)
    await admin.collections.delete({ collectionId: demo.collections.internal })
    await admin.spaces.restore({ spaceId: demo.spaces.handbook })
    // Writers' edit grant lived on Internal: the commenter is back to her organization role.
    const handbook = await comment.spaces.get({ spaceId: demo.spaces.handbook })
    expect(handbook.permissions).toMatchObject({ view: true, edit: false, comment: true })
  })

  it('deletes a nested collection alone, leaving its parent', async () => {
    const { admin, demo } = await setup()
    await admin.collections.delete({ collectionId: demo.collections.api })
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'Internal'])
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Getting Started', 'Changelog'])
    expect((await admin.spaces.get({ spaceId: demo.spaces.reference })).deletedAt).toBeDefined()
  })

  it('needs admin on the collection and changes nothing otherwise', async () => {
    const { admin, create, edit, guest, outsider, anonymous, demo } = await setup()
    await rejects(create.collections.delete({ collectionId: demo.collections.product }), 403, 'admin')
    await rejects(edit.collections.delete({ collectionId: demo.collections.internal }), 403)
    await rejects(guest.collections.delete({ collectionId: demo.collections.internal }), 404)
    await rejects(outsider.collections.delete({ collectionId: demo.collections.product }), 404)
    await rejects(anonymous.collections.delete({ collectionId: demo.collections.product }), 401)
    await rejects(admin.collections.delete({ collectionId: 'no-such-collection' }), 404)
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'Internal'])
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Getting Started', 'Changelog'])
    // Deleting twice: the collection is gone for good (hard delete), so the second call is a 404.
    await admin.collections.delete({ collectionId: demo.collections.api })
    await rejects(admin.collections.delete({ collectionId: demo.collections.api }), 404)
  })
})

describe('collections.list', () => {
  it('lists the whole tree in order by default, top-level ones with nested: false', async () => {
    const { admin, demo } = await setup()
    const page = await admin.collections.list({ organizationId: demo.acme })
    expect(page.items.map((c) => [c.title, c.parent])).toEqual([
      ['Product', undefined],
      ['API', demo.collections.product],
      ['Internal', undefined],
    ])
    expect(page.count).toBe(3)
    expect(page.hasNextPage()).toBe(false)
    const top = await admin.collections.list({ organizationId: demo.acme, nested: false })
    expect(top.items.map((c) => c.title)).toEqual(['Product', 'Internal'])
    expect(top.count).toBe(2)
    expect(await collectionTitles(admin, demo.acme, true)).toEqual(['Product', 'API', 'Internal'])
  })

  it('puts nested collections right after their parent, at any depth', async () => {
    const { admin, demo } = await setup()
    const create = (title: string, parent?: string) =>
      admin.collections.create({ organizationId: demo.acme, title, ...(parent ? { parent } : {}) })
    const sdks = await create('SDKs', demo.collections.api)
    await create('Node', sdks.id)
    await create('Guides', demo.collections.product)
    await create('HR', demo.collections.internal)
    await create('Legal')
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'SDKs', 'Node', 'Guides', 'Internal', 'HR', 'Legal'])
    expect(await collectionTitles(admin, demo.acme, false)).toEqual(['Product', 'Internal', 'Legal'])
  })

  it('pages with limit and cursors', async () => {
    const { admin, demo } = await setup()
    const first = await admin.collections.list({ organizationId: demo.acme, limit: 2 })
    expect(first.items.map((c) => c.title)).toEqual(['Product', 'API'])
    expect(first.count).toBe(3)
    const second = await first.getNextPage()
    expect(second.items.map((c) => c.title)).toEqual(['Internal'])
    expect(second.count).toBe(3)
    expect(second.hasNextPage()).toBe(false)
    await rejects(admin.collections.list({ organizationId: demo.acme, limit: 0 }), 400, 'query.limit')
    await rejects(admin.collections.list({ organizationId: demo.acme, limit: 1001 }), 400, 'query.limit')
    // A cursor of the nested listing is not one of the top-level listing's.
    await rejects(admin.collections.list({ organizationId: demo.acme, nested: false, page: first.next!.page }), 400, 'query.page')
  })

  it('shows each caller the collections they may view', async () => {
    const { read, guest, outsider, anonymous, admin, platform, demo } = await setup()
    expect(await collectionTitles(read, demo.acme)).toEqual(['Product', 'API', 'Internal'])
    const none = await guest.collections.list({ organizationId: demo.acme })
    expect(none.items).toEqual([])
    expect(none.count).toBe(0)
    await platform.builders.grant({ target: demo.collections.api, principal: demo.users.guest, role: 'read' })
    expect(await collectionTitles(guest, demo.acme)).toEqual(['API'])
    await rejects(outsider.collections.list({ organizationId: demo.acme }), 404)
    await rejects(anonymous.collections.list({ organizationId: demo.acme }), 401)
    await rejects(admin.collections.list({ organizationId: 'no-such-org' }), 404)
    expect(await collectionTitles(outsider, demo.globex)).toEqual([])
  })
})

describe('collections.move', () => {
  it('moves a collection under another parent, before or after a sibling', async () => {
    const { admin, demo } = await setup()
    const moved = await admin.collections.move({
      collectionId: demo.collections.internal,
      parent: demo.collections.product,
      position: { before: { type: 'collection', collection: demo.collections.api } },
    })
    expect(moved).toMatchObject({ id: demo.collections.internal, parent: demo.collections.product })
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'Internal', 'API'])
    expect(await collectionTitles(admin, demo.acme, false)).toEqual(['Product'])
    // Spaces and collections share one order under a parent: a space can be the reference.
    await admin.collections.move({
      collectionId: demo.collections.internal,
      position: { after: { type: 'space', space: demo.spaces.changelog } },
    })
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'Internal'])
    expect((await admin.collections.get({ collectionId: demo.collections.internal })).parent).toBe(demo.collections.product)
    // Its spaces travel with it.
    expect(await spaceTitles(admin, demo.collections.internal)).toEqual(['Employee Handbook', 'Roadmap'])
  })

  it('moves a collection to the root with parent null', async () => {
    const { admin, demo } = await setup()
    const moved = await admin.collections.move({ collectionId: demo.collections.api, parent: null })
    expect(moved).not.toHaveProperty('parent')
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'Internal', 'API'])
    await admin.collections.move({
      collectionId: demo.collections.api,
      position: { after: { type: 'collection', collection: demo.collections.product } },
    })
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'Internal'])
    expect(await collectionTitles(admin, demo.acme, false)).toEqual(['Product', 'API', 'Internal'])
  })

  it('refuses a move into itself or one of its descendants', async () => {
    const { admin, demo } = await setup()
    await rejects(admin.collections.move({ collectionId: demo.collections.product, parent: demo.collections.product }), 409)
    await rejects(admin.collections.move({ collectionId: demo.collections.product, parent: demo.collections.api }), 409, 'descendant')
    const deep = await admin.collections.create({ organizationId: demo.acme, title: 'Deep', parent: demo.collections.api })
    await rejects(admin.collections.move({ collectionId: demo.collections.product, parent: deep.id }), 409)
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'Deep', 'Internal'])
  })

  it('refuses invalid positions and changes nothing', async () => {
    const { admin, demo } = await setup()
    const id = demo.collections.internal
    const product = { type: 'collection' as const, collection: demo.collections.product }
    await rejects(admin.collections.move({ collectionId: id, position: { before: product, after: product } }), 400, 'body.position')
    // API is a child of Product, not a sibling at the root.
    await rejects(
      admin.collections.move({ collectionId: id, position: { before: { type: 'collection', collection: demo.collections.api } } }),
      400,
      'body.position.before',
    )
    await rejects(
      admin.collections.move({ collectionId: id, position: { after: { type: 'space', space: 'no-such-space' } } }),
      400,
      'body.position.after',
    )
    await rejects(
      admin.collections.move({ collectionId: id, position: { after: { type: 'collection', collection: id } } }),
      400,
      'body.position.after',
    )
    await rejects(
      admin.collections.move({ collectionId: id, position: { after: { type: 'page', page: 'x' } as never } }),
      400,
      'body.position.after',
    )
    await rejects(admin.collections.move({ collectionId: id, parent: 'no-such-collection' }), 404, 'no-such-collection')
    await rejects(admin.collections.move({ collectionId: id, parent: 7 as never }), 400, 'body.parent')
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'Internal'])
  })

  it('needs admin on the collection and create where it goes', async () => {
    const { admin, create, outsider, anonymous, platform, demo } = await setup()
    await rejects(create.collections.move({ collectionId: demo.collections.api, parent: null }), 403, 'admin')
    await platform.builders.grant({ target: demo.collections.api, principal: demo.users.create, role: 'admin' })
    // Admin of API, but only edit in Internal (read by default, edit as a Writer).
    await rejects(create.collections.move({ collectionId: demo.collections.api, parent: demo.collections.internal }), 403, 'create')
    expect((await create.collections.move({ collectionId: demo.collections.api, parent: null })).parent).toBeUndefined()
    await rejects(outsider.collections.move({ collectionId: demo.collections.product, parent: null }), 404)
    await rejects(anonymous.collections.move({ collectionId: demo.collections.product, parent: null }), 401)
    await rejects(admin.collections.move({ collectionId: 'no-such-collection', parent: null }), 404)
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'Internal', 'API'])
  })
})
