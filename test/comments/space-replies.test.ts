import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { rejects } from './support.ts'

async function thread() {
  const demo = await setup({ freeze: true })
  const spaceId = demo.demo.spaces.guide
  const comment = await demo.comment.spaces.comments.create({ spaceId, body: { markdown: 'Question' } })
  return { ...demo, spaceId, commentId: comment.id }
}

describe('spaces.comments.replies.create', () => {
  it('replies as the caller and counts the reply on the comment', async () => {
    const { edit, admin, platform, demo, spaceId, commentId } = await thread()
    platform.clock.advance('10m')
    const postedAt = platform.clock.now().toISOString()
    const reply = await edit.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'Answer' } })
    expect(reply).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: demo.users.edit, displayName: 'Eddie Editor' },
      postedAt,
      body: { markdown: 'Answer' },
      reactions: [],
      urls: { location: `${platform.baseUrl}/v1/spaces/${spaceId}/comments/${commentId}/replies/${reply.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    })
    expect(reply).not.toHaveProperty('editedAt')
    expect(await admin.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: reply.id })).toMatchObject({
      id: reply.id,
      body: { markdown: 'Answer' },
    })
    expect((await admin.spaces.comments.get({ spaceId, commentId })).replies).toBe(1)
    await admin.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'Another' } })
    expect((await admin.spaces.comments.get({ spaceId, commentId })).replies).toBe(2)
  })

  it('refuses readers, strangers, unknown comments and blank bodies, and counts nothing', async () => {
    const { read, outsider, admin, anonymous, demo, spaceId, commentId } = await thread()
    await rejects(read.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'No' } }), 403, /permission "comment"/)
    await rejects(outsider.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'No' } }), 403, /permission "comment"/)
    await rejects(anonymous.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'No' } }), 401)
    await rejects(
      admin.spaces.comments.replies.create({ spaceId, commentId: 'missing', body: { markdown: 'No' } }),
      404,
      /Comment missing not found/,
    )
    await rejects(
      admin.spaces.comments.replies.create({ spaceId: demo.spaces.changelog, commentId, body: { markdown: 'No' } }),
      404,
      /Comment .* not found/,
    )
    await rejects(admin.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: '' } }), 400, 'body.body.markdown')
    expect((await admin.spaces.comments.get({ spaceId, commentId })).replies).toBe(0)
  })
})

describe('spaces.comments.replies.get', () => {
  it('reads a reply of this comment only: a reply ID under another comment is a 404', async () => {
    const { admin, edit, comment, outsider, anonymous, demo, spaceId, commentId } = await thread()
    const other = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Other' } })
    const reply = await edit.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'Answer' } })
    expect((await comment.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: reply.id })).permissions).toEqual({
      view: true,
      edit: false,
      reply: true,
      delete: false,
    })
    expect((await admin.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: reply.id })).permissions).toEqual({
      view: true,
      edit: false,
      reply: true,
      delete: true,
    })
    await rejects(outsider.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: reply.id }), 403, /permission "comment"/)
    await rejects(
      admin.spaces.comments.replies.get({ spaceId, commentId: other.id, commentReplyId: reply.id }),
      404,
      new RegExp(`Reply ${reply.id} not found on comment ${other.id}`),
    )
    await rejects(admin.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: 'missing' }), 404, /Reply missing not found/)
    await rejects(
      admin.spaces.comments.replies.get({ spaceId: demo.spaces.changelog, commentId, commentReplyId: reply.id }),
      404,
      /Comment/,
    )
    await rejects(anonymous.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: reply.id }), 401)
  })
})

describe('spaces.comments.replies.update', () => {
  it("lets the author edit the body and anyone who may comment react; the comment's status is not the reply's to change", async () => {
    const { admin, edit, comment, platform, demo, spaceId, commentId } = await thread()
    const reply = await edit.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'Teh answer' } })
    platform.clock.advance('1m')
    const editedAt = platform.clock.now().toISOString()
    const edited = await edit.spaces.comments.replies.update({
      spaceId,
      commentId,
      commentReplyId: reply.id,
      body: { markdown: 'The answer' },
    })
    expect(edited).toMatchObject({ body: { markdown: 'The answer' }, editedAt, postedAt: reply.postedAt })
    platform.clock.advance('1m')
    const reacted = await comment.spaces.comments.replies.update({ spaceId, commentId, commentReplyId: reply.id, addedReactions: ['🙏'] })
    expect(reacted.reactions).toEqual([
      {
        emoji: '🙏',
        count: 1,
        users: [{ user: expect.objectContaining({ id: demo.users.comment }), reactedAt: platform.clock.now().toISOString() }],
      },
    ])
    expect(reacted.editedAt).toBe(editedAt)
    // Space replies take no `resolved`: the field is not part of the operation, so the update asks for nothing.
    await rejects(
      admin.spaces.comments.replies.update({ spaceId, commentId, commentReplyId: reply.id, resolved: true } as never),
      400,
      /give at least one of body, addedReactions, removedReactions/,
    )
    expect((await admin.spaces.comments.get({ spaceId, commentId })).status).toBe('open')
    expect(await admin.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: reply.id })).toMatchObject({
      body: { markdown: 'The answer' },
      editedAt,
    })
  })

  it('refuses body edits by others, readers, other comments and bad bodies', async () => {
    const { admin, edit, comment, read, anonymous, spaceId, commentId } = await thread()
    const other = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Other' } })
    const reply = await edit.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'Answer' } })
    const id = { spaceId, commentId, commentReplyId: reply.id }
    await rejects(
      admin.spaces.comments.replies.update({ ...id, body: { markdown: 'Mine now' } }),
      403,
      /Only the author can edit the body of reply/,
    )
    await rejects(comment.spaces.comments.replies.update({ ...id, body: { markdown: 'Mine now' } }), 403, /Only the author/)
    await rejects(read.spaces.comments.replies.update({ ...id, addedReactions: ['👍'] }), 403, /permission "comment"/)
    await rejects(anonymous.spaces.comments.replies.update({ ...id, addedReactions: ['👍'] }), 401)
    await rejects(
      edit.spaces.comments.replies.update({ ...id, commentId: other.id, body: { markdown: 'x' } }),
      404,
      /Reply .* not found on comment/,
    )
    await rejects(edit.spaces.comments.replies.update({ ...id, body: { markdown: '\n' } }), 400, 'body.body.markdown')
    await rejects(edit.spaces.comments.replies.update({ ...id, addedReactions: 'x' as never }), 400, /body\.addedReactions: expected array/)
    expect(await admin.spaces.comments.replies.get(id)).toMatchObject({ body: { markdown: 'Answer' }, reactions: [] })
  })
})

describe('spaces.comments.replies.delete', () => {
  it('deletes for the author or an admin; the replies count follows', async () => {
    const { admin, edit, comment, read, anonymous, spaceId, commentId } = await thread()
    const first = await edit.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'One' } })
    const second = await edit.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'Two' } })
    await rejects(
      comment.spaces.comments.replies.delete({ spaceId, commentId, commentReplyId: first.id }),
      403,
      /Only the author or an admin/,
    )
    await rejects(read.spaces.comments.replies.delete({ spaceId, commentId, commentReplyId: first.id }), 403, /permission "comment"/)
    await rejects(anonymous.spaces.comments.replies.delete({ spaceId, commentId, commentReplyId: first.id }), 401)
    await rejects(admin.spaces.comments.replies.delete({ spaceId, commentId, commentReplyId: 'missing' }), 404)
    expect((await admin.spaces.comments.get({ spaceId, commentId })).replies).toBe(2)

    expect(await edit.spaces.comments.replies.delete({ spaceId, commentId, commentReplyId: first.id })).toBeUndefined()
    expect((await admin.spaces.comments.get({ spaceId, commentId })).replies).toBe(1)
    await rejects(admin.spaces.comments.replies.get({ spaceId, commentId, commentReplyId: first.id }), 404)
    await admin.spaces.comments.replies.delete({ spaceId, commentId, commentReplyId: second.id })
    expect((await admin.spaces.comments.get({ spaceId, commentId })).replies).toBe(0)
  })
})
