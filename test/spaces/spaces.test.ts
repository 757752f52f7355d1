import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { rejects, spaceTitles } from './support.ts'

describe('spaces.get', () => {
  it('reads a space with its fields, counts and the caller permissions', async () => {
    const { admin, platform, demo } = await setup()
    const guide = await admin.spaces.get({ spaceId: demo.spaces.guide })
    expect(guide).toMatchObject({
      object: 'space',
      id: demo.spaces.guide,
      title: 'Getting Started',
      emoji: '🚀',
      visibility: 'public',
      editMode: 'live',
      organization: demo.acme,
      parent: demo.collections.product,
      defaultLevel: null,
      permissions: {
        view: true,
        access: true,
        admin: true,
        viewInviteLinks: true,
        edit: true,
        triggerGitSync: false,
        comment: true,
        merge: true,
        review: true,
      },
    })
    expect(guide.urls?.location).toBe(`${platform.baseUrl}/v1/spaces/${demo.spaces.guide}`)
    expect(guide.urls?.app).toBe(`https://app.docplat.dev/o/${demo.acme}/s/${demo.spaces.guide}`)
    expect(guide).not.toHaveProperty('deletedAt')
    expect(typeof guide.revision).toBe('string')
    expect(Date.parse(guide.createdAt)).toBeLessThanOrEqual(Date.parse(guide.updatedAt))
    const customers = await admin.spaces.get({ spaceId: demo.spaces.customers })
    expect(customers).toMatchObject({ visibility: 'visitor-auth', visitorAuth: { backend: 'custom' } })
    expect(customers).not.toHaveProperty('parent')
    expect((await admin.spaces.get({ spaceId: demo.spaces.roadmap })).editMode).toBe('locked')
  })

  it('counts the change requests of a space by status', async () => {
    const { admin, platform, demo } = await setup()
    const space = await platform.builders.space({ organization: demo.acme, title: 'Counted' })
    for (const status of ['open', 'open', 'draft', 'merged', 'archived'] as const) {
      await platform.builders.changeRequest({ space: space.id, createdBy: demo.users.edit, status })
    }
    const read = await admin.spaces.get({ spaceId: space.id })
    expect(read).toMatchObject({ changeRequests: 5, changeRequestsOpen: 2, changeRequestsDraft: 1 })
    expect(typeof read.comments).toBe('number')
  })

  it('answers 404 for unknown and invisible spaces, 401 without a valid token', async () => {
    const { admin, guest, outsider, anonymous, platform, demo } = await setup()
    await rejects(admin.spaces.get({ spaceId: 'no-such-space' }), 404, 'no-such-space')
    await rejects(admin.spaces.get({ spaceId: demo.spaces.globexDocs }), 404)
    await rejects(guest.spaces.get({ spaceId: demo.spaces.roadmap }), 404)
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.handbook }), 404)
    await rejects(anonymous.spaces.get({ spaceId: demo.spaces.guide }), 401)
    const forged = createClient({ token: 'dpt_forged_token', fetch: platform.fetch, retry: 0 })
    await rejects(forged.spaces.get({ spaceId: demo.spaces.guide }), 401)
  })
})

describe('spaces.update', () => {
  it('updates title and emoji, moves updatedAt and keeps the change', async () => {
    const { admin, edit, demo } = await setup()
    const before = await admin.spaces.get({ spaceId: demo.spaces.guide })
    const updated = await edit.spaces.update({ spaceId: demo.spaces.guide, title: 'Start here', emoji: '🧭' })
    expect(updated).toMatchObject({
      id: demo.spaces.guide,
      title: 'Start here',
      emoji: '🧭',
      visibility: 'public',
      editMode: 'live',
      parent: demo.collections.product,
    })
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt))
    expect(updated.createdAt).toBe(before.createdAt)
    const read = await admin.spaces.get({ spaceId: demo.spaces.guide })
    expect(read).toMatchObject({ title: 'Start here', emoji: '🧭', updatedAt: updated.updatedAt })
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Start here', 'Changelog'])
  })

  it('leaves updatedAt alone when nothing changes', async () => {
    const { admin, edit, demo } = await setup()
    const before = await admin.spaces.get({ spaceId: demo.spaces.guide })
    const same = await edit.spaces.update({ spaceId: demo.spaces.guide, title: before.title, emoji: before.emoji })
    expect(same.updatedAt).toBe(before.updatedAt)
    expect((await edit.spaces.update({ spaceId: demo.spaces.guide })).updatedAt).toBe(before.updatedAt)
    const changed = await edit.spaces.update({ spaceId: demo.spaces.guide, title: before.title, emoji: '🧭' })
    expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt))
    expect((await admin.spaces.get({ spaceId: demo.spaces.guide })).updatedAt).toBe(changed.updatedAt)
  })

  it('changes who may do what through defaultLevel', async () => {
    const { admin, read, create, demo } = await setup()
    const raised = await admin.spaces.update({ spaceId: demo.spaces.guide, defaultLevel: 'comment' })
    expect(raised.defaultLevel).toBe('comment')
    expect((await read.spaces.get({ spaceId: demo.spaces.guide })).permissions).toMatchObject({ comment: true, edit: false })
    // The space's default replaces the organization role, downwards too.
    expect((await create.spaces.get({ spaceId: demo.spaces.guide })).permissions?.edit).toBe(false)
    await rejects(create.spaces.update({ spaceId: demo.spaces.guide, title: 'Nope' }), 403, 'edit')
    const cleared = await admin.spaces.update({ spaceId: demo.spaces.guide, defaultLevel: null })
    expect(cleared.defaultLevel).toBeNull()
    expect((await read.spaces.get({ spaceId: demo.spaces.guide })).permissions?.comment).toBe(false)
    expect((await create.spaces.update({ spaceId: demo.spaces.guide, title: 'Yes' })).title).toBe('Yes')
  })

  it('accepts 50-character titles and emoji and refuses anything beyond the bounds', async () => {
    const { admin, demo } = await setup()
    const id = demo.spaces.guide
    const emoji = '🚀'.repeat(25)
    expect(await admin.spaces.update({ spaceId: id, title: 'T'.repeat(50), emoji })).toMatchObject({ title: 'T'.repeat(50), emoji })
    await rejects(admin.spaces.update({ spaceId: id, title: 'T'.repeat(51) }), 400, 'body.title')
    await rejects(admin.spaces.update({ spaceId: id, title: '' }), 400, 'body.title')
    await rejects(admin.spaces.update({ spaceId: id, emoji: 'e'.repeat(51) }), 400, 'body.emoji')
    await rejects(admin.spaces.update({ spaceId: id, editMode: 'frozen' as never }), 400, 'body.editMode')
    await rejects(admin.spaces.update({ spaceId: id, defaultLevel: 'owner' as never }), 400, 'body.defaultLevel')
    await rejects(admin.spaces.update({ spaceId: id, title: 5 as never }), 400, 'body.title')
    // A bad field fails the whole request: nothing of it is applied.
    await rejects(admin.spaces.update({ spaceId: id, title: 'Half', emoji: 'e'.repeat(51) }), 400, 'body.emoji')
    expect(await admin.spaces.get({ spaceId: id })).toMatchObject({ title: 'T'.repeat(50), emoji, editMode: 'live', defaultLevel: null })
  })

  it('needs edit for title and emoji, admin for editMode and defaultLevel', async () => {
    const { admin, edit, read, comment, outsider, anonymous, demo } = await setup()
    await rejects(read.spaces.update({ spaceId: demo.spaces.guide, title: 'Nope' }), 403, 'edit')
    await rejects(comment.spaces.update({ spaceId: demo.spaces.guide, emoji: '❌' }), 403, 'edit')
    await rejects(edit.spaces.update({ spaceId: demo.spaces.guide, editMode: 'locked' }), 403, 'admin')
    await rejects(edit.spaces.update({ spaceId: demo.spaces.guide, defaultLevel: 'edit' }), 403, 'admin')
    await rejects(edit.spaces.update({ spaceId: demo.spaces.guide, title: 'Both', defaultLevel: 'edit' }), 403, 'admin')
    // Outsiders can read a public space, so they are told no rather than not found.
    await rejects(outsider.spaces.update({ spaceId: demo.spaces.guide, title: 'Nope' }), 403)
    await rejects(outsider.spaces.update({ spaceId: demo.spaces.partners, title: 'Nope' }), 404)
    await rejects(anonymous.spaces.update({ spaceId: demo.spaces.guide, title: 'Nope' }), 401)
    await rejects(admin.spaces.update({ spaceId: 'no-such-space', title: 'Nope' }), 404)
    expect(await admin.spaces.get({ spaceId: demo.spaces.guide })).toMatchObject({
      title: 'Getting Started',
      emoji: '🚀',
      editMode: 'live',
      defaultLevel: null,
    })
  })

  it('refuses updates of a deleted space', async () => {
    const { admin, create, demo } = await setup()
    await rejects(admin.spaces.update({ spaceId: demo.spaces.archive, title: 'Revived' }), 403, 'deleted')
    await rejects(admin.spaces.update({ spaceId: demo.spaces.archive, defaultLevel: 'edit' }), 403, 'deleted')
    await rejects(create.spaces.update({ spaceId: demo.spaces.archive, title: 'Revived' }), 404)
    expect((await admin.spaces.get({ spaceId: demo.spaces.archive })).title).toBe('Old Archive')
  })
})

describe('editMode: locked', () => {
  it('blocks every edit, the admin included, and says so in permissions', async () => {
    const { admin, edit, demo } = await setup()
    const asAdmin = await admin.spaces.get({ spaceId: demo.spaces.roadmap })
    expect(asAdmin.permissions).toMatchObject({ admin: true, edit: false, merge: false, comment: true, review: true })
    const asEditor = await edit.spaces.get({ spaceId: demo.spaces.roadmap })
    expect(asEditor.permissions).toMatchObject({ view: true, edit: false, comment: true })
    await rejects(admin.spaces.update({ spaceId: demo.spaces.roadmap, title: 'Plans' }), 403, 'locked')
    await rejects(admin.spaces.update({ spaceId: demo.spaces.roadmap, emoji: '🧭' }), 403, 'locked')
    await rejects(edit.spaces.update({ spaceId: demo.spaces.roadmap, title: 'Plans' }), 403, 'locked')
    // Staying locked while renaming is still an edit of a locked space.
    await rejects(admin.spaces.update({ spaceId: demo.spaces.roadmap, editMode: 'locked', title: 'Plans' }), 403, 'locked')
    // Only an admin unlocks.
    await rejects(edit.spaces.update({ spaceId: demo.spaces.roadmap, editMode: 'live' }), 403, 'admin')
    expect((await admin.spaces.get({ spaceId: demo.spaces.roadmap })).title).toBe('Roadmap')
  })

  it('lets an admin unlock, after which edits go through', async () => {
    const { admin, edit, demo } = await setup()
    const unlocked = await admin.spaces.update({ spaceId: demo.spaces.roadmap, editMode: 'live' })
    expect(unlocked.editMode).toBe('live')
    expect((await edit.spaces.get({ spaceId: demo.spaces.roadmap })).permissions?.edit).toBe(true)
    expect((await edit.spaces.update({ spaceId: demo.spaces.roadmap, title: 'Plans' })).title).toBe('Plans')
    // Lock again, then unlock and rename in one request.
    await admin.spaces.update({ spaceId: demo.spaces.roadmap, editMode: 'locked' })
    await rejects(edit.spaces.update({ spaceId: demo.spaces.roadmap, title: 'Again' }), 403, 'locked')
    const both = await admin.spaces.update({ spaceId: demo.spaces.roadmap, editMode: 'live', title: 'Roadmap 2026' })
    expect(both).toMatchObject({ editMode: 'live', title: 'Roadmap 2026' })
    expect(await admin.spaces.get({ spaceId: demo.spaces.roadmap })).toMatchObject({ editMode: 'live', title: 'Roadmap 2026' })
  })

  it('locks a live space for its editors; admins still manage its settings', async () => {
    const { admin, edit, read, demo } = await setup()
    const locked = await admin.spaces.update({ spaceId: demo.spaces.guide, editMode: 'locked', title: 'Frozen guide' })
    expect(locked).toMatchObject({ editMode: 'locked', title: 'Frozen guide' })
    expect((await edit.spaces.get({ spaceId: demo.spaces.guide })).permissions?.edit).toBe(false)
    await rejects(edit.spaces.update({ spaceId: demo.spaces.guide, title: 'Nope' }), 403, 'locked')
    // Locking protects content; who may read it is still the admins' to decide.
    expect((await admin.spaces.update({ spaceId: demo.spaces.guide, defaultLevel: 'comment' })).defaultLevel).toBe('comment')
    expect((await read.spaces.get({ spaceId: demo.spaces.guide })).permissions).toMatchObject({ comment: true, edit: false })
    expect((await admin.spaces.get({ spaceId: demo.spaces.guide })).title).toBe('Frozen guide')
  })
})

describe('spaces.delete', () => {
  it('soft-deletes: deletedAt set, hidden from others, readable by admins', async () => {
    const { admin, edit, outsider, platform, demo } = await setup()
    const before = platform.clock.now().getTime()
    const { data, response } = await admin.spaces.delete({ spaceId: demo.spaces.guide }).withResponse()
    expect(response.status).toBe(205)
    expect(data).toBeUndefined()
    const deleted = await admin.spaces.get({ spaceId: demo.spaces.guide })
    expect(Date.parse(deleted.deletedAt!)).toBeGreaterThanOrEqual(before)
    // Write stamps are strictly increasing, so they may run a few milliseconds ahead of the clock.
    expect(Date.parse(deleted.deletedAt!)).toBeLessThan(platform.clock.now().getTime() + 1000)
    expect(deleted.updatedAt).toBe(deleted.deletedAt)
    expect(deleted.permissions).toMatchObject({ view: true, admin: true, edit: false, comment: false, review: false, merge: false })
    await rejects(edit.spaces.get({ spaceId: demo.spaces.guide }), 404)
    // Public no longer means readable once deleted.
    await rejects(outsider.spaces.get({ spaceId: demo.spaces.guide }), 404)
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Changelog'])
    expect((await admin.collections.listSpaces({ collectionId: demo.collections.product })).count).toBe(1)
  })

  it('refuses to delete twice', async () => {
    const { admin, demo } = await setup()
    await admin.spaces.delete({ spaceId: demo.spaces.guide })
    const deletedAt = (await admin.spaces.get({ spaceId: demo.spaces.guide })).deletedAt
    await rejects(admin.spaces.delete({ spaceId: demo.spaces.guide }), 409, 'already deleted')
    await rejects(admin.spaces.delete({ spaceId: demo.spaces.archive }), 409)
    expect((await admin.spaces.get({ spaceId: demo.spaces.guide })).deletedAt).toBe(deletedAt)
  })

  it('needs admin on the space', async () => {
    const { admin, create, guest, outsider, anonymous, platform, demo } = await setup()
    await rejects(create.spaces.delete({ spaceId: demo.spaces.guide }), 403, 'admin')
    await rejects(guest.spaces.delete({ spaceId: demo.spaces.handbook }), 403)
    await rejects(outsider.spaces.delete({ spaceId: demo.spaces.guide }), 403)
    await rejects(outsider.spaces.delete({ spaceId: demo.spaces.handbook }), 404)
    await rejects(anonymous.spaces.delete({ spaceId: demo.spaces.guide }), 401)
    await rejects(admin.spaces.delete({ spaceId: 'no-such-space' }), 404)
    expect(await admin.spaces.get({ spaceId: demo.spaces.guide })).not.toHaveProperty('deletedAt')
    // An explicit admin grant is enough, and keeps the deleted space visible to its holder.
    await platform.builders.grant({ target: demo.spaces.guide, principal: demo.users.create, role: 'admin' })
    await create.spaces.delete({ spaceId: demo.spaces.guide })
    expect((await create.spaces.get({ spaceId: demo.spaces.guide })).deletedAt).toBeDefined()
  })
})

describe('spaces.restore', () => {
  it('restores a deleted space to its place, visible to all again', async () => {
    const { admin, edit, demo } = await setup()
    await admin.spaces.delete({ spaceId: demo.spaces.guide })
    const deleted = await admin.spaces.get({ spaceId: demo.spaces.guide })
    const restored = await admin.spaces.restore({ spaceId: demo.spaces.guide })
    expect(restored).toMatchObject({
      id: demo.spaces.guide,
      title: 'Getting Started',
      parent: demo.collections.product,
      visibility: 'public',
    })
    expect(restored).not.toHaveProperty('deletedAt')
    expect(Date.parse(restored.updatedAt)).toBeGreaterThan(Date.parse(deleted.updatedAt))
    expect(restored.permissions?.edit).toBe(true)
    expect((await edit.spaces.get({ spaceId: demo.spaces.guide })).title).toBe('Getting Started')
    // It comes back at the end of its collection.
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Changelog', 'Getting Started'])
  })

  it('restores the demo archive to the root', async () => {
    const { admin, read, demo } = await setup()
    await rejects(read.spaces.get({ spaceId: demo.spaces.archive }), 404)
    const restored = await admin.spaces.restore({ spaceId: demo.spaces.archive })
    expect(restored).toMatchObject({ title: 'Old Archive', visibility: 'private' })
    expect(restored).not.toHaveProperty('parent')
    expect((await read.spaces.get({ spaceId: demo.spaces.archive })).deletedAt).toBeUndefined()
  })

  it('restores within 7 days of platform time only', async () => {
    const { admin, platform, demo } = await setup()
    await admin.spaces.delete({ spaceId: demo.spaces.guide })
    await admin.spaces.delete({ spaceId: demo.spaces.changelog })
    platform.clock.advance('6d')
    expect((await admin.spaces.restore({ spaceId: demo.spaces.guide })).deletedAt).toBeUndefined()
    platform.clock.advance('2d')
    // Eight days after deletion the space is gone for good, for admins too.
    await rejects(admin.spaces.restore({ spaceId: demo.spaces.changelog }), 404)
    await rejects(admin.spaces.get({ spaceId: demo.spaces.changelog }), 404)
    await rejects(admin.spaces.restore({ spaceId: demo.spaces.archive }), 404)
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Getting Started'])
  })

  it('refuses a space that is not deleted, and callers who are not admin', async () => {
    const { admin, create, outsider, anonymous, demo } = await setup()
    await rejects(admin.spaces.restore({ spaceId: demo.spaces.guide }), 409, 'not deleted')
    await rejects(create.spaces.restore({ spaceId: demo.spaces.guide }), 403, 'admin')
    await rejects(create.spaces.restore({ spaceId: demo.spaces.archive }), 404)
    await rejects(outsider.spaces.restore({ spaceId: demo.spaces.guide }), 403)
    await rejects(anonymous.spaces.restore({ spaceId: demo.spaces.archive }), 401)
    await rejects(admin.spaces.restore({ spaceId: 'no-such-space' }), 404)
    expect((await admin.spaces.get({ spaceId: demo.spaces.archive })).deletedAt).toBeDefined()
  })
})

describe('spaces.duplicate', () => {
  it('copies the settings into a new space right after the original', async () => {
    const { admin, edit, demo } = await setup()
    const original = await admin.spaces.get({ spaceId: demo.spaces.guide })
    const { data: copy, response } = await admin.spaces.duplicate({ spaceId: demo.spaces.guide }).withResponse()
    expect(response.status).toBe(201)
    expect(copy).toMatchObject({
      object: 'space',
      title: 'Getting Started (copy)',
      emoji: '🚀',
      visibility: 'public',
      editMode: 'live',
      defaultLevel: null,
      organization: demo.acme,
      parent: demo.collections.product,
      changeRequests: 0,
    })
    expect(copy.id).not.toBe(original.id)
    expect(copy.revision).not.toBe(original.revision)
    expect(copy).not.toHaveProperty('deletedAt')
    expect(await admin.spaces.get({ spaceId: copy.id })).toEqual(copy)
    expect((await edit.spaces.get({ spaceId: copy.id })).permissions?.edit).toBe(true)
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Getting Started', 'Getting Started (copy)', 'Changelog'])
    // The original is untouched.
    expect(await admin.spaces.get({ spaceId: demo.spaces.guide })).toEqual(original)
  })

  it('copies editMode, defaultLevel, visitorAuth and explicit grants', async () => {
    const { admin, guest, read, demo } = await setup()
    const roadmap = await admin.spaces.duplicate({ spaceId: demo.spaces.roadmap })
    expect(roadmap).toMatchObject({ title: 'Roadmap (copy)', editMode: 'locked', defaultLevel: 'read', parent: demo.collections.internal })
    expect(await spaceTitles(admin, demo.collections.internal)).toEqual(['Employee Handbook', 'Roadmap', 'Roadmap (copy)'])
    const customers = await admin.spaces.duplicate({ spaceId: demo.spaces.customers })
    expect(customers).toMatchObject({ visibility: 'visitor-auth', visitorAuth: { backend: 'custom' } })
    expect(customers).not.toHaveProperty('parent')
    // The guest's comment grant on the handbook comes along.
    const handbook = await admin.spaces.duplicate({ spaceId: demo.spaces.handbook })
    expect((await guest.spaces.get({ spaceId: handbook.id })).permissions).toMatchObject({ view: true, comment: true, edit: false })
    expect((await read.spaces.get({ spaceId: handbook.id })).title).toBe('Employee Handbook (copy)')
  })

  it('leaves git synchronization to the original', async () => {
    const { admin, edit, read, platform, demo } = await setup()
    const gitSync = {
      repoName: 'acme/docs',
      installationProvider: 'github',
      url: 'https://github.com/acme/docs',
      updatedAt: '2026-01-10T00:00:00.000Z',
    }
    const synced = await platform.builders.space({ organization: demo.acme, title: 'Synced', gitSync })
    const original = await edit.spaces.get({ spaceId: synced.id })
    expect(original).toMatchObject({ gitSync, permissions: { triggerGitSync: true } })
    expect((await read.spaces.get({ spaceId: synced.id })).permissions?.triggerGitSync).toBe(false)
    const copy = await admin.spaces.duplicate({ spaceId: synced.id })
    expect(copy).not.toHaveProperty('gitSync')
    expect(copy.permissions?.triggerGitSync).toBe(false)
  })

  it('keeps the copy title within 50 characters, suffix included', async () => {
    const { admin, platform, demo } = await setup()
    const long = await platform.builders.space({ organization: demo.acme, title: 'L'.repeat(50) })
    const copy = await admin.spaces.duplicate({ spaceId: long.id })
    expect(copy.title).toBe(`${'L'.repeat(43)} (copy)`)
    expect(copy.title).toHaveLength(50)
  })

  it('needs view on the space and create where the copy goes', async () => {
    const { admin, create, edit, guest, outsider, anonymous, demo } = await setup()
    // The creator may add spaces at the root, but holds only edit in Internal (read by default, edit as a Writer).
    const partners = await create.spaces.duplicate({ spaceId: demo.spaces.partners })
    expect(partners).toMatchObject({ title: 'Partner Guide (copy)', visibility: 'share-link' })
    expect(partners.permissions?.admin).toBe(false)
    await rejects(create.spaces.duplicate({ spaceId: demo.spaces.handbook }), 403, 'create')
    await rejects(edit.spaces.duplicate({ spaceId: demo.spaces.guide }), 403, 'create')
    // They can see these spaces, so they are told no rather than not found.
    await rejects(guest.spaces.duplicate({ spaceId: demo.spaces.handbook }), 403)
    await rejects(outsider.spaces.duplicate({ spaceId: demo.spaces.guide }), 403)
    await rejects(outsider.spaces.duplicate({ spaceId: demo.spaces.handbook }), 404)
    await rejects(anonymous.spaces.duplicate({ spaceId: demo.spaces.guide }), 401)
    await rejects(admin.spaces.duplicate({ spaceId: 'no-such-space' }), 404)
    await rejects(admin.spaces.duplicate({ spaceId: demo.spaces.archive }), 403, 'deleted')
    await rejects(create.spaces.duplicate({ spaceId: demo.spaces.archive }), 404)
    expect(await spaceTitles(admin, demo.collections.internal)).toEqual(['Employee Handbook', 'Roadmap'])
    expect(await spaceTitles(admin, demo.collections.product)).toEqual(['Getting Started', 'Changelog'])
  })
})
