import { describe, expect, it } from 'vitest'
import { setup } from '../helpers.ts'
import { all, bodies, rejects } from './support.ts'

/**
 * Five comments on the changelog, an hour apart: one (Cora), two (Eddie, resolved), three (Rita),
 * four (Cora, resolved), five (Ada).
 */
async function discussed() {
  const demo = await setup({ freeze: true })
  const { platform } = demo
  const spaceId = demo.demo.spaces.changelog
  const u = demo.demo.users
  const posts: Array<[string, string, string?]> = [
    ['one', u.comment],
    ['two', u.edit, u.admin],
    ['three', u.review],
    ['four', u.comment, u.edit],
    ['five', u.admin],
  ]
  const ids: Record<string, string> = {}
  for (const [markdown, postedBy, resolvedBy] of posts) {
    platform.clock.advance('1h')
    ids[markdown] = (await platform.builders.comment({ space: spaceId, postedBy, markdown, resolvedBy })).id
  }
  return { ...demo, spaceId, ids }
}

describe('spaces.comments.list', () => {
  it('lists newest first by default, oldest first with order=asc', async () => {
    const { comment, spaceId } = await discussed()
    const newest = await comment.spaces.comments.list({ spaceId })
    expect(bodies(newest.items)).toEqual(['five', 'four', 'three', 'two', 'one'])
    expect(newest.count).toBe(5)
    expect(newest.hasNextPage()).toBe(false)
    expect(bodies((await comment.spaces.comments.list({ spaceId, order: 'desc' })).items)).toEqual(['five', 'four', 'three', 'two', 'one'])
    expect(bodies((await comment.spaces.comments.list({ spaceId, order: 'asc' })).items)).toEqual(['one', 'two', 'three', 'four', 'five'])
  })

  it('filters by status', async () => {
    const { comment, spaceId } = await discussed()
    const open = await comment.spaces.comments.list({ spaceId, status: 'open' })
    expect(bodies(open.items)).toEqual(['five', 'three', 'one'])
    expect(open.count).toBe(3)
    expect(open.items.every((c) => c.status === 'open')).toBe(true)
    const resolved = await comment.spaces.comments.list({ spaceId, status: 'resolved', order: 'asc' })
    expect(bodies(resolved.items)).toEqual(['two', 'four'])
    expect(resolved.items.every((c) => c.status === 'resolved' && c.resolvedBy !== undefined)).toBe(true)
    expect((await comment.spaces.comments.list({ spaceId, status: 'all' })).count).toBe(5)
  })

  it('filters by one author or several (repeated authors=), alone or with a status', async () => {
    const { comment, platform, demo, spaceId } = await discussed()
    const u = demo.users
    expect(bodies((await comment.spaces.comments.list({ spaceId, authors: [u.comment] })).items)).toEqual(['four', 'one'])
    const several = await comment.spaces.comments.list({ spaceId, authors: [u.comment, u.edit] })
    expect(bodies(several.items)).toEqual(['four', 'two', 'one'])
    expect(several.count).toBe(3)
    expect(new URL(platform.requests.last()!.url).searchParams.getAll('authors')).toEqual([u.comment, u.edit])
    expect(bodies((await comment.spaces.comments.list({ spaceId, authors: [u.comment, u.comment] })).items)).toEqual(['four', 'one'])
    expect(
      bodies((await comment.spaces.comments.list({ spaceId, authors: [u.comment, u.admin], status: 'open', order: 'asc' })).items),
    ).toEqual(['one', 'five'])
    const nobody = await comment.spaces.comments.list({ spaceId, authors: [u.guest] })
    expect(nobody).toMatchObject({ items: [], count: 0 })
  })

  it('filters by target page: no comment of the changelog is on a page', async () => {
    const { comment, spaceId } = await discussed()
    expect(await comment.spaces.comments.list({ spaceId, targetPage: 'some-page' })).toMatchObject({ items: [], count: 0 })
  })

  it('pages with a cursor that survives comments added and deleted meanwhile', async () => {
    const { comment, admin, ids, spaceId } = await discussed()
    const first = await comment.spaces.comments.list({ spaceId, limit: 2 })
    expect(bodies(first.items)).toEqual(['five', 'four'])
    expect(first.count).toBe(5)
    await comment.spaces.comments.create({ spaceId, body: { markdown: 'six' } })
    await admin.spaces.comments.delete({ spaceId, commentId: ids.three! })
    const second = await first.getNextPage()
    expect(bodies(second.items)).toEqual(['two', 'one'])
    expect(second.count).toBe(5)
    expect(second.hasNextPage()).toBe(false)
    expect(bodies(await all(comment.spaces.comments.list({ spaceId, limit: 1, order: 'asc' })))).toEqual([
      'one',
      'two',
      'four',
      'five',
      'six',
    ])
    expect(bodies(await all(comment.spaces.comments.list({ spaceId, limit: 1, status: 'open' })))).toEqual(['six', 'five', 'one'])
  })

  it("refuses another list's cursor, foreign cursors and out-of-range values, naming the parameter", async () => {
    const { comment, anonymous, outsider, demo, spaceId } = await discussed()
    const first = await comment.spaces.comments.list({ spaceId, limit: 2 })
    const cursor = first.next!.page
    await rejects(
      comment.spaces.comments.list({ spaceId, status: 'open', page: cursor }),
      400,
      /query\.page: not a page cursor of this list/,
    )
    await rejects(comment.spaces.comments.list({ spaceId, order: 'asc', page: cursor }), 400, /query\.page/)
    await rejects(comment.spaces.comments.list({ spaceId: demo.spaces.guide, page: cursor }), 400, /query\.page/)
    await rejects(comment.spaces.comments.list({ spaceId, page: 'garbage!' }), 400, /query\.page/)
    await rejects(comment.spaces.comments.list({ spaceId, limit: 1001 }), 400, /query\.limit: must be at most 1000/)
    await rejects(
      comment.spaces.comments.list({ spaceId, status: 'closed' as never }),
      400,
      /query\.status: must be one of: "all", "open", "resolved"/,
    )
    await rejects(comment.spaces.comments.list({ spaceId, order: 'up' as never }), 400, /query\.order/)
    await rejects(comment.spaces.comments.list({ spaceId, format: 'html' as never }), 400, /query\.format/)
    await rejects(
      comment.spaces.comments.list({ spaceId, authors: Array.from({ length: 101 }, (_, i) => `u${i}`) }),
      400,
      /query\.authors: must have at most 100 items/,
    )
    await rejects(comment.spaces.comments.list({ spaceId, targetPage: '' }), 400, /query\.targetPage/)
    await rejects(outsider.spaces.comments.list({ spaceId: demo.spaces.handbook }), 404)
    await rejects(anonymous.spaces.comments.list({ spaceId }), 401)
  })

  it('returns bodies as documents with format=document, as markdown otherwise', async () => {
    const { comment, spaceId } = await discussed()
    const docs = await comment.spaces.comments.list({ spaceId, format: 'document', limit: 1 })
    expect(docs.items[0]!.body).toEqual({
      document: {
        object: 'document',
        nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', text: 'five', marks: [] }] }],
      },
    })
    expect((await comment.spaces.comments.list({ spaceId, format: 'markdown', limit: 1 })).items[0]!.body).toEqual({ markdown: 'five' })
  })
})

describe('changeRequests.comments.list', () => {
  it('orders, filters and pages the comments of one change request only', async () => {
    const { comment, platform, demo } = await setup({ freeze: true })
    const spaceId = demo.spaces.guide
    const u = demo.users
    const changeRequest = platform.db.changeRequests.findMany((q) => q.where({ space: spaceId }))[1]!
    const changeRequestId = changeRequest.id
    // The demo has one comment on this change request (by Eddie); three more an hour apart.
    for (const [markdown, postedBy, resolvedBy] of [
      ['a', u.comment],
      ['b', u.review, u.admin],
      ['c', u.comment],
    ] as const) {
      platform.clock.advance('1h')
      await platform.builders.comment({ space: spaceId, changeRequest: changeRequest.number, postedBy, markdown, resolvedBy })
    }
    const everything = await comment.changeRequests.comments.list({ spaceId, changeRequestId, order: 'asc' })
    expect(everything.count).toBe(4)
    expect(bodies(everything.items).slice(1)).toEqual(['a', 'b', 'c'])
    expect(everything.items.every((c) => c.target?.changeRequest === changeRequestId)).toBe(true)
    expect(
      bodies(
        (await comment.changeRequests.comments.list({ spaceId, changeRequestId: String(changeRequest.number), authors: [u.comment] }))
          .items,
      ),
    ).toEqual(['c', 'a'])
    expect(bodies((await comment.changeRequests.comments.list({ spaceId, changeRequestId, status: 'resolved' })).items)).toEqual(['b'])
    expect(
      bodies(
        (await comment.changeRequests.comments.list({ spaceId, changeRequestId, status: 'open', authors: [u.comment, u.review] })).items,
      ),
    ).toEqual(['c', 'a'])
    expect(await comment.changeRequests.comments.list({ spaceId, changeRequestId, targetPage: 'nowhere' })).toMatchObject({
      count: 0,
      items: [],
    })
    const paged = await comment.changeRequests.comments.list({ spaceId, changeRequestId, limit: 3 })
    expect(bodies(paged.items)).toEqual(['c', 'b', 'a'])
    expect(paged.count).toBe(4)
    expect((await paged.getNextPage()).items).toHaveLength(1)
    expect(
      (await comment.changeRequests.comments.list({ spaceId, changeRequestId, format: 'document', limit: 1 })).items[0]!.body,
    ).toHaveProperty('document')
    await rejects(comment.changeRequests.comments.list({ spaceId, changeRequestId: '42' }), 404, /Change request 42 not found/)
  })
})
