import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { clientFor, rejects } from './support.ts'

/**
 * Comments point at pages and blocks (nodes) of the content their thread is on. Built on an empty
 * platform with the builders: a space with two pages, one block of which the tests comment on.
 */
async function withPages() {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Targets' })
  const admin = await b.user({ organization: org.id, role: 'admin' })
  const writer = await b.user({ organization: org.id, role: 'comment' })
  const space = await b.space({ organization: org.id, title: 'Handbook' })
  const intro = await b.page({ space: space.id, title: 'Intro', emoji: '📄', markdown: 'Welcome.' })
  const setupPage = await b.page({ space: space.id, title: 'Setup', icon: 'gear', markdown: 'Install the CLI first.\n\nThen sign in.' })
  const adminClient = clientFor(platform, admin.token)
  const { document } = await adminClient.spaces.content.getPage({ spaceId: space.id, pageId: setupPage.page })
  const node = document!.nodes.find((n) => n.type === 'paragraph')!.id!
  return {
    platform,
    b,
    spaceId: space.id,
    revision: space.revision,
    intro,
    setupPage,
    node,
    admin: adminClient,
    comment: clientFor(platform, writer.token),
    writer,
  }
}

describe('comment targets: pages and nodes', () => {
  it('targets a page: the page as the current revision has it, listed by targetPage', async () => {
    const { comment, admin, spaceId, revision, intro, setupPage } = await withPages()
    const onPage = await comment.spaces.comments.create({ spaceId, page: intro.page, body: { markdown: 'Too long' } })
    expect(onPage.target).toEqual({
      space: spaceId,
      revision,
      page: {
        id: intro.page,
        title: 'Intro',
        emoji: '📄',
        path: 'intro',
        createdAt: intro.createdAt,
        updatedAt: intro.updatedAt,
        outdated: false,
      },
    })
    expect((await admin.spaces.comments.get({ spaceId, commentId: onPage.id })).target?.page).toMatchObject({
      id: intro.page,
      title: 'Intro',
      outdated: false,
    })
    await comment.spaces.comments.create({ spaceId, page: setupPage.page, body: { markdown: 'Elsewhere' } })
    await comment.spaces.comments.create({ spaceId, body: { markdown: 'On the space' } })
    const filtered = await admin.spaces.comments.list({ spaceId, targetPage: intro.page })
    expect(filtered.count).toBe(1)
    expect(filtered.items.map((c) => c.id)).toEqual([onPage.id])
    expect((await admin.spaces.comments.list({ spaceId, targetPage: setupPage.page, status: 'open' })).count).toBe(1)
    expect((await admin.spaces.comments.list({ spaceId })).count).toBe(3)
  })

  it('targets a node with its preview, and the page it is on', async () => {
    const { comment, spaceId, revision, setupPage, node } = await withPages()
    const onNode = await comment.spaces.comments.create({ spaceId, node, body: { markdown: 'Which CLI?' } })
    expect(onNode.target).toEqual({
      space: spaceId,
      revision,
      node: { id: node, preview: 'Install the CLI first.' },
      page: {
        id: setupPage.page,
        title: 'Setup',
        icon: 'gear',
        path: 'setup',
        createdAt: setupPage.createdAt,
        updatedAt: setupPage.updatedAt,
        outdated: false,
      },
    })
    const both = await comment.spaces.comments.create({ spaceId, page: setupPage.page, node, body: { markdown: 'Same' } })
    expect(both.target?.node?.id).toBe(node)
  })

  it('refuses unknown pages and nodes (404) and a node of another page (400), writing nothing', async () => {
    const { comment, admin, spaceId, intro, setupPage, node } = await withPages()
    await rejects(comment.spaces.comments.create({ spaceId, page: 'tp-nope', body: { markdown: 'x' } }), 404, /Page tp-nope not found/)
    await rejects(comment.spaces.comments.create({ spaceId, node: 'tp-nope', body: { markdown: 'x' } }), 404, /Node tp-nope not found/)
    await rejects(
      comment.spaces.comments.create({ spaceId, page: intro.page, node, body: { markdown: 'x' } }),
      400,
      new RegExp(`body\\.node: node ${node} is on page ${setupPage.page}, not on page ${intro.page}`),
    )
    expect((await admin.spaces.comments.list({ spaceId })).count).toBe(0)
    expect(await admin.spaces.get({ spaceId })).toMatchObject({ comments: 0 })
  })

  it('shows a comment outdated when its node changed or its page left the current revision', async () => {
    const { b, comment, admin, spaceId, revision, intro, setupPage, node } = await withPages()
    const onNode = await comment.spaces.comments.create({ spaceId, node, body: { markdown: 'Which CLI?' } })
    const onPage = await comment.spaces.comments.create({ spaceId, page: intro.page, body: { markdown: 'Nice' } })
    await b.editPage({ space: spaceId, page: setupPage.page, markdown: 'Install the docplat CLI first.\n\nThen sign in.' })
    const changed = await admin.spaces.comments.get({ spaceId, commentId: onNode.id })
    expect(changed.target).toMatchObject({
      node: { id: node, preview: 'Install the CLI first.' },
      page: { id: setupPage.page, outdated: true },
    })
    expect((await admin.spaces.comments.get({ spaceId, commentId: onPage.id })).target?.page?.outdated).toBe(false)

    // The intro page removed from the live content: the comment's page shows as it was, outdated.
    await b.removePage({ space: spaceId, page: intro.page })
    const gone = await admin.spaces.comments.get({ spaceId, commentId: onPage.id })
    expect(gone.target).toMatchObject({ revision, page: { id: intro.page, outdated: true } })
  })

  it("reads a change request's pages from the change request's revision", async () => {
    const { b, platform, admin, writer, spaceId } = await withPages()
    const changeRequest = await b.changeRequest({ space: spaceId, createdBy: writer.user.id })
    const added = await b.page({ changeRequest: changeRequest.id, title: 'New page', markdown: 'Fresh.' })
    const review = clientFor(
      platform,
      (await b.user({ organization: (await admin.spaces.get({ spaceId })).organization, role: 'review' })).token,
    )
    const posted = await review.changeRequests.comments.create({
      spaceId,
      changeRequestId: '1',
      page: added.page,
      body: { markdown: 'Good addition' },
    })
    expect(posted.target).toMatchObject({
      changeRequest: changeRequest.id,
      revision: changeRequest.revision,
      page: { id: added.page, title: 'New page', outdated: false },
    })
    expect((await admin.changeRequests.comments.list({ spaceId, changeRequestId: '1', targetPage: added.page })).count).toBe(1)
    // The page exists in the change request only.
    await rejects(
      review.spaces.comments.create({ spaceId, page: added.page, body: { markdown: 'x' } }),
      404,
      new RegExp(`Page ${added.page} not found`),
    )
  })
})
