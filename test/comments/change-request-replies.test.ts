import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { all, bodies, rejects } from './support.ts'

async function thread() {
  const demo = await setup({ freeze: true })
  const spaceId = demo.demo.spaces.guide
  const changeRequestId = demo.platform.db.changeRequests.findMany((q) => q.where({ space: spaceId }))[0]!.id
  const comment = await demo.review.changeRequests.comments.create({ spaceId, changeRequestId, body: { markdown: 'Split this?' } })
  return { ...demo, spaceId, changeRequestId, commentId: comment.id }
}

describe('changeRequests.comments.replies.list', () => {
  it('lists the replies oldest first, pages them, and counts them all', async () => {
    const { edit, review, admin, comment, spaceId, changeRequestId, commentId } = await thread()
    for (const [client, markdown] of [
      [edit, 'One'],
      [review, 'Two'],
      [edit, 'Three'],
    ] as const) {
      await client.changeRequests.comments.replies.create({ spaceId, changeRequestId, commentId, body: { markdown } })
    }
    const first = await comment.changeRequests.comments.replies.list({ spaceId, changeRequestId, commentId, limit: 2 })
    expect(first.count).toBe(3)
    expect(bodies(first.items)).toEqual(['One', 'Two'])
    expect(first.items.every((r) => r.object === 'comment-reply')).toBe(true)
    expect(first.hasNextPage()).toBe(true)
    const second = await first.getNextPage()
    expect(bodies(second.items)).toEqual(['Three'])
    expect(second.hasNextPage()).toBe(false)
    expect(bodies(await all(admin.changeRequests.comments.replies.list({ spaceId, changeRequestId, commentId, limit: 1 })))).toEqual([
      'One',
      'Two',
      'Three',
    ])
    expect((await admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId })).replies).toBe(3)
  })

  it('returns document bodies with format=document', async () => {
    const { edit, admin, spaceId, changeRequestId, commentId } = await thread()
    await edit.changeRequests.comments.replies.create({ spaceId, changeRequestId, commentId, body: { markdown: 'Yes **please**' } })
    const { items } = await admin.changeRequests.comments.replies.list({ spaceId, changeRequestId, commentId, format: 'document' })
    expect(items[0]!.body).toEqual({
      document: {
        object: 'document',
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            nodes: [
              { object: 'text', text: 'Yes ', marks: [] },
              { object: 'text', text: 'please', marks: ['bold'] },
            ],
          },
        ],
      },
    })
  })

  it('refuses strangers, unknown comments, bad cursors and limits', async () => {
    const { admin, outsider, anonymous, demo, spaceId, changeRequestId, commentId } = await thread()
    await rejects(
      admin.changeRequests.comments.replies.list({ spaceId, changeRequestId, commentId: 'missing' }),
      404,
      /Comment missing not found/,
    )
    await rejects(outsider.changeRequests.comments.replies.list({ spaceId: demo.spaces.handbook, changeRequestId: '1', commentId }), 404)
    await rejects(anonymous.changeRequests.comments.replies.list({ spaceId, changeRequestId, commentId }), 401)
    await rejects(admin.changeRequests.comments.replies.list({ spaceId, changeRequestId, commentId, page: 'nope' }), 400, /query\.page/)
    await rejects(admin.changeRequests.comments.replies.list({ spaceId, changeRequestId, commentId, limit: 0 }), 400, /query\.limit/)
  })
})

describe('changeRequests.comments.replies.create / get', () => {
  it('posts a reply and reads it back; a reply ID under another comment is a 404', async () => {
    const { edit, admin, read, comment, anonymous, platform, demo, spaceId, changeRequestId, commentId } = await thread()
    const reply = await edit.changeRequests.comments.replies.create({ spaceId, changeRequestId, commentId, body: { markdown: 'Done' } })
    expect(reply).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: demo.users.edit },
      body: { markdown: 'Done' },
      urls: {
        location: `${platform.baseUrl}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments/${commentId}/replies/${reply.id}`,
      },
      permissions: { view: true, edit: true, reply: true, delete: true },
    })
    expect(
      await comment.changeRequests.comments.replies.get({ spaceId, changeRequestId, commentId, commentReplyId: reply.id }),
    ).toMatchObject({
      id: reply.id,
      body: { markdown: 'Done' },
      permissions: { view: true, edit: false, reply: true, delete: false },
    })
    await rejects(
      read.changeRequests.comments.replies.get({ spaceId, changeRequestId, commentId, commentReplyId: reply.id }),
      403,
      /permission "comment"/,
    )
    const other = await admin.changeRequests.comments.create({ spaceId, changeRequestId, body: { markdown: 'Other' } })
    await rejects(
      admin.changeRequests.comments.replies.get({ spaceId, changeRequestId, commentId: other.id, commentReplyId: reply.id }),
      404,
      /Reply .* not found on comment/,
    )
    await rejects(
      read.changeRequests.comments.replies.create({ spaceId, changeRequestId, commentId, body: { markdown: 'No' } }),
      403,
      /permission "comment"/,
    )
    await rejects(anonymous.changeRequests.comments.replies.get({ spaceId, changeRequestId, commentId, commentReplyId: reply.id }), 401)
    await rejects(
      admin.changeRequests.comments.replies.create({ spaceId, changeRequestId, commentId, body: {} as never }),
      400,
      /body\.body\.markdown: is required/,
    )
    expect((await admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId })).replies).toBe(1)
  })
})

describe('changeRequests.comments.replies.update', () => {
  it('edits the body (author), reacts, and resolves or reopens the thread with `resolved`', async () => {
    const { edit, review, admin, comment, platform, demo, spaceId, changeRequestId, commentId } = await thread()
    const reply = await edit.changeRequests.comments.replies.create({ spaceId, changeRequestId, commentId, body: { markdown: 'Fixed it' } })
    const id = { spaceId, changeRequestId, commentId, commentReplyId: reply.id }
    platform.clock.advance('2h')
    const at = platform.clock.now().toISOString()
    const updated = await edit.changeRequests.comments.replies.update({
      ...id,
      body: { markdown: 'Fixed it, see the diff' },
      resolved: true,
    })
    expect(updated).toMatchObject({ body: { markdown: 'Fixed it, see the diff' }, editedAt: at })
    expect(await admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId })).toMatchObject({
      status: 'resolved',
      resolvedAt: at,
      resolvedBy: { id: demo.users.edit },
    })
    await comment.changeRequests.comments.replies.update({ ...id, resolved: false })
    expect((await admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId })).status).toBe('open')
    const reacted = await review.changeRequests.comments.replies.update({ ...id, addedReactions: ['👍'] })
    expect(reacted.reactions).toMatchObject([{ emoji: '👍', count: 1, users: [{ user: { id: demo.users.review } }] }])
    await rejects(review.changeRequests.comments.replies.update({ ...id, body: { markdown: 'Mine' } }), 403, /Only the author/)
    await rejects(
      admin.changeRequests.comments.replies.update(id),
      400,
      /give at least one of resolved, body, addedReactions, removedReactions/,
    )
  })

  it('refuses readers wanting to resolve, and changes nothing', async () => {
    const { edit, read, admin, spaceId, changeRequestId, commentId } = await thread()
    const reply = await edit.changeRequests.comments.replies.create({ spaceId, changeRequestId, commentId, body: { markdown: 'x' } })
    await rejects(
      read.changeRequests.comments.replies.update({ spaceId, changeRequestId, commentId, commentReplyId: reply.id, resolved: true }),
      403,
    )
    expect((await admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId })).status).toBe('open')
  })
})

describe('changeRequests.comments.replies.delete', () => {
  it('deletes for the author or an admin and keeps the replies count exact', async () => {
    const { edit, review, admin, anonymous, spaceId, changeRequestId, commentId } = await thread()
    const a = await edit.changeRequests.comments.replies.create({ spaceId, changeRequestId, commentId, body: { markdown: 'a' } })
    const b = await edit.changeRequests.comments.replies.create({ spaceId, changeRequestId, commentId, body: { markdown: 'b' } })
    await rejects(
      review.changeRequests.comments.replies.delete({ spaceId, changeRequestId, commentId, commentReplyId: a.id }),
      403,
      /Only the author or an admin/,
    )
    await rejects(anonymous.changeRequests.comments.replies.delete({ spaceId, changeRequestId, commentId, commentReplyId: a.id }), 401)
    await edit.changeRequests.comments.replies.delete({ spaceId, changeRequestId, commentId, commentReplyId: a.id })
    await admin.changeRequests.comments.replies.delete({ spaceId, changeRequestId, commentId, commentReplyId: b.id })
    expect((await admin.changeRequests.comments.get({ spaceId, changeRequestId, commentId })).replies).toBe(0)
    expect((await admin.changeRequests.comments.replies.list({ spaceId, changeRequestId, commentId })).count).toBe(0)
    await rejects(admin.changeRequests.comments.replies.delete({ spaceId, changeRequestId, commentId, commentReplyId: b.id }), 404)
  })
})
