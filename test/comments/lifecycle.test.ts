import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { bodies, clientFor, openCount, rejects } from './support.ts'

describe('demo comments', () => {
  it('seeds discussions on spaces and change requests, with replies, reactions and a resolved one', async () => {
    const { read, comment, admin, guest, platform, demo } = await setup()
    const u = demo.users
    const spaceId = demo.spaces.guide
    expect(await openCount(read, spaceId)).toBe(2)
    const { items, count } = await comment.spaces.comments.list({ spaceId, order: 'asc' })
    expect(count).toBe(3)
    const [screenshot, install, faq] = items
    expect(screenshot).toMatchObject({ postedBy: { id: u.comment }, replies: 1, status: 'open' })
    expect(screenshot!.reactions).toMatchObject([{ emoji: '👍', count: 2, users: [{ user: { id: u.admin } }, { user: { id: u.edit } }] }])
    expect(install).toMatchObject({ postedBy: { id: u.review }, status: 'resolved', resolvedBy: { id: u.edit }, replies: 1 })
    expect(faq).toMatchObject({ postedBy: { id: u.admin }, replies: 0, status: 'open' })
    expect((await comment.spaces.comments.list({ spaceId, authors: [u.comment] })).count).toBe(1)

    expect(await openCount(guest, demo.spaces.handbook)).toBe(1)
    expect(await openCount(admin, demo.spaces.reference)).toBe(0)
    const [quickstart, typos] = platform.db.changeRequests.findMany((q) => q.where({ space: spaceId }))
    const crComments = await comment.changeRequests.comments.list({ spaceId, changeRequestId: quickstart!.id, order: 'asc' })
    expect(crComments.count).toBe(2)
    expect(crComments.items.map((c) => [c.status, c.replies])).toEqual([
      ['open', 2],
      ['resolved', 0],
    ])
    expect((await comment.changeRequests.comments.list({ spaceId, changeRequestId: typos!.id })).count).toBe(1)
    expect((await admin.changeRequests.comments.list({ spaceId: demo.spaces.reference, changeRequestId: '1' })).count).toBe(1)
  })
})

describe('comments through the life of a space', () => {
  it('go when a deleted space is purged, with their replies and commenters', async () => {
    const { admin, comment, edit, platform, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Soon gone' } })
    await edit.spaces.comments.replies.create({ spaceId, commentId: posted.id, body: { markdown: 'Yes' } })
    const others = platform.db.comments.size - 1
    await admin.spaces.delete({ spaceId })
    // Kept while restorable, but closed: a deleted space reports `permissions.comment: false`.
    await rejects(admin.spaces.comments.list({ spaceId }), 403, /the space is deleted/)
    expect([...platform.db.comments.all()].filter((c) => c.space === spaceId)).toHaveLength(1)
    platform.clock.advance('8d')
    await admin.spaces.comments.list({ spaceId: demo.spaces.guide })
    expect([...platform.db.comments.all()].some((c) => c.space === spaceId)).toBe(false)
    expect([...platform.db.commentReplies.all()].some((r) => r.space === spaceId)).toBe(false)
    expect([...platform.db.commenters.all()].some((c) => c.space === spaceId)).toBe(false)
    expect(platform.db.comments.size).toBe(others)
    expect((await admin.spaces.comments.list({ spaceId: demo.spaces.guide })).count).toBe(3)
  })

  it('stay with their space: not copied by duplicate, kept by transfer', async () => {
    const { admin, platform, demo } = await setup()
    const spaceId = demo.spaces.guide
    const copy = await admin.spaces.duplicate({ spaceId })
    expect(copy.comments).toBe(0)
    expect((await admin.spaces.comments.list({ spaceId: copy.id })).count).toBe(0)
    expect((await admin.spaces.listCommenters({ spaceId: copy.id })).count).toBe(0)
    expect(await openCount(admin, spaceId)).toBe(2)

    const { user, token } = await platform.builders.user({ displayName: 'Bea Both', organization: demo.acme, role: 'admin' })
    await platform.builders.member(demo.globex, user.id, 'admin')
    const both = clientFor(platform, token)
    await both.spaces.transfer({ spaceId, organization: demo.globex })
    expect(await openCount(both, spaceId)).toBe(2)
    expect((await both.spaces.comments.list({ spaceId })).count).toBe(3)
    // Its commenters were Acme members: none of them is a member of Globex.
    expect((await both.spaces.listCommenters({ spaceId })).count).toBe(0)
    await both.spaces.comments.create({ spaceId, body: { markdown: 'Hello from Globex' } })
    expect((await both.spaces.listCommenters({ spaceId })).items.map((m) => m.id)).toEqual([user.id])
  })

  it('survive a snapshot and restore, counts and indexes included', async () => {
    const { admin, comment, platform, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const kept = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Kept' } })
    const snapshot = platform.snapshot()
    await comment.spaces.comments.create({ spaceId, body: { markdown: 'Dropped' } })
    await admin.spaces.comments.update({ spaceId, commentId: kept.id, resolved: true })
    await platform.restore(snapshot)
    expect(await openCount(admin, spaceId)).toBe(1)
    expect(bodies((await admin.spaces.comments.list({ spaceId })).items)).toEqual(['Kept'])
    expect((await admin.spaces.comments.list({ spaceId, status: 'open' })).count).toBe(1)
    expect((await admin.spaces.listCommenters({ spaceId })).items.map((m) => m.id)).toEqual([demo.users.comment])
    await comment.spaces.comments.create({ spaceId, body: { markdown: 'After' } })
    expect(bodies((await admin.spaces.comments.list({ spaceId })).items)).toEqual(['After', 'Kept'])
    expect(await openCount(admin, spaceId)).toBe(2)
  })
})
