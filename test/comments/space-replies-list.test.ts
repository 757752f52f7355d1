import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { createClient } from '../../src/index.ts'
import { all, bodies, rejects } from './support.ts'

/** A space with one comment and three replies, and clients for a commenter, a reader and a stranger. */
async function thread() {
  const platform = createMockPlatform({ scenario: 'empty', freeze: true })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Org' })
  const writer = await b.user({ organization: org.id, role: 'comment' })
  const reader = await b.user({ organization: org.id, role: 'read' })
  const stranger = await b.user()
  const space = await b.space({ organization: org.id, title: 'Docs' })
  const comment = await b.comment({ space: space.id, postedBy: writer.user.id, markdown: 'Question' })
  for (const markdown of ['One', 'Two', 'Three']) await b.commentReply({ comment: comment.id, postedBy: writer.user.id, markdown })
  const client = (token: string) => createClient({ token, fetch: platform.fetch, retry: 0 })
  return {
    platform,
    spaceId: space.id,
    commentId: comment.id,
    writer: client(writer.token),
    reader: client(reader.token),
    stranger: client(stranger.token),
  }
}

describe('spaces.comments.replies.list (an addition: the live service lists a space comment`s replies)', () => {
  it('lists the replies oldest first, pages them and counts them all', async () => {
    const { writer, spaceId, commentId } = await thread()
    const first = await writer.spaces.comments.replies.list({ spaceId, commentId, limit: 2 })
    expect(first.count).toBe(3)
    expect(bodies(first.items)).toEqual(['One', 'Two'])
    expect(first.items.every((r) => r.object === 'comment-reply')).toBe(true)
    const second = await first.getNextPage()
    expect(bodies(second.items)).toEqual(['Three'])
    expect(second.hasNextPage()).toBe(false)
    expect(bodies(await all(writer.spaces.comments.replies.list({ spaceId, commentId, limit: 1 })))).toEqual(['One', 'Two', 'Three'])
    const documents = await writer.spaces.comments.replies.list({ spaceId, commentId, format: 'document' })
    expect(documents.items[0]!.body).toMatchObject({ document: { object: 'document' } })
  })

  it('refuses readers (discussions need the comment role), strangers, unknown comments and bad limits', async () => {
    const { reader, stranger, writer, spaceId, commentId } = await thread()
    await rejects(reader.spaces.comments.replies.list({ spaceId, commentId }), 403, /permission "comment"/)
    await rejects(stranger.spaces.comments.replies.list({ spaceId, commentId }), 404)
    await rejects(writer.spaces.comments.replies.list({ spaceId, commentId: 'nope' }), 404)
    await rejects(writer.spaces.comments.replies.list({ spaceId, commentId, limit: 0 }), 400, 'query.limit')
  })
})
