import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'

/**
 * Discussions follow the roles, over real HTTP: `read` is content only, `comment` is "the content
 * and its discussions". A reader, a guest without `comment` and an outsider on a public space get
 * 403 on every discussion read, as `permissions.comment: false` on the space says; on a space they
 * cannot see, 404. AI answers and search never quote a discussion either.
 */

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const WORD = 'zebracorn'

async function world() {
  const platform = createMockPlatform({ scenario: 'empty', freeze: true })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Acme', defaultRole: null })
  const admin = await b.user({ displayName: 'Ada', email: 'ada@acme.test', organization: org.id, role: 'admin' })
  const reader = await b.user({ displayName: 'Reed', organization: org.id, role: 'read' })
  const commenter = await b.user({ displayName: 'Cora', organization: org.id, role: 'comment' })
  const guest = await b.user({ displayName: 'Gus', organization: org.id, role: null })
  const other = await b.organization({ title: 'Globex' })
  const outsider = await b.user({ displayName: 'Olga', organization: other.id, role: 'admin' })
  const open = await b.space({ organization: org.id, title: 'Guide', visibility: 'public' })
  const closed = await b.space({ organization: org.id, title: 'Handbook', visibility: 'private' })
  await b.grant({ target: open.id, principal: guest.user.id, role: 'read' })
  await b.page({ space: open.id, title: 'Install', markdown: 'How to install the product.' })
  const cr = await b.changeRequest({ space: open.id, createdBy: admin.user.id })
  const comment = await b.comment({ space: open.id, postedBy: admin.user.id, markdown: `Internal: the ${WORD} launch slips to May` })
  const crComment = await b.comment({
    space: open.id,
    changeRequest: cr.id,
    postedBy: admin.user.id,
    markdown: `Do not merge before the ${WORD} review`,
  })
  server = await startMockServer({ platform })
  const as = (token: string) => async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server!.url}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    const text = await response.text()
    return { status: response.status, text, json: text ? JSON.parse(text) : undefined }
  }
  return {
    platform,
    org,
    open,
    closed,
    cr,
    comment,
    crComment,
    admin: as(admin.token),
    reader: as(reader.token),
    commenter: as(commenter.token),
    guest: as(guest.token),
    outsider: as(outsider.token),
  }
}

describe('discussions follow the roles', () => {
  it('answer 403 to readers, guests with read and outsiders on a public space, 404 where the space is hidden', async () => {
    const w = await world()
    const paths = [
      `/spaces/${w.open.id}/comments`,
      `/spaces/${w.open.id}/comments/${w.comment.id}`,
      `/spaces/${w.open.id}/commenters`,
      `/spaces/${w.open.id}/change-requests/${w.cr.id}/comments`,
      `/spaces/${w.open.id}/change-requests/${w.cr.id}/comments/${w.crComment.id}`,
      `/spaces/${w.open.id}/change-requests/${w.cr.id}/comments/${w.crComment.id}/replies`,
      `/spaces/${w.open.id}/change-requests/${w.cr.id}/commenters`,
    ]
    for (const [name, caller] of [
      ['reader', w.reader],
      ['guest', w.guest],
      ['outsider', w.outsider],
    ] as const) {
      const space = await caller('GET', `/spaces/${w.open.id}`)
      expect(space.status, name).toBe(200)
      expect(space.json.permissions.comment, name).toBe(false)
      for (const path of paths) {
        const answer = await caller('GET', path)
        expect([name, path, answer.status]).toEqual([name, path, 403])
        expect(answer.text).not.toContain(WORD)
        expect(answer.json.error.message).toContain('permission "comment"')
      }
      const posted = await caller('POST', `/spaces/${w.open.id}/comments`, { body: { markdown: 'hi' } })
      expect(posted.status).toBe(403)
    }
    expect((await w.outsider('GET', `/spaces/${w.closed.id}/comments`)).status).toBe(404)
    // Those who may comment read it all, with each comment's permissions.view true.
    for (const path of paths) expect((await w.commenter('GET', path)).status, path).toBe(200)
    const read = await w.commenter('GET', `/spaces/${w.open.id}/comments/${w.comment.id}`)
    expect(read.json.permissions).toEqual({ view: true, edit: false, reply: true, delete: false })
    expect((await w.commenter('GET', `/spaces/${w.open.id}`)).json.permissions.comment).toBe(true)
  })

  it('are never quoted by search or AI answers, whoever asks', async () => {
    const w = await world()
    for (const caller of [w.admin, w.reader, w.outsider]) {
      const search = await caller('GET', `/spaces/${w.open.id}/search?query=${WORD}`)
      expect(search.status).toBe(200)
      expect(search.json.count).toBe(0)
      expect(search.text).not.toContain(WORD)
    }
    const ask = await w.reader('POST', `/orgs/${w.org.id}/ask`, { query: `When does the ${WORD} launch happen?` })
    expect(ask.status).toBe(200)
    expect(ask.text).not.toContain('May')
    expect(JSON.stringify(ask.json.answer?.sources ?? [])).not.toContain(w.comment.id)
  })

  it('shows emails of authors only to those who may list the members, over the SDK too', async () => {
    const w = await world()
    const guestToken = [...w.platform.db.tokens.all()].find((t) => w.platform.db.users.get(t.user)?.displayName === 'Gus')!.id
    await w.platform.builders.grant({ target: w.open.id, principal: w.platform.db.tokens.get(guestToken)!.user, role: 'comment' })
    const guest = createClient({ baseUrl: server!.url, token: guestToken, retry: 0 })
    const comment = await guest.spaces.comments.get({ spaceId: w.open.id, commentId: w.comment.id })
    expect(comment.postedBy).toEqual({ object: 'user', id: comment.postedBy.id, displayName: 'Ada', urls: comment.postedBy.urls })
    const commenters = await guest.spaces.listCommenters({ spaceId: w.open.id })
    expect(commenters.items).toEqual([{ object: 'member', id: comment.postedBy.id, user: comment.postedBy }])
    const admin = await w.admin('GET', `/spaces/${w.open.id}/commenters`)
    expect(admin.json.items[0]).toMatchObject({ role: 'admin', user: { email: 'ada@acme.test' } })
  })
})
