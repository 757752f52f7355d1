import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { capture, CaptureError } from '../../mock/node/index.ts'
import { createClient, type Client } from '../../src/index.ts'

/** A small world on `empty`: Acme (admin Ada, reader Reed) and Other (Ada only). */
async function world() {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const b = platform.builders
  const acme = await b.organization({ title: 'Acme', hostname: 'acme' })
  const other = await b.organization({ title: 'Other', hostname: 'other' })
  const ada = await b.user({ displayName: 'Ada Admin', organization: acme.id, role: 'admin' })
  await b.member(other.id, ada.user.id, 'admin')
  const reed = await b.user({ displayName: 'Reed Reader', organization: acme.id, role: 'read' })
  const guide = await b.space({ organization: acme.id, title: 'Guide', visibility: 'public' })
  const intro = await b.page({ space: guide.id, title: 'Intro', markdown: '# Intro\n\nWelcome to the guide.' })
  await b.page({ space: guide.id, title: 'Setup', markdown: 'Install it.', parent: intro.page })
  await b.comment({ space: guide.id, postedBy: ada.user.id, markdown: 'Looks good' })
  const secret = await b.space({ organization: other.id, title: 'Other secret' })
  const site = await b.site({ organization: acme.id, title: 'Docs' })
  await b.siteSpace({ site: site.id, space: guide.id })
  await b.shareLink({ site: site.id, name: 'Preview' })
  await b.translation({ organization: acme.id, title: 'French', languages: ['fr'] })
  const client = (token: string): Client => createClient({ token, fetch: platform.fetch, retry: 0 })
  return { platform, acme, other, ada, reed, guide, secret, site, client }
}

/** A platform serving a captured state. */
async function serve(state: Parameters<ReturnType<typeof createMockPlatform>['restore']>[0]) {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.restore(state)
  return platform
}

describe('capture() from code', () => {
  it('with a read-role token, the copy holds only what that user could see', async () => {
    const w = await world()
    const { state, tokens, summary } = await capture({ client: w.client(w.reed.token) })

    const ids = (table: string) => ((state.tables[table] ?? []) as Array<{ id: string }>).map((r) => r.id)
    expect(ids('organizations')).toEqual([w.acme.id])
    expect(ids('spaces')).toEqual([w.guide.id])
    expect(ids('shareLinks')).toEqual([])
    expect(summary.skipped.map((s) => s.reason)).toContainEqual(expect.stringMatching(/^403 /))
    // Nothing of the organization the reader is not in, not even its name.
    expect(JSON.stringify(state)).not.toContain('Other secret')
    expect(JSON.stringify(state)).not.toContain(w.other.id)

    // The reader's token of the copy reads what the reader read on the service.
    const mine = tokens.find((t) => t.capturing)!
    expect(mine.userId).toBe(w.reed.user.id)
    const copy = await serve(state)
    const there = createClient({ token: mine.token, fetch: copy.fetch, retry: 0 })
    const here = w.client(w.reed.token)
    // A reader sees the space's comment count but not the discussions (they need the comment
    // role), so the copy holds none: the one field of the space the reader cannot reproduce.
    const { comments: countThere, ...spaceThere } = await there.spaces.get({ spaceId: w.guide.id })
    const { comments: countHere, ...spaceHere } = await here.spaces.get({ spaceId: w.guide.id })
    expect(spaceThere).toEqual(spaceHere)
    expect([countHere, countThere]).toEqual([1, 0])
    expect((await there.orgs.list()).items).toEqual((await here.orgs.list()).items)
    expect(await there.spaces.content.listPages({ spaceId: w.guide.id })).toEqual(
      await here.spaces.content.listPages({ spaceId: w.guide.id }),
    )
    // Ada's token of the copy does not reach what only Ada could see on the service.
    const adaThere = createClient({ token: tokens.find((t) => t.userId === w.ada.user.id)!.token, fetch: copy.fetch, retry: 0 })
    await expect(adaThere.spaces.get({ spaceId: w.secret.id })).rejects.toMatchObject({ status: 404 })
    // The service's tokens do not work against the copy.
    await expect(createClient({ token: w.reed.token, fetch: copy.fetch, retry: 0 }).orgs.list()).rejects.toMatchObject({ status: 401 })
  })

  it('limits pages per space, leaves content out on request, and keeps to the named organizations', async () => {
    const w = await world()
    const { state, summary } = await capture({
      client: w.client(w.ada.token),
      organizations: [w.acme.id],
      maxPagesPerSpace: 1,
      noContent: true,
    })
    const pages = state.tables.pages as Array<{ title: string; markdown: string }>
    expect(pages.map((p) => p.title)).toEqual(['Intro'])
    expect(pages[0]!.markdown).toBe('')
    expect(summary.placeholders.map((p) => p.field)).toContain('pages.markdown')
    expect(summary.skipped.map((s) => s.reason)).toContain('--max-pages-per-space 1')
    expect((state.tables.organizations as Array<{ id: string }>).map((o) => o.id)).toEqual([w.acme.id])
  })

  it('captures a soft-deleted space named with --space; the copy keeps it restorable', async () => {
    const w = await world()
    const gone = await w.platform.builders.space({ organization: w.acme.id, title: 'Archive', deleted: true })
    const { state, tokens } = await capture({ client: w.client(w.ada.token), spaces: [gone.id, w.guide.id] })
    expect((state.tables.spaces as Array<{ id: string; deletedAt?: string }>).map((s) => [s.id, s.deletedAt !== undefined])).toEqual([
      [gone.id, true],
      [w.guide.id, false],
    ])
    const copy = await serve(state)
    const ada = createClient({ token: tokens.find((t) => t.capturing)!.token, fetch: copy.fetch, retry: 0 })
    const original = await w.client(w.ada.token).spaces.get({ spaceId: gone.id })
    expect(await ada.spaces.get({ spaceId: gone.id })).toEqual(original)
    expect((await ada.spaces.restore({ spaceId: gone.id })).deletedAt).toBeUndefined()
  })

  it('copies the replies of space comments, which the copy lists as the service does', async () => {
    const w = await world()
    const spaceId = w.guide.id
    const comment = (await w.client(w.ada.token).spaces.comments.list({ spaceId })).items[0]!
    await w.platform.builders.commentReply({ comment: comment.id, postedBy: w.ada.user.id, markdown: 'First answer' })
    await w.platform.builders.commentReply({ comment: comment.id, postedBy: w.ada.user.id, markdown: 'Second answer' })
    const { state, tokens, summary } = await capture({ client: w.client(w.ada.token), organizations: [w.acme.id] })
    expect(summary.skipped).toEqual([])
    const copy = await serve(state)
    const there = createClient({ token: tokens.find((t) => t.capturing)!.token, fetch: copy.fetch, retry: 0 })
    const here = w.client(w.ada.token)
    const replies = await there.spaces.comments.replies.list({ spaceId, commentId: comment.id })
    expect(replies.items.map((r) => r.body.markdown)).toEqual(['First answer', 'Second answer'])
    expect(replies.items).toEqual((await here.spaces.comments.replies.list({ spaceId, commentId: comment.id })).items)
    expect((await there.spaces.comments.get({ spaceId, commentId: comment.id })).replies).toBe(2)
  })

  it('waits out a rate limit (Retry-After) instead of giving up', async () => {
    const w = await world()
    w.platform.faults.add({ operationId: 'getCurrentRevision', status: 429, retryAfter: 1, times: 1 })
    const { state, summary } = await capture({
      client: createClient({ token: w.ada.token, fetch: w.platform.fetch }),
      organizations: [w.acme.id],
    })
    expect((state.tables.pages as Array<{ title: string; markdown: string }>).map((p) => [p.title, p.markdown])).toEqual([
      ['Intro', '# Intro\n\nWelcome to the guide.'],
      ['Setup', 'Install it.'],
    ])
    expect(summary.skipped).toEqual([])
    const statuses = w.platform.requests
      .all()
      .filter((r) => r.operationId === 'getCurrentRevision')
      .map((r) => r.status)
    expect(statuses).toEqual([429, 200])
  })

  it('refuses a wrong token and an organization the token cannot read, clearly', async () => {
    const w = await world()
    await expect(capture({ client: w.client('dpt_wrong') })).rejects.toThrow(CaptureError)
    await expect(capture({ client: w.client('dpt_wrong') })).rejects.toThrow(/401/)
    await expect(capture({ client: w.client(w.reed.token), organizations: [w.other.id] })).rejects.toThrow(
      `The token has no access to organization ${w.other.id}`,
    )
  })
})

describe('capture() and the contract', () => {
  it('reports a response the contract rejects, names where, and goes on', async () => {
    const w = await world()
    // A service that disagrees with the SDK: translation settings without an ID.
    const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init)
      if (new URL(request.url).pathname.endsWith('/translations')) {
        return Response.json({ items: [{ object: 'translation-settings', title: 'French' }], count: 1 })
      }
      return w.platform.fetch(request)
    }
    const { state, summary } = await capture({ client: createClient({ token: w.ada.token, fetch, retry: 0 }), organizations: [w.acme.id] })
    expect(summary.skipped).toContainEqual({
      what: `organization ${w.acme.id}: translation settings`,
      reason: expect.stringMatching(/^response failed validation against the contract \(listTranslations: .*items\.0\.id/),
    })
    expect(state.tables.translations ?? []).toEqual([])
    expect((state.tables.spaces as Array<{ id: string }>).map((s) => s.id)).toEqual([w.guide.id])
  })
})
