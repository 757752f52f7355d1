import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { openCount, rejects } from './support.ts'

/** The demo's "Rewrite the quickstart" change request: number 1 of the guide. */
async function quickstart() {
  const demo = await setup({ freeze: true })
  const spaceId = demo.demo.spaces.guide
  const changeRequest = demo.platform.db.changeRequests.findMany((q) => q.where({ space: spaceId }))[0]!
  return { ...demo, spaceId, changeRequest, changeRequestId: changeRequest.id }
}

describe('changeRequests.comments.create', () => {
  it('posts on the change request (by ID or number), on its revision, without counting on the space', async () => {
    const { review, admin, platform, spaceId, changeRequest, changeRequestId } = await quickstart()
    const spaceCount = await openCount(admin, spaceId)
    const { count: before } = await admin.changeRequests.comments.list({ spaceId, changeRequestId })
    const posted = await review.changeRequests.comments.create({ spaceId, changeRequestId: '1', body: { markdown: 'Nit: wording' } })
    expect(posted).toMatchObject({
      object: 'comment',
      body: { markdown: 'Nit: wording' },
      status: 'open',
      replies: 0,
      target: { space: spaceId, changeRequest: changeRequestId, revision: changeRequest.revision },
      urls: { location: `${platform.baseUrl}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments/${posted.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    })
    const byId = await admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId: posted.id })
    expect(byId).toMatchObject({ id: posted.id, body: { markdown: 'Nit: wording' } })
    expect((await admin.changeRequests.comments.get({ spaceId, changeRequestId: '1', commentId: posted.id })).id).toBe(posted.id)
    expect((await admin.changeRequests.comments.list({ spaceId, changeRequestId })).count).toBe(before + 1)
    // Change-request discussions are not the space's: its count and list stay as they were.
    expect(await openCount(admin, spaceId)).toBe(spaceCount)
    expect((await admin.spaces.comments.list({ spaceId })).items.map((c) => c.id)).not.toContain(posted.id)
  })

  it('refuses readers, strangers, unknown change requests and bad bodies', async () => {
    const { read, outsider, admin, anonymous, demo, spaceId, changeRequestId } = await quickstart()
    const body = { markdown: 'Hi' }
    await rejects(read.changeRequests.comments.create({ spaceId, changeRequestId, body }), 403, /permission "comment"/)
    await rejects(outsider.changeRequests.comments.create({ spaceId, changeRequestId, body }), 403, /permission "comment"/)
    await rejects(outsider.changeRequests.comments.create({ spaceId: demo.spaces.handbook, changeRequestId: '1', body }), 404, /Space/)
    await rejects(anonymous.changeRequests.comments.create({ spaceId, changeRequestId, body }), 401)
    await rejects(admin.changeRequests.comments.create({ spaceId, changeRequestId: '99', body }), 404, /Change request 99 not found/)
    // A change request of another space is not found under this one.
    await rejects(admin.changeRequests.comments.create({ spaceId: demo.spaces.changelog, changeRequestId, body }), 404, /Change request/)
    await rejects(admin.changeRequests.comments.create({ spaceId, changeRequestId, body: { markdown: '' } }), 400, 'body.body.markdown')
    await rejects(admin.changeRequests.comments.create({ spaceId, changeRequestId, body, page: '' }), 400, 'body.page')
  })
})

describe('changeRequests.comments.get', () => {
  it("reads a change request's comment with the caller's permissions; other threads do not have it", async () => {
    const { edit, admin, read, comment, anonymous, spaceId, changeRequestId, platform } = await quickstart()
    const posted = await edit.changeRequests.comments.create({ spaceId, changeRequestId, body: { markdown: 'Mine' } })
    expect((await comment.changeRequests.comments.get({ spaceId, changeRequestId, commentId: posted.id })).permissions).toEqual({
      view: true,
      edit: false,
      reply: true,
      delete: false,
    })
    // Readers see the content, not its discussions (the space says `permissions.comment: false`).
    await rejects(read.changeRequests.comments.get({ spaceId, changeRequestId, commentId: posted.id }), 403, /permission "comment"/)
    expect((await admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId: posted.id })).permissions).toEqual({
      view: true,
      edit: false,
      reply: true,
      delete: true,
    })
    await rejects(
      admin.changeRequests.comments.get({ spaceId, changeRequestId: '2', commentId: posted.id }),
      404,
      /Comment .* not found in change request 2/,
    )
    await rejects(admin.spaces.comments.get({ spaceId, commentId: posted.id }), 404)
    const spaceComment = await platform.builders.comment({ space: spaceId, postedBy: posted.postedBy.id, markdown: 'On the space' })
    await rejects(admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId: spaceComment.id }), 404)
    await rejects(anonymous.changeRequests.comments.get({ spaceId, changeRequestId, commentId: posted.id }), 401)
  })
})

describe('changeRequests.comments.update', () => {
  it('resolves, reopens and edits like a space comment, and never moves the space count', async () => {
    const { edit, review, admin, platform, demo, spaceId, changeRequestId } = await quickstart()
    const spaceCount = await openCount(admin, spaceId)
    const posted = await edit.changeRequests.comments.create({ spaceId, changeRequestId, body: { markdown: 'Typo here' } })
    platform.clock.advance('1h')
    const at = platform.clock.now().toISOString()
    const resolved = await review.changeRequests.comments.update({ spaceId, changeRequestId, commentId: posted.id, resolved: true })
    expect(resolved).toMatchObject({ status: 'resolved', resolvedAt: at, resolvedBy: { id: demo.users.review } })
    expect(await openCount(admin, spaceId)).toBe(spaceCount)
    const edited = await edit.changeRequests.comments.update({
      spaceId,
      changeRequestId,
      commentId: posted.id,
      body: { markdown: 'Typo there' },
      resolved: false,
    })
    expect(edited).toMatchObject({ status: 'open', body: { markdown: 'Typo there' }, editedAt: expect.any(String) })
    expect(edited).not.toHaveProperty('resolvedBy')
    await rejects(
      review.changeRequests.comments.update({ spaceId, changeRequestId, commentId: posted.id, body: { markdown: 'Mine' } }),
      403,
      /Only the author/,
    )
    await rejects(admin.changeRequests.comments.update({ spaceId, changeRequestId, commentId: 'missing', resolved: true }), 404)
    await rejects(
      admin.changeRequests.comments.update({ spaceId, changeRequestId, commentId: posted.id, removedReactions: [''] }),
      400,
      /body\.removedReactions\.0: must not be empty/,
    )
    expect(await admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId: posted.id })).toMatchObject({
      status: 'open',
      body: { markdown: 'Typo there' },
    })
  })
})

describe('changeRequests.comments.delete', () => {
  it('deletes a comment and its replies, for the author or an admin', async () => {
    const { edit, review, admin, comment, spaceId, changeRequestId } = await quickstart()
    const posted = await edit.changeRequests.comments.create({ spaceId, changeRequestId, body: { markdown: 'Bye' } })
    const reply = await review.changeRequests.comments.replies.create({
      spaceId,
      changeRequestId,
      commentId: posted.id,
      body: { markdown: 'Ok' },
    })
    const { count } = await admin.changeRequests.comments.list({ spaceId, changeRequestId })
    await rejects(
      comment.changeRequests.comments.delete({ spaceId, changeRequestId, commentId: posted.id }),
      403,
      /Only the author or an admin/,
    )
    await rejects(review.changeRequests.comments.delete({ spaceId, changeRequestId, commentId: posted.id }), 403)
    expect(await edit.changeRequests.comments.delete({ spaceId, changeRequestId, commentId: posted.id })).toBeUndefined()
    await rejects(admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId: posted.id }), 404)
    await rejects(
      admin.changeRequests.comments.replies.get({ spaceId, changeRequestId, commentId: posted.id, commentReplyId: reply.id }),
      404,
    )
    expect((await admin.changeRequests.comments.list({ spaceId, changeRequestId })).count).toBe(count - 1)
    await rejects(admin.changeRequests.comments.delete({ spaceId, changeRequestId, commentId: posted.id }), 404)
  })
})
