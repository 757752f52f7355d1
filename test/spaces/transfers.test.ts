import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { adminOfBoth, collectionTitles, memberSpaceIds, rejects, spaceTitles } from './support.ts'

describe('spaces.transfer', () => {
  it('moves a space to the root of another organization', async () => {
    const ctx = await setup()
    const { admin, outsider, demo } = ctx
    const both = await adminOfBoth(ctx)
    expect(await memberSpaceIds(both.client, demo.acme, both.user.id)).toContain(demo.spaces.guide)
    const moved = await both.client.spaces.transfer({ spaceId: demo.spaces.guide, organization: demo.globex })
    expect(moved).toMatchObject({ id: demo.spaces.guide, title: 'Getting Started', organization: demo.globex, visibility: 'public' })
    expect(moved).not.toHaveProperty('parent')
    expect(moved.urls?.app).toContain(`/o/${demo.globex}/`)
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Changelog'])
    expect(await memberSpaceIds(both.client, demo.acme, both.user.id)).not.toContain(demo.spaces.guide)
    expect(await memberSpaceIds(both.client, demo.globex, both.user.id)).toContain(demo.spaces.guide)
    // Globex's admin now administers it; Acme's admin reads it as anyone reads a public space.
    expect((await outsider.spaces.get({ spaceId: demo.spaces.guide })).permissions).toMatchObject({ admin: true, edit: true })
    expect((await admin.spaces.get({ spaceId: demo.spaces.guide })).permissions).toMatchObject({ view: true, admin: false, edit: false })
    await rejects(admin.spaces.update({ spaceId: demo.spaces.guide, title: 'Ours' }), 403)
  })

  it('leaves the explicit grants of the old organization behind', async () => {
    const ctx = await setup()
    const { guest, outsider, demo } = ctx
    const both = await adminOfBoth(ctx)
    expect((await guest.spaces.get({ spaceId: demo.spaces.handbook })).permissions?.comment).toBe(true)
    await both.client.spaces.transfer({ spaceId: demo.spaces.handbook, organization: demo.globex })
    await rejects(guest.spaces.get({ spaceId: demo.spaces.handbook }), 404)
    expect((await outsider.spaces.get({ spaceId: demo.spaces.handbook })).organization).toBe(demo.globex)
  })

  it('moves a space into a collection of the target organization', async () => {
    const ctx = await setup()
    const { admin, platform, demo } = ctx
    const both = await adminOfBoth(ctx)
    const docs = await platform.builders.collection({ organization: demo.globex, title: 'Globex Docs' })
    const moved = await both.client.spaces.transfer({ spaceId: demo.spaces.reference, organization: demo.globex, collection: docs.id })
    expect(moved).toMatchObject({ organization: demo.globex, parent: docs.id, visibility: 'in-collection' })
    expect(await spaceTitles(both.client, docs.id)).toEqual(['API Reference'])
    expect(await spaceTitles(admin, demo.collections.api)).toEqual([])
    await rejects(admin.spaces.get({ spaceId: demo.spaces.reference }), 404)
  })

  it('moves a space between collections of its own organization', async () => {
    const { admin, demo } = await setup()
    const moved = await admin.spaces.transfer({
      spaceId: demo.spaces.guide,
      organization: demo.acme,
      collection: demo.collections.internal,
    })
    expect(moved).toMatchObject({ organization: demo.acme, parent: demo.collections.internal })
    expect(await spaceTitles(admin, demo.collections.internal)).toEqual(['Employee Handbook', 'Roadmap', 'Getting Started'])
    await rejects(
      admin.spaces.transfer({ spaceId: demo.spaces.guide, organization: demo.acme, collection: demo.collections.internal }),
      409,
      'already',
    )
    await rejects(admin.spaces.transfer({ spaceId: demo.spaces.partners, organization: demo.acme }), 409, 'already')
    const toRoot = await admin.spaces.transfer({ spaceId: demo.spaces.guide, organization: demo.acme })
    expect(toRoot).not.toHaveProperty('parent')
  })

  it('refuses an in-collection space without a collection and a collection of another organization', async () => {
    const ctx = await setup()
    const { admin, demo } = ctx
    const both = await adminOfBoth(ctx)
    await rejects(both.client.spaces.transfer({ spaceId: demo.spaces.reference, organization: demo.globex }), 409, 'in-collection')
    await rejects(
      both.client.spaces.transfer({ spaceId: demo.spaces.guide, organization: demo.globex, collection: demo.collections.internal }),
      400,
      'body.collection',
    )
    await rejects(
      both.client.spaces.transfer({ spaceId: demo.spaces.guide, organization: demo.globex, collection: 'no-such-collection' }),
      404,
      'no-such-collection',
    )
    await rejects(both.client.spaces.transfer({ spaceId: demo.spaces.guide } as never), 400, 'body.organization')
    await rejects(both.client.spaces.transfer({ spaceId: demo.spaces.guide, organization: '' }), 400, 'body.organization')
    expect(await admin.spaces.get({ spaceId: demo.spaces.reference })).toMatchObject({
      organization: demo.acme,
      parent: demo.collections.api,
    })
    expect(await admin.spaces.get({ spaceId: demo.spaces.guide })).toMatchObject({
      organization: demo.acme,
      parent: demo.collections.product,
    })
  })

  it('needs admin of both organizations', async () => {
    const ctx = await setup()
    const { admin, create, outsider, anonymous, platform, demo } = ctx
    // Acme's admin is no member of Globex; Globex's admin (the outsider) no member of Acme.
    await rejects(admin.spaces.transfer({ spaceId: demo.spaces.guide, organization: demo.globex }), 403, demo.globex)
    await rejects(outsider.spaces.transfer({ spaceId: demo.spaces.globexDocs, organization: demo.acme }), 403, demo.acme)
    await rejects(outsider.spaces.transfer({ spaceId: demo.spaces.guide, organization: demo.globex }), 403)
    await rejects(outsider.spaces.transfer({ spaceId: demo.spaces.handbook, organization: demo.globex }), 404)
    await rejects(create.spaces.transfer({ spaceId: demo.spaces.partners, organization: demo.globex }), 403, 'admin')
    // A member of the target who is not its admin is refused too.
    await platform.builders.member(demo.globex, demo.users.admin, 'create')
    await rejects(admin.spaces.transfer({ spaceId: demo.spaces.guide, organization: demo.globex }), 403, demo.globex)
    await rejects(admin.spaces.transfer({ spaceId: demo.spaces.guide, organization: 'no-such-org' }), 404, 'no-such-org')
    await rejects(anonymous.spaces.transfer({ spaceId: demo.spaces.guide, organization: demo.globex }), 401)
    await rejects(admin.spaces.transfer({ spaceId: 'no-such-space', organization: demo.globex }), 404)
    const both = await adminOfBoth(ctx)
    await rejects(both.client.spaces.transfer({ spaceId: demo.spaces.archive, organization: demo.globex }), 403, 'deleted')
    expect((await admin.spaces.get({ spaceId: demo.spaces.guide })).organization).toBe(demo.acme)
    expect((await admin.spaces.get({ spaceId: demo.spaces.partners })).organization).toBe(demo.acme)
  })
})

describe('collections.transfer', () => {
  it('moves a collection with its nested collections and spaces to another organization', async () => {
    const ctx = await setup()
    const { admin, outsider, review, demo } = ctx
    const both = await adminOfBoth(ctx)
    const moved = await both.client.collections.transfer({ collectionId: demo.collections.product, organization: demo.globex })
    expect(moved).toMatchObject({ id: demo.collections.product, title: 'Product', organization: demo.globex, permissions: { admin: true } })
    expect(moved).not.toHaveProperty('parent')
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Internal'])
    expect(await collectionTitles(outsider, demo.globex)).toEqual(['Product', 'API'])
    expect(await outsider.collections.get({ collectionId: demo.collections.api })).toMatchObject({
      organization: demo.globex,
      parent: demo.collections.product,
    })
    expect(await spaceTitles(outsider, demo.collections.product)).toEqual(['Getting Started', 'Changelog'])
    for (const spaceId of [demo.spaces.guide, demo.spaces.changelog, demo.spaces.reference]) {
      expect((await outsider.spaces.get({ spaceId })).organization).toBe(demo.globex)
    }
    await rejects(admin.collections.get({ collectionId: demo.collections.product }), 404)
    // In-collection and private content is no longer Acme's to see; public content stays public.
    await rejects(admin.spaces.get({ spaceId: demo.spaces.reference }), 404)
    await rejects(review.spaces.get({ spaceId: demo.spaces.reference }), 404)
    expect((await admin.spaces.get({ spaceId: demo.spaces.guide })).permissions?.admin).toBe(false)
    expect(await memberSpaceIds(both.client, demo.globex, both.user.id)).toEqual(
      expect.arrayContaining([demo.spaces.guide, demo.spaces.changelog, demo.spaces.reference]),
    )
    expect(await memberSpaceIds(both.client, demo.acme, both.user.id)).not.toContain(demo.spaces.guide)
  })

  it('makes a nested collection top-level in the target organization', async () => {
    const ctx = await setup()
    const { admin, outsider, demo } = ctx
    const both = await adminOfBoth(ctx)
    const moved = await both.client.collections.transfer({ collectionId: demo.collections.api, organization: demo.globex })
    expect(moved).toMatchObject({ organization: demo.globex })
    expect(moved).not.toHaveProperty('parent')
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'Internal'])
    expect(await collectionTitles(outsider, demo.globex, false)).toEqual(['API'])
    expect(await spaceTitles(outsider, demo.collections.api)).toEqual(['API Reference'])
  })

  it('carries deleted spaces along, still restorable in the target organization', async () => {
    const ctx = await setup()
    const { admin, outsider, demo } = ctx
    const both = await adminOfBoth(ctx)
    await admin.spaces.delete({ spaceId: demo.spaces.changelog })
    await both.client.collections.transfer({ collectionId: demo.collections.product, organization: demo.globex })
    await rejects(admin.spaces.get({ spaceId: demo.spaces.changelog }), 404)
    const restored = await outsider.spaces.restore({ spaceId: demo.spaces.changelog })
    expect(restored).toMatchObject({ organization: demo.globex, parent: demo.collections.product })
    expect(await spaceTitles(outsider, demo.collections.product)).toEqual(['Getting Started', 'Changelog'])
  })

  it('needs admin of both organizations and a different target', async () => {
    const ctx = await setup()
    const { admin, create, outsider, anonymous, demo } = ctx
    await rejects(admin.collections.transfer({ collectionId: demo.collections.product, organization: demo.globex }), 403, demo.globex)
    await rejects(create.collections.transfer({ collectionId: demo.collections.product, organization: demo.globex }), 403, 'admin')
    await rejects(outsider.collections.transfer({ collectionId: demo.collections.product, organization: demo.globex }), 404)
    await rejects(anonymous.collections.transfer({ collectionId: demo.collections.product, organization: demo.globex }), 401)
    await rejects(admin.collections.transfer({ collectionId: 'no-such-collection', organization: demo.globex }), 404)
    await rejects(admin.collections.transfer({ collectionId: demo.collections.product, organization: 'no-such-org' }), 404, 'no-such-org')
    await rejects(admin.collections.transfer({ collectionId: demo.collections.product, organization: demo.acme }), 409, 'already')
    await rejects(admin.collections.transfer({ collectionId: demo.collections.product } as never), 400, 'body.organization')
    const both = await adminOfBoth(ctx)
    await rejects(
      both.client.collections.transfer({ collectionId: demo.collections.product, organization: 5 as never }),
      400,
      'body.organization',
    )
    expect(await collectionTitles(admin, demo.acme)).toEqual(['Product', 'API', 'Internal'])
    expect((await admin.collections.get({ collectionId: demo.collections.api })).organization).toBe(demo.acme)
  })
})
