import { describe, expect, it } from 'vitest'
import { installAreas, type PageInfo } from '../../mock/model/hooks.ts'
import { setup } from '../helpers.ts'
import { rejects } from './support.ts'

/**
 * Pages and nodes come from the content area through `lookup`. To pin down what comments do with
 * them whatever content is installed, this file adds a small area that knows a few pages and
 * nodes (IDs starting with `tp-`) per revision; a real page is tried at the end.
 */
const pages = new Map<string, PageInfo>()
const nodes = new Map<string, { id: string; preview: string; page: string }>()
installAreas([
  {
    name: 'comments-test-pages',
    pageInfo: (_state, revision, pageId) => pages.get(`${revision}/${pageId}`),
    nodeInfo: (_state, revision, nodeId) => nodes.get(`${revision}/${nodeId}`),
  },
])

const page = (id: string, title: string): PageInfo => ({
  id, title, emoji: '📄', path: title.toLowerCase(), createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z',
})

async function withPages() {
  pages.clear()
  nodes.clear()
  const demo = await setup()
  const spaceId = demo.demo.spaces.changelog
  const { revision } = await demo.admin.spaces.get({ spaceId })
  pages.set(`${revision}/tp-intro`, page('tp-intro', 'Intro'))
  pages.set(`${revision}/tp-setup`, { ...page('tp-setup', 'Setup'), emoji: undefined, icon: 'gear' })
  nodes.set(`${revision}/tp-n1`, { id: 'tp-n1', preview: 'Install the CLI first.', page: 'tp-setup' })
  return { ...demo, spaceId, revision }
}

describe('comment targets: pages and nodes', () => {
  it('targets a page: the page as the current revision has it, listed by targetPage', async () => {
    const { comment, read, spaceId, revision } = await withPages()
    const onPage = await comment.spaces.comments.create({ spaceId, page: 'tp-intro', body: { markdown: 'Too long' } })
    expect(onPage.target).toEqual({
      space: spaceId,
      revision,
      page: { id: 'tp-intro', title: 'Intro', emoji: '📄', path: 'intro', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', outdated: false },
    })
    expect((await comment.spaces.comments.get({ spaceId, commentId: onPage.id })).target?.page).toMatchObject({ id: 'tp-intro', title: 'Intro', outdated: false })
    await comment.spaces.comments.create({ spaceId, page: 'tp-setup', body: { markdown: 'Elsewhere' } })
    await comment.spaces.comments.create({ spaceId, body: { markdown: 'On the space' } })
    const filtered = await comment.spaces.comments.list({ spaceId, targetPage: 'tp-intro' })
    expect(filtered.count).toBe(1)
    expect(filtered.items.map((c) => c.id)).toEqual([onPage.id])
    expect((await comment.spaces.comments.list({ spaceId, targetPage: 'tp-setup', status: 'open' })).count).toBe(1)
    expect((await comment.spaces.comments.list({ spaceId })).count).toBe(3)
  })

  it('targets a node with its preview, and the page it is on', async () => {
    const { comment, spaceId, revision } = await withPages()
    const onNode = await comment.spaces.comments.create({ spaceId, node: 'tp-n1', body: { markdown: 'Which CLI?' } })
    expect(onNode.target).toEqual({
      space: spaceId,
      revision,
      node: { id: 'tp-n1', preview: 'Install the CLI first.' },
      page: { id: 'tp-setup', title: 'Setup', icon: 'gear', path: 'setup', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', outdated: false },
    })
    const both = await comment.spaces.comments.create({ spaceId, page: 'tp-setup', node: 'tp-n1', body: { markdown: 'Same' } })
    expect(both.target?.node?.id).toBe('tp-n1')
  })

  it('refuses unknown pages and nodes (404) and a node of another page (400), writing nothing', async () => {
    const { comment, admin, spaceId } = await withPages()
    await rejects(comment.spaces.comments.create({ spaceId, page: 'tp-nope', body: { markdown: 'x' } }), 404, /Page tp-nope not found/)
    await rejects(comment.spaces.comments.create({ spaceId, node: 'tp-nope', body: { markdown: 'x' } }), 404, /Node tp-nope not found/)
    await rejects(comment.spaces.comments.create({ spaceId, page: 'tp-intro', node: 'tp-n1', body: { markdown: 'x' } }), 400, /body\.node: node tp-n1 is on page tp-setup, not on page tp-intro/)
    expect((await admin.spaces.comments.list({ spaceId })).count).toBe(0)
    expect(await admin.spaces.get({ spaceId })).toMatchObject({ comments: 0 })
  })

  it('shows a comment outdated when its node changed or its page left the current revision', async () => {
    const { comment, read, platform, spaceId, revision } = await withPages()
    const onNode = await comment.spaces.comments.create({ spaceId, node: 'tp-n1', body: { markdown: 'Which CLI?' } })
    const onPage = await comment.spaces.comments.create({ spaceId, page: 'tp-intro', body: { markdown: 'Nice' } })
    nodes.set(`${revision}/tp-n1`, { id: 'tp-n1', preview: 'Install the docplat CLI first.', page: 'tp-setup' })
    const changed = await comment.spaces.comments.get({ spaceId, commentId: onNode.id })
    expect(changed.target).toMatchObject({ node: { id: 'tp-n1', preview: 'Install the CLI first.' }, page: { id: 'tp-setup', outdated: true } })
    expect((await comment.spaces.comments.get({ spaceId, commentId: onPage.id })).target?.page?.outdated).toBe(false)

    // A new revision without the intro page: the page shows as it was, outdated.
    const space = platform.db.spaces.get(spaceId)!
    platform.db.spaces.update(space, { revision: 'tp-rev-2' })
    pages.set('tp-rev-2/tp-setup', page('tp-setup', 'Setup'))
    const gone = await comment.spaces.comments.get({ spaceId, commentId: onPage.id })
    expect(gone.target).toMatchObject({ revision, page: { id: 'tp-intro', title: 'Intro', outdated: true } })
    pages.clear()
    expect((await comment.spaces.comments.get({ spaceId, commentId: onPage.id })).target?.page).toEqual({ id: 'tp-intro', outdated: true })
  })

  it("reads a change request's pages from the change request's revision", async () => {
    const { review, admin, platform, demo } = await withPages()
    const spaceId = demo.spaces.guide
    const changeRequest = platform.db.changeRequestsBySpace.get(spaceId)[0]!
    pages.set(`${changeRequest.revision}/tp-new`, page('tp-new', 'New page'))
    const posted = await review.changeRequests.comments.create({ spaceId, changeRequestId: '1', page: 'tp-new', body: { markdown: 'Good addition' } })
    expect(posted.target).toMatchObject({ changeRequest: changeRequest.id, revision: changeRequest.revision, page: { id: 'tp-new', title: 'New page', outdated: false } })
    expect((await admin.changeRequests.comments.list({ spaceId, changeRequestId: '1', targetPage: 'tp-new' })).count).toBe(1)
    // The page exists in the change request only.
    await rejects(review.spaces.comments.create({ spaceId, page: 'tp-new', body: { markdown: 'x' } }), 404, /Page tp-new not found/)
  })

  it('targets a real page of the content area when it lists pages', async () => {
    const { admin, comment, demo } = await setup()
    const spaceId = demo.spaces.guide
    const content = (admin.spaces as unknown as { content?: { listPages?: (p: { spaceId: string }) => Promise<{ pages?: Array<{ id: string; title: string; path: string }> }> } }).content
    if (typeof content?.listPages === 'function') {
      const { pages: listed = [] } = await content.listPages({ spaceId })
      for (const first of listed.slice(0, 1)) {
        const posted = await comment.spaces.comments.create({ spaceId, page: first.id, body: { markdown: 'About this page' } })
        expect(posted.target?.page).toMatchObject({ id: first.id, title: first.title, outdated: false })
        expect((await admin.spaces.comments.list({ spaceId, targetPage: first.id })).items.map((c) => c.id)).toContain(posted.id)
      }
    }
    await rejects(comment.spaces.comments.create({ spaceId, page: 'no-such-page', body: { markdown: 'x' } }), 404, /Page no-such-page not found/)
  })
})
