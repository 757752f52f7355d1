import { describe, expect, it } from 'vitest'
import type { Role } from '../../src/index.ts'
import { setup, type DemoRole } from '../helpers.ts'
import { clientFor, rejects } from './support.ts'

const ROLES: DemoRole[] = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider']
const RANK: Role[] = ['read', 'comment', 'edit', 'review', 'create', 'admin']
const atLeast = (role: Role, needed: Role) => RANK.indexOf(role) >= RANK.indexOf(needed)

type SpaceName =
  | 'guide'
  | 'reference'
  | 'changelog'
  | 'partners'
  | 'customers'
  | 'handbook'
  | 'roadmap'
  | 'archive'
  | 'globexDocs'
  | 'globexPublic'

/**
 * The role each demo caller holds on each demo space, by the permission rules of docs/architecture.md (`-` when the
 * space is invisible to them). Roadmap sets defaultLevel read; Internal sets read and grants
 * Writers (edit, comment, and create as its owner) edit; Reviewers (review) hold review on API Reference; the guest
 * holds comment on the handbook; outsiders read public and unlisted spaces only.
 */
const SPACE_ROLES: Record<SpaceName, Record<DemoRole, Role | '-'>> = {
  guide: {
    admin: 'admin',
    create: 'create',
    review: 'review',
    edit: 'edit',
    comment: 'comment',
    read: 'read',
    guest: 'read',
    outsider: 'read',
  },
  reference: {
    admin: 'admin',
    create: 'create',
    review: 'review',
    edit: 'edit',
    comment: 'comment',
    read: 'read',
    guest: '-',
    outsider: '-',
  },
  changelog: {
    admin: 'admin',
    create: 'create',
    review: 'review',
    edit: 'edit',
    comment: 'comment',
    read: 'read',
    guest: 'read',
    outsider: 'read',
  },
  partners: {
    admin: 'admin',
    create: 'create',
    review: 'review',
    edit: 'edit',
    comment: 'comment',
    read: 'read',
    guest: '-',
    outsider: '-',
  },
  customers: {
    admin: 'admin',
    create: 'create',
    review: 'review',
    edit: 'edit',
    comment: 'comment',
    read: 'read',
    guest: '-',
    outsider: '-',
  },
  handbook: {
    admin: 'admin',
    create: 'edit',
    review: 'read',
    edit: 'edit',
    comment: 'edit',
    read: 'read',
    guest: 'comment',
    outsider: '-',
  },
  roadmap: { admin: 'admin', create: 'edit', review: 'read', edit: 'edit', comment: 'edit', read: 'read', guest: '-', outsider: '-' },
  archive: { admin: 'admin', create: '-', review: '-', edit: '-', comment: '-', read: '-', guest: '-', outsider: '-' },
  globexDocs: { admin: '-', create: '-', review: '-', edit: '-', comment: '-', read: '-', guest: '-', outsider: 'admin' },
  globexPublic: {
    admin: 'read',
    create: 'read',
    review: 'read',
    edit: 'read',
    comment: 'read',
    read: 'read',
    guest: 'read',
    outsider: 'admin',
  },
}

/** The permissions object a role gives on a space: locked spaces refuse edits, deleted ones all but admin. */
function spacePermissions(role: Role, space: { locked?: boolean; deleted?: boolean }) {
  const live = !space.deleted
  const editable = live && !space.locked
  return {
    view: true,
    access: true,
    admin: role === 'admin',
    viewInviteLinks: live && role === 'admin',
    edit: editable && atLeast(role, 'edit'),
    triggerGitSync: false,
    comment: live && atLeast(role, 'comment'),
    merge: editable && atLeast(role, 'review'),
    review: live && atLeast(role, 'review'),
    installIntegration: live && role === 'admin',
  }
}

describe('space permissions', () => {
  it('match the rules for every demo caller on every demo space', async () => {
    const ctx = await setup()
    for (const [name, roles] of Object.entries(SPACE_ROLES) as Array<[SpaceName, Record<DemoRole, Role | '-'>]>) {
      const spaceId = ctx.demo.spaces[name]
      for (const caller of ROLES) {
        const role = roles[caller]
        const where = `${caller} on ${name}`
        if (role === '-') {
          await rejects(ctx[caller].spaces.get({ spaceId }), 404)
          continue
        }
        const space = await ctx[caller].spaces.get({ spaceId })
        expect(space.permissions, where).toEqual(spacePermissions(role, { locked: name === 'roadmap', deleted: name === 'archive' }))
      }
    }
  })

  it('are exactly what the endpoints enforce', async () => {
    const ctx = await setup()
    for (const [name, roles] of Object.entries(SPACE_ROLES) as Array<[SpaceName, Record<DemoRole, Role | '-'>]>) {
      const spaceId = ctx.demo.spaces[name]
      for (const caller of ROLES) {
        const client = ctx[caller]
        const where = `${caller} on ${name}`
        if (roles[caller] === '-') {
          await rejects(client.spaces.update({ spaceId, title: 'Probe' }), 404)
          await rejects(client.spaces.delete({ spaceId }), 404)
          continue
        }
        const { permissions, title, defaultLevel } = await client.spaces.get({ spaceId })
        // An edit that changes nothing but proves the right to edit.
        if (permissions?.edit) expect((await client.spaces.update({ spaceId, title })).title, where).toBe(title)
        else await rejects(client.spaces.update({ spaceId, title }), 403)
        if (permissions?.admin && name !== 'archive')
          expect((await client.spaces.update({ spaceId, defaultLevel })).defaultLevel, where).toBe(defaultLevel)
        else await rejects(client.spaces.update({ spaceId, defaultLevel }), 403)
        if (!permissions?.admin) await rejects(client.spaces.delete({ spaceId }), 403)
      }
    }
  })

  it('raise a member through explicit grants to them or their teams', async () => {
    const { read, platform, demo } = await setup()
    await rejects(read.spaces.update({ spaceId: demo.spaces.guide, title: 'Mine' }), 403)
    await platform.builders.grant({ target: demo.spaces.guide, principal: demo.users.read, role: 'edit' })
    expect((await read.spaces.get({ spaceId: demo.spaces.guide })).permissions).toMatchObject({ edit: true, review: false })
    expect((await read.spaces.update({ spaceId: demo.spaces.guide, title: 'Mine' })).title).toBe('Mine')
    // Joining Writers brings their edit grant on Internal to every space inside.
    await platform.builders.teamMember(demo.teams.writers, demo.users.read)
    expect((await read.spaces.get({ spaceId: demo.spaces.handbook })).permissions?.edit).toBe(true)
    expect((await read.collections.get({ collectionId: demo.collections.internal })).permissions?.create).toBe(false)
    // A team grant on a collection reaches spaces of nested collections too.
    await platform.builders.grant({ target: demo.collections.product, principal: demo.teams.writers, role: 'review' })
    expect((await read.spaces.get({ spaceId: demo.spaces.reference })).permissions).toMatchObject({
      review: true,
      merge: true,
      admin: false,
    })
  })

  it('never lower a member through a grant below the default level', async () => {
    const { create, platform, demo } = await setup()
    await platform.builders.grant({ target: demo.spaces.guide, principal: demo.users.create, role: 'read' })
    expect((await create.spaces.get({ spaceId: demo.spaces.guide })).permissions).toMatchObject({ edit: true, review: true, admin: false })
  })

  it('follow the defaultLevel of the space, else the nearest ancestor collection, else the organization role', async () => {
    const { admin, create, read, demo } = await setup()
    await admin.collections.update({ collectionId: demo.collections.product, defaultLevel: 'comment' })
    // API sets none: the space inherits from Product, two levels up.
    expect((await create.spaces.get({ spaceId: demo.spaces.reference })).permissions).toMatchObject({ comment: true, edit: false })
    expect((await read.spaces.get({ spaceId: demo.spaces.reference })).permissions).toMatchObject({ comment: true, edit: false })
    await admin.collections.update({ collectionId: demo.collections.api, defaultLevel: 'edit' })
    expect((await read.spaces.get({ spaceId: demo.spaces.reference })).permissions).toMatchObject({ edit: true, review: false })
    expect((await read.spaces.get({ spaceId: demo.spaces.guide })).permissions).toMatchObject({ comment: true, edit: false })
    // The space's own level wins over any collection's.
    await admin.spaces.update({ spaceId: demo.spaces.reference, defaultLevel: 'read' })
    expect((await create.spaces.get({ spaceId: demo.spaces.reference })).permissions).toMatchObject({ view: true, comment: false })
    await rejects(create.spaces.update({ spaceId: demo.spaces.reference, title: 'Nope' }), 403)
    // Roadmap keeps its own read level when Internal's rises.
    await admin.collections.update({ collectionId: demo.collections.internal, defaultLevel: 'edit' })
    expect((await read.spaces.get({ spaceId: demo.spaces.handbook })).permissions?.edit).toBe(true)
    expect((await read.spaces.get({ spaceId: demo.spaces.roadmap })).permissions?.comment).toBe(false)
    // Cleared everywhere: the organization role is back.
    await admin.collections.update({ collectionId: demo.collections.product, defaultLevel: null })
    await admin.collections.update({ collectionId: demo.collections.api, defaultLevel: null })
    await admin.spaces.update({ spaceId: demo.spaces.reference, defaultLevel: null })
    expect((await create.spaces.get({ spaceId: demo.spaces.reference })).permissions).toMatchObject({
      edit: true,
      review: true,
      admin: false,
    })
  })

  it('make an organization admin admin everywhere, whatever the levels', async () => {
    const { admin, demo } = await setup()
    await admin.spaces.update({ spaceId: demo.spaces.guide, defaultLevel: 'read' })
    await admin.collections.update({ collectionId: demo.collections.product, defaultLevel: 'read' })
    expect((await admin.spaces.get({ spaceId: demo.spaces.guide })).permissions).toMatchObject({ admin: true, edit: true })
    expect((await admin.collections.get({ collectionId: demo.collections.product })).permissions?.admin).toBe(true)
  })

  it('give guests explicit grants only, never a default level', async () => {
    const { admin, guest, platform, demo } = await setup()
    await admin.collections.update({ collectionId: demo.collections.internal, defaultLevel: 'edit' })
    expect((await guest.spaces.get({ spaceId: demo.spaces.handbook })).permissions).toMatchObject({ comment: true, edit: false })
    await rejects(guest.spaces.get({ spaceId: demo.spaces.roadmap }), 404)
    await rejects(guest.spaces.get({ spaceId: demo.spaces.partners }), 404)
    // A guest in a team gets the team's grants.
    await platform.builders.teamMember(demo.teams.writers, demo.users.guest)
    expect((await guest.spaces.get({ spaceId: demo.spaces.roadmap })).permissions).toMatchObject({ view: true, comment: true })
    expect((await guest.spaces.update({ spaceId: demo.spaces.handbook, emoji: '📙' })).emoji).toBe('📙')
  })

  it('let outsiders read public and unlisted spaces and nothing private', async () => {
    const { outsider, demo } = await setup()
    for (const spaceId of [demo.spaces.guide, demo.spaces.changelog]) {
      const space = await outsider.spaces.get({ spaceId })
      expect(space.permissions).toEqual(spacePermissions('read', {}))
      await rejects(outsider.spaces.update({ spaceId, title: 'Nope' }), 403)
      await rejects(outsider.spaces.delete({ spaceId }), 403)
    }
    for (const spaceId of [
      demo.spaces.partners,
      demo.spaces.customers,
      demo.spaces.handbook,
      demo.spaces.roadmap,
      demo.spaces.reference,
      demo.spaces.archive,
    ]) {
      await rejects(outsider.spaces.get({ spaceId }), 404)
    }
  })

  it('follow the parent collection for in-collection spaces', async () => {
    const { guest, platform, demo } = await setup()
    await rejects(guest.spaces.get({ spaceId: demo.spaces.reference }), 404)
    await platform.builders.grant({ target: demo.collections.product, principal: demo.users.guest, role: 'comment' })
    // Whoever may open the collection (here through its parent) opens the space.
    expect((await guest.spaces.get({ spaceId: demo.spaces.reference })).permissions).toMatchObject({
      view: true,
      comment: true,
      edit: false,
    })
  })

  it('stop at a disabled or removed membership', async () => {
    const { admin, platform, demo } = await setup()
    const { user, token } = await platform.builders.user({ displayName: 'Temp Admin', organization: demo.acme, role: 'admin' })
    const temp = clientFor(platform, token)
    expect((await temp.spaces.get({ spaceId: demo.spaces.handbook })).permissions?.admin).toBe(true)
    await admin.orgs.members.remove({ organizationId: demo.acme, userId: user.id })
    await rejects(temp.spaces.get({ spaceId: demo.spaces.handbook }), 404)
    expect((await temp.spaces.get({ spaceId: demo.spaces.guide })).permissions?.admin).toBe(false)
  })
})

describe('collection permissions', () => {
  type CollectionName = 'product' | 'api' | 'internal'
  const COLLECTION_ROLES: Record<CollectionName, Record<DemoRole, Role | '-'>> = {
    product: {
      admin: 'admin',
      create: 'create',
      review: 'review',
      edit: 'edit',
      comment: 'comment',
      read: 'read',
      guest: '-',
      outsider: '-',
    },
    api: { admin: 'admin', create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: '-', outsider: '-' },
    internal: { admin: 'admin', create: 'edit', review: 'read', edit: 'edit', comment: 'edit', read: 'read', guest: '-', outsider: '-' },
  }

  it('match the rules and what the endpoints enforce', async () => {
    const ctx = await setup()
    for (const [name, roles] of Object.entries(COLLECTION_ROLES) as Array<[CollectionName, Record<DemoRole, Role | '-'>]>) {
      const collectionId = ctx.demo.collections[name]
      for (const caller of ROLES) {
        const client = ctx[caller]
        const role = roles[caller]
        const where = `${caller} on ${name}`
        if (role === '-') {
          await rejects(client.collections.get({ collectionId }), 404)
          await rejects(client.collections.update({ collectionId, title: 'Probe' }), 404)
          continue
        }
        const collection = await client.collections.get({ collectionId })
        const expected = { view: true, admin: role === 'admin', viewInviteLinks: role === 'admin', create: atLeast(role, 'create') }
        expect(collection.permissions, where).toEqual(expected)
        if (expected.admin)
          expect((await client.collections.update({ collectionId, title: collection.title })).title).toBe(collection.title)
        else await rejects(client.collections.update({ collectionId, title: collection.title }), 403)
        if (expected.create)
          expect(
            (await client.collections.create({ organizationId: ctx.demo.acme, title: `By ${caller}`, parent: collectionId })).parent,
          ).toBe(collectionId)
        else await rejects(client.collections.create({ organizationId: ctx.demo.acme, title: `By ${caller}`, parent: collectionId }), 403)
      }
    }
  })
})
