import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { rejects } from './support.ts'

describe('reactions on comments (spaces.comments.update)', () => {
  it("adds and removes the caller's reactions; counts and users stay exact, a second add counts once", async () => {
    const { comment, edit, admin, platform, demo } = await setup({ freeze: true })
    const spaceId = demo.spaces.changelog
    const { id: commentId } = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Ship it?' } })
    platform.clock.advance('1m')
    const t1 = platform.clock.now().toISOString()
    await comment.spaces.comments.update({ spaceId, commentId, addedReactions: ['👍', '🚀'] })
    platform.clock.advance('1m')
    const t2 = platform.clock.now().toISOString()
    const both = await edit.spaces.comments.update({ spaceId, commentId, addedReactions: ['👍'] })
    const user = (id: string, displayName: string) => expect.objectContaining({ object: 'user', id, displayName })
    expect(both.reactions).toEqual([
      {
        emoji: '👍',
        count: 2,
        users: [
          { user: user(demo.users.comment, 'Cora Commenter'), reactedAt: t1 },
          { user: user(demo.users.edit, 'Eddie Editor'), reactedAt: t2 },
        ],
      },
      { emoji: '🚀', count: 1, users: [{ user: user(demo.users.comment, 'Cora Commenter'), reactedAt: t1 }] },
    ])
    // Adding again keeps the first reaction and its time.
    platform.clock.advance('1m')
    const again = await comment.spaces.comments.update({ spaceId, commentId, addedReactions: ['👍', '👍'] })
    expect(again.reactions).toEqual(both.reactions)
    // Removing one you do not have changes nothing; removing the last user's drops the emoji.
    await admin.spaces.comments.update({ spaceId, commentId, removedReactions: ['👍', '🎉'] })
    const removed = await comment.spaces.comments.update({ spaceId, commentId, removedReactions: ['👍', '🚀'] })
    expect(removed.reactions).toEqual([{ emoji: '👍', count: 1, users: [{ user: user(demo.users.edit, 'Eddie Editor'), reactedAt: t2 }] }])
    const read = await admin.spaces.comments.get({ spaceId, commentId })
    expect(read.reactions).toEqual(removed.reactions)
    // Reactions are not edits.
    expect(read).not.toHaveProperty('editedAt')
  })

  it('refuses reactions that are not strings, empty, longer than 50 characters, or too many', async () => {
    const { comment, admin, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const { id: commentId } = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Hi' } })
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId, addedReactions: [1] as never }),
      400,
      /body\.addedReactions\.0: expected string, got number/,
    )
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId, addedReactions: [{ emoji: '👍' }] as never }),
      400,
      /body\.addedReactions\.0: expected string/,
    )
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId, removedReactions: [null] as never }),
      400,
      /body\.removedReactions\.0: expected string, got null/,
    )
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId, addedReactions: ['👍', ''] }),
      400,
      /body\.addedReactions\.1: must not be empty/,
    )
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId, addedReactions: ['x'.repeat(51)] }),
      400,
      /body\.addedReactions\.0: must be at most 50 characters/,
    )
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId, addedReactions: Array.from({ length: 51 }, (_, i) => `e${i}`) }),
      400,
      /body\.addedReactions: must have at most 50 items/,
    )
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId, addedReactions: '👍' as never }),
      400,
      /body\.addedReactions: expected array, got string/,
    )
    // 50 characters is fine.
    expect((await comment.spaces.comments.update({ spaceId, commentId, addedReactions: ['y'.repeat(50)] })).reactions?.[0]?.emoji).toBe(
      'y'.repeat(50),
    )
    expect((await admin.spaces.comments.get({ spaceId, commentId })).reactions).toHaveLength(1)
  })

  it('needs the comment permission to react', async () => {
    const { comment, read, outsider, admin, demo } = await setup()
    const spaceId = demo.spaces.guide
    const { id: commentId } = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Hi' } })
    await rejects(read.spaces.comments.update({ spaceId, commentId, addedReactions: ['👍'] }), 403, /permission "comment"/)
    await rejects(outsider.spaces.comments.update({ spaceId, commentId, addedReactions: ['👍'] }), 403, /permission "comment"/)
    expect((await admin.spaces.comments.get({ spaceId, commentId })).reactions).toEqual([])
  })
})

describe('reactions on replies (spaces.comments.replies.update, changeRequests.comments.replies.update)', () => {
  it('keeps reply reactions per emoji and user, apart from the comment', async () => {
    const { comment, edit, review, admin, platform, demo } = await setup({ freeze: true })
    const spaceId = demo.spaces.changelog
    const { id: commentId } = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Q' } })
    const reply = await edit.spaces.comments.replies.create({ spaceId, commentId, body: { markdown: 'A' } })
    const id = { spaceId, commentId, commentReplyId: reply.id }
    platform.clock.advance('1m')
    await comment.spaces.comments.replies.update({ ...id, addedReactions: ['🙏'] })
    await review.spaces.comments.replies.update({ ...id, addedReactions: ['🙏', '🙏'] })
    const read = await admin.spaces.comments.replies.get(id)
    expect(read.reactions).toMatchObject([
      { emoji: '🙏', count: 2, users: [{ user: { id: demo.users.comment } }, { user: { id: demo.users.review } }] },
    ])
    expect((await admin.spaces.comments.get({ spaceId, commentId })).reactions).toEqual([])
    await comment.spaces.comments.replies.update({ ...id, removedReactions: ['🙏'] })
    expect((await admin.spaces.comments.replies.get(id)).reactions).toMatchObject([
      { emoji: '🙏', count: 1, users: [{ user: { id: demo.users.review } }] },
    ])
    await rejects(comment.spaces.comments.replies.update({ ...id, addedReactions: ['z'.repeat(51)] }), 400, /body\.addedReactions\.0/)

    const changeRequestId = platform.db.changeRequests.findMany((q) => q.where({ space: demo.spaces.guide }))[0]!.id
    const onCr = await review.changeRequests.comments.create({ spaceId: demo.spaces.guide, changeRequestId, body: { markdown: 'Q' } })
    const crReply = await edit.changeRequests.comments.replies.create({
      spaceId: demo.spaces.guide,
      changeRequestId,
      commentId: onCr.id,
      body: { markdown: 'A' },
    })
    const crId = { spaceId: demo.spaces.guide, changeRequestId, commentId: onCr.id, commentReplyId: crReply.id }
    await review.changeRequests.comments.replies.update({ ...crId, addedReactions: ['✅'] })
    expect((await admin.changeRequests.comments.replies.get(crId)).reactions).toMatchObject([
      { emoji: '✅', count: 1, users: [{ user: { id: demo.users.review } }] },
    ])
    await rejects(
      review.changeRequests.comments.replies.update({ ...crId, addedReactions: [true] as never }),
      400,
      /body\.addedReactions\.0: expected string, got boolean/,
    )
  })
})
