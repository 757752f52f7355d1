import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { openCount, rejects } from './support.ts'

describe('spaces.comments.create', () => {
  it('posts a comment on the space, by the caller, on its current revision', async () => {
    const { comment, admin, platform, demo } = await setup({ freeze: true })
    const spaceId = demo.spaces.changelog
    expect(await openCount(admin, spaceId)).toBe(0)
    platform.clock.advance('1h')
    const now = platform.clock.now().toISOString()
    const space = await admin.spaces.get({ spaceId })
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Is **1.2** out yet?' } })
    expect(posted).toMatchObject({
      object: 'comment',
      postedBy: { object: 'user', id: demo.users.comment, displayName: 'Cora Commenter' },
      postedAt: now,
      body: { markdown: 'Is **1.2** out yet?' },
      status: 'open',
      replies: 0,
      reactions: [],
      target: { space: spaceId, revision: space.revision },
      urls: { location: `${platform.baseUrl}/v1/spaces/${spaceId}/comments/${posted.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    })
    for (const absent of ['editedAt', 'resolvedAt', 'resolvedBy']) expect(posted).not.toHaveProperty(absent)
    expect(posted.target).not.toHaveProperty('page')
    expect(posted.target).not.toHaveProperty('node')
    expect(posted.target).not.toHaveProperty('changeRequest')

    expect(await admin.spaces.comments.get({ spaceId, commentId: posted.id })).toMatchObject({
      id: posted.id,
      body: { markdown: 'Is **1.2** out yet?' },
    })
    expect(await openCount(admin, spaceId)).toBe(1)
    const { items, count } = await admin.spaces.comments.list({ spaceId })
    expect(count).toBe(1)
    expect(items.map((c) => c.id)).toEqual([posted.id])
  })

  it('needs the comment permission: readers, outsiders and deleted spaces are refused, strangers see nothing', async () => {
    const { read, outsider, admin, guest, anonymous, demo } = await setup()
    const markdown = 'Hello'
    await rejects(read.spaces.comments.create({ spaceId: demo.spaces.changelog, body: { markdown } }), 403, /permission "comment"/)
    await rejects(guest.spaces.comments.create({ spaceId: demo.spaces.changelog, body: { markdown } }), 403, /permission "comment"/)
    // A public space is readable by anyone with a token, but only its organization discusses it.
    await rejects(outsider.spaces.comments.create({ spaceId: demo.spaces.guide, body: { markdown } }), 403, /permission "comment"/)
    await rejects(outsider.spaces.comments.create({ spaceId: demo.spaces.handbook, body: { markdown } }), 404, /Space .* not found/)
    await rejects(admin.spaces.comments.create({ spaceId: demo.spaces.archive, body: { markdown } }), 403, /deleted/)
    await rejects(admin.spaces.comments.create({ spaceId: 'nope', body: { markdown } }), 404, /Space nope not found/)
    await rejects(anonymous.spaces.comments.create({ spaceId: demo.spaces.changelog, body: { markdown } }), 401)
    // The guest may comment where granted: the handbook.
    expect((await guest.spaces.comments.create({ spaceId: demo.spaces.handbook, body: { markdown } })).postedBy.id).toBe(demo.users.guest)
    expect(await openCount(admin, demo.spaces.changelog)).toBe(0)
    expect((await admin.spaces.comments.list({ spaceId: demo.spaces.changelog })).count).toBe(0)
  })

  it('lets a locked space be discussed: locking stops edits, not comments', async () => {
    const { comment, read, admin, demo } = await setup()
    const spaceId = demo.spaces.roadmap
    expect((await comment.spaces.get({ spaceId })).permissions).toMatchObject({ edit: false, comment: true })
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Is Q3 still on?' } })
    expect(posted.permissions).toEqual({ view: true, edit: true, reply: true, delete: true })
    await rejects(read.spaces.comments.create({ spaceId, body: { markdown: 'Me?' } }), 403, /permission "comment"/)
    expect(await openCount(admin, spaceId)).toBe(1)
  })

  it('refuses an empty, blank, missing or oversized body, naming the field', async () => {
    const { comment, admin, demo } = await setup()
    const spaceId = demo.spaces.changelog
    await rejects(comment.spaces.comments.create({ spaceId, body: { markdown: '' } }), 400, 'body.body.markdown')
    await rejects(comment.spaces.comments.create({ spaceId, body: { markdown: ' \n\t ' } }), 400, /body\.body\.markdown: must not be blank/)
    await rejects(comment.spaces.comments.create({ spaceId } as never), 400, /body\.body: is required/)
    await rejects(
      comment.spaces.comments.create({ spaceId, body: { markdown: 'x'.repeat(65_537) } }),
      400,
      /body\.body\.markdown: must be at most 65536/,
    )
    await rejects(
      comment.spaces.comments.create({ spaceId, body: { markdown: 42 } } as never),
      400,
      /body\.body\.markdown: expected string/,
    )
    expect(await openCount(admin, spaceId)).toBe(0)
  })
})

describe('spaces.comments.get', () => {
  it("reports the caller's permissions: body edits for the author, deletion for the author and admins", async () => {
    const { comment, admin, edit, read, outsider, demo } = await setup()
    const spaceId = demo.spaces.guide
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Mine' } })
    const as = async (client: typeof admin) => (await client.spaces.comments.get({ spaceId, commentId: posted.id })).permissions
    expect(await as(comment)).toEqual({ view: true, edit: true, reply: true, delete: true })
    expect(await as(admin)).toEqual({ view: true, edit: false, reply: true, delete: true })
    expect(await as(edit)).toEqual({ view: true, edit: false, reply: true, delete: false })
    // Readers (and outsiders on a public space) see the content, not its discussions.
    await rejects(read.spaces.comments.get({ spaceId, commentId: posted.id }), 403, /permission "comment"/)
    await rejects(outsider.spaces.comments.get({ spaceId, commentId: posted.id }), 403, /permission "comment"/)
  })

  it('answers 404 for unknown comments, comments of other spaces or of change requests, and hidden spaces', async () => {
    const { comment, admin, outsider, anonymous, platform, demo } = await setup()
    const onGuide = await comment.spaces.comments.create({ spaceId: demo.spaces.guide, body: { markdown: 'Here' } })
    const onChangeRequest = await platform.builders.comment({
      space: demo.spaces.guide,
      changeRequest: 1,
      postedBy: demo.users.edit,
      markdown: 'On the CR',
    })
    await rejects(
      admin.spaces.comments.get({ spaceId: demo.spaces.guide, commentId: 'missing' }),
      404,
      /Comment missing not found in space/,
    )
    await rejects(admin.spaces.comments.get({ spaceId: demo.spaces.changelog, commentId: onGuide.id }), 404, /Comment .* not found/)
    await rejects(admin.spaces.comments.get({ spaceId: demo.spaces.guide, commentId: onChangeRequest.id }), 404, /Comment .* not found/)
    await rejects(outsider.spaces.comments.get({ spaceId: demo.spaces.handbook, commentId: onGuide.id }), 404, /Space .* not found/)
    await rejects(anonymous.spaces.comments.get({ spaceId: demo.spaces.guide, commentId: onGuide.id }), 401)
    await rejects(
      admin.spaces.comments.get({ spaceId: demo.spaces.guide, commentId: onGuide.id, format: 'html' as never }),
      400,
      /query\.format: must be one of/,
    )
  })
})

describe('spaces.comments.update', () => {
  it('lets the author edit the body: editedAt is set, the rest stays', async () => {
    const { comment, admin, platform, demo } = await setup({ freeze: true })
    const spaceId = demo.spaces.changelog
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Frist!' } })
    platform.clock.advance('5m')
    const editedAt = platform.clock.now().toISOString()
    const edited = await comment.spaces.comments.update({ spaceId, commentId: posted.id, body: { markdown: 'First!' } })
    expect(edited).toMatchObject({ id: posted.id, body: { markdown: 'First!' }, postedAt: posted.postedAt, editedAt, status: 'open' })
    expect(await admin.spaces.comments.get({ spaceId, commentId: posted.id })).toMatchObject({ body: { markdown: 'First!' }, editedAt })
    // Saving the same text is not an edit.
    platform.clock.advance('5m')
    expect((await comment.spaces.comments.update({ spaceId, commentId: posted.id, body: { markdown: 'First!' } })).editedAt).toBe(editedAt)
  })

  it('refuses body edits by anyone but the author, even an admin, and changes nothing', async () => {
    const { comment, admin, edit, read, anonymous, demo } = await setup()
    const spaceId = demo.spaces.guide
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Original' } })
    await rejects(admin.spaces.comments.update({ spaceId, commentId: posted.id, body: { markdown: 'Hijacked' } }), 403, /Only the author/)
    await rejects(edit.spaces.comments.update({ spaceId, commentId: posted.id, body: { markdown: 'Hijacked' } }), 403, /Only the author/)
    // Resolving is allowed to the editor, but not together with a body edit that is not theirs.
    await rejects(
      edit.spaces.comments.update({ spaceId, commentId: posted.id, resolved: true, body: { markdown: 'x' } }),
      403,
      /Only the author/,
    )
    await rejects(read.spaces.comments.update({ spaceId, commentId: posted.id, resolved: true }), 403, /permission "comment"/)
    await rejects(read.spaces.comments.update({ spaceId, commentId: posted.id, addedReactions: ['👍'] }), 403, /permission "comment"/)
    await rejects(anonymous.spaces.comments.update({ spaceId, commentId: posted.id, resolved: true }), 401)
    await rejects(admin.spaces.comments.update({ spaceId, commentId: 'missing', resolved: true }), 404, /Comment missing not found/)
    const after = await admin.spaces.comments.get({ spaceId, commentId: posted.id })
    expect(after).toMatchObject({ body: { markdown: 'Original' }, status: 'open', reactions: [] })
    expect(after).not.toHaveProperty('editedAt')
  })

  it('resolves and reopens, moving the space count each way', async () => {
    const { comment, edit, admin, platform, demo } = await setup({ freeze: true })
    const spaceId = demo.spaces.changelog
    const a = await comment.spaces.comments.create({ spaceId, body: { markdown: 'A' } })
    await comment.spaces.comments.create({ spaceId, body: { markdown: 'B' } })
    expect(await openCount(admin, spaceId)).toBe(2)
    platform.clock.advance('1d')
    const resolvedAt = platform.clock.now().toISOString()
    const resolved = await edit.spaces.comments.update({ spaceId, commentId: a.id, resolved: true })
    expect(resolved).toMatchObject({ status: 'resolved', resolvedAt, resolvedBy: { id: demo.users.edit, displayName: 'Eddie Editor' } })
    expect(resolved).not.toHaveProperty('editedAt')
    expect(await openCount(admin, spaceId)).toBe(1)
    // Resolving again keeps who resolved it first.
    platform.clock.advance('1h')
    expect(await admin.spaces.comments.update({ spaceId, commentId: a.id, resolved: true })).toMatchObject({
      resolvedAt,
      resolvedBy: { id: demo.users.edit },
    })
    expect(await openCount(admin, spaceId)).toBe(1)

    const reopened = await comment.spaces.comments.update({ spaceId, commentId: a.id, resolved: false })
    expect(reopened.status).toBe('open')
    expect(reopened).not.toHaveProperty('resolvedAt')
    expect(reopened).not.toHaveProperty('resolvedBy')
    expect(await openCount(admin, spaceId)).toBe(2)
    expect((await admin.spaces.comments.get({ spaceId, commentId: a.id })).status).toBe('open')
  })

  it('refuses an update asking for nothing or for contradictory reactions', async () => {
    const { comment, admin, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown: 'A' } })
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId: posted.id }),
      400,
      /Invalid body: give at least one of resolved, body, addedReactions, removedReactions/,
    )
    await rejects(comment.spaces.comments.update({ spaceId, commentId: posted.id, body: { markdown: '  ' } }), 400, 'body.body.markdown')
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId: posted.id, resolved: 'yes' as never }),
      400,
      /body\.resolved: expected boolean/,
    )
    await rejects(
      comment.spaces.comments.update({ spaceId, commentId: posted.id, addedReactions: ['👍'], removedReactions: ['👍'], resolved: true }),
      400,
      /body\.addedReactions: "👍" is also in body\.removedReactions/,
    )
    expect(await admin.spaces.comments.get({ spaceId, commentId: posted.id })).toMatchObject({ status: 'open', reactions: [] })
  })
})

describe('spaces.comments.delete', () => {
  it('deletes a comment with its replies; the count and the list follow', async () => {
    const { comment, edit, admin, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const keep = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Keep' } })
    const drop = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Drop' } })
    const reply = await edit.spaces.comments.replies.create({ spaceId, commentId: drop.id, body: { markdown: 'Reply' } })
    expect(await openCount(admin, spaceId)).toBe(2)
    expect(await comment.spaces.comments.delete({ spaceId, commentId: drop.id })).toBeUndefined()
    await rejects(admin.spaces.comments.get({ spaceId, commentId: drop.id }), 404)
    await rejects(admin.spaces.comments.replies.get({ spaceId, commentId: drop.id, commentReplyId: reply.id }), 404)
    expect(await openCount(admin, spaceId)).toBe(1)
    expect((await admin.spaces.comments.list({ spaceId })).items.map((c) => c.id)).toEqual([keep.id])
    expect((await admin.spaces.comments.get({ spaceId, commentId: keep.id })).replies).toBe(0)
  })

  it('is for the author or a space admin; others get 403 and nothing goes', async () => {
    const { comment, edit, read, admin, anonymous, demo } = await setup()
    const spaceId = demo.spaces.guide
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Mine' } })
    await rejects(edit.spaces.comments.delete({ spaceId, commentId: posted.id }), 403, /Only the author or an admin/)
    await rejects(read.spaces.comments.delete({ spaceId, commentId: posted.id }), 403, /permission "comment"/)
    await rejects(anonymous.spaces.comments.delete({ spaceId, commentId: posted.id }), 401)
    await rejects(admin.spaces.comments.delete({ spaceId, commentId: 'missing' }), 404)
    expect((await admin.spaces.comments.get({ spaceId, commentId: posted.id })).id).toBe(posted.id)
    const before = await openCount(admin, spaceId)
    await admin.spaces.comments.delete({ spaceId, commentId: posted.id })
    expect(await openCount(admin, spaceId)).toBe(before! - 1)
  })

  it('deleting a resolved comment leaves the open count alone', async () => {
    const { comment, admin, demo } = await setup()
    const spaceId = demo.spaces.changelog
    const posted = await comment.spaces.comments.create({ spaceId, body: { markdown: 'Done' } })
    await comment.spaces.comments.update({ spaceId, commentId: posted.id, resolved: true })
    expect(await openCount(admin, spaceId)).toBe(0)
    await comment.spaces.comments.delete({ spaceId, commentId: posted.id })
    expect(await openCount(admin, spaceId)).toBe(0)
    expect((await admin.spaces.comments.list({ spaceId, status: 'resolved' })).count).toBe(0)
  })
})
