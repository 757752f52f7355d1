import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { all, rejects } from './support.ts'

const ids = (members: ReadonlyArray<{ id: string }>) => members.map((m) => m.id)

describe('spaces.listCommenters', () => {
  it('lists the members who commented or replied on the space, each once, by first participation', async () => {
    const { comment, demo } = await setup()
    const u = demo.users
    const page = await comment.spaces.listCommenters({ spaceId: demo.spaces.guide })
    // The demo: Cora comments, Eddie replies (twice), Rita comments, Ada comments; reactions do not count.
    expect(ids(page.items)).toEqual([u.comment, u.edit, u.review, u.admin])
    expect(page.count).toBe(4)
    expect(page.items[0]).toMatchObject({
      object: 'member',
      id: u.comment,
      role: 'comment',
      user: { id: u.comment, displayName: 'Cora Commenter' },
    })
    // Change-request discussions have their own commenters.
    expect(ids((await comment.spaces.listCommenters({ spaceId: demo.spaces.changelog })).items)).toEqual([])
  })

  it('adds people on their first post, keeps them while they have one, drops them with their last', async () => {
    const { comment, edit, admin, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const u = demo.users
    const list = async () => ids(await all(comment.spaces.listCommenters({ spaceId, limit: 1 })))
    const question = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Q' } })
    await comment.spaces.comments.create({ spaceId, body: { markdown: 'Q2' } })
    const reply = await edit.spaces.comments.replies.create({ spaceId, commentId: question.id, body: { markdown: 'A' } })
    expect(await list()).toEqual([u.comment, u.edit])
    await edit.spaces.comments.replies.delete({ spaceId, commentId: question.id, commentReplyId: reply.id })
    expect(await list()).toEqual([u.comment])
    const own = await edit.spaces.comments.create({ spaceId, body: { markdown: 'Mine' } })
    await edit.spaces.comments.replies.create({ spaceId, commentId: question.id, body: { markdown: 'A again' } })
    expect(await list()).toEqual([u.comment, u.edit])
    await edit.spaces.comments.delete({ spaceId, commentId: own.id })
    expect(await list()).toEqual([u.comment, u.edit])
    // Deleting a comment takes its replies, and their authors' participation, with it.
    await admin.spaces.comments.delete({ spaceId, commentId: question.id })
    expect(await list()).toEqual([u.comment])
    const paged = await comment.spaces.listCommenters({ spaceId, limit: 1 })
    expect(paged.count).toBe(1)
    expect(paged.hasNextPage()).toBe(false)
  })

  it('keeps the comments of a member who leaves, but lists only members', async () => {
    const { admin, comment, demo } = await setup()
    const spaceId = demo.spaces.guide
    const u = demo.users
    const byEddie = await comment.spaces.comments.list({ spaceId, authors: [u.edit] })
    await admin.orgs.members.remove({ organizationId: demo.acme, userId: u.edit })
    expect(ids((await comment.spaces.listCommenters({ spaceId })).items)).toEqual([u.comment, u.review, u.admin])
    expect((await comment.spaces.listCommenters({ spaceId })).count).toBe(3)
    const replies = await comment.spaces.comments.list({ spaceId, order: 'asc', limit: 1 })
    expect(replies.items[0]!.replies).toBe(1)
    expect((await comment.spaces.comments.list({ spaceId, authors: [u.edit] })).count).toBe(byEddie.count)
  })

  it('refuses strangers, missing tokens and bad pages', async () => {
    const { comment, outsider, anonymous, demo } = await setup()
    await rejects(outsider.spaces.listCommenters({ spaceId: demo.spaces.handbook }), 404)
    await rejects(anonymous.spaces.listCommenters({ spaceId: demo.spaces.guide }), 401)
    await rejects(comment.spaces.listCommenters({ spaceId: demo.spaces.guide, limit: 0 }), 400, /query\.limit/)
    await rejects(comment.spaces.listCommenters({ spaceId: demo.spaces.guide, page: 'x' }), 400, /query\.page/)
  })
})

describe('changeRequests.listCommenters', () => {
  it("lists the change request's commenters apart from the space's", async () => {
    const { comment, platform, demo } = await setup()
    const spaceId = demo.spaces.guide
    const u = demo.users
    const changeRequestId = platform.db.changeRequests.findMany((q) => q.where({ space: spaceId }))[0]!.id
    // Rita comments, Eddie and Rita reply, Ada comments.
    expect(ids((await comment.changeRequests.listCommenters({ spaceId, changeRequestId })).items)).toEqual([u.review, u.edit, u.admin])
    await comment.changeRequests.comments.create({ spaceId, changeRequestId: '1', body: { markdown: 'Me too' } })
    const after = await comment.changeRequests.listCommenters({ spaceId, changeRequestId: '1', limit: 2 })
    expect(after.count).toBe(4)
    expect(ids(after.items)).toEqual([u.review, u.edit])
    expect(ids((await after.getNextPage()).items)).toEqual([u.admin, u.comment])
    // Draft "Fix typos" (number 2) has Eddie only.
    expect(ids((await comment.changeRequests.listCommenters({ spaceId, changeRequestId: '2' })).items)).toEqual([u.edit])
    // The space's commenters did not change.
    expect(ids((await comment.spaces.listCommenters({ spaceId })).items)).toEqual([u.comment, u.edit, u.review, u.admin])
  })

  it('refuses unknown change requests, strangers and missing tokens', async () => {
    const { comment, outsider, anonymous, demo } = await setup()
    await rejects(
      comment.changeRequests.listCommenters({ spaceId: demo.spaces.guide, changeRequestId: '9' }),
      404,
      /Change request 9 not found/,
    )
    await rejects(outsider.changeRequests.listCommenters({ spaceId: demo.spaces.handbook, changeRequestId: '1' }), 404)
    await rejects(anonymous.changeRequests.listCommenters({ spaceId: demo.spaces.guide, changeRequestId: '1' }), 401)
  })
})
