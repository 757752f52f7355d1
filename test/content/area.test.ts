import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { failure } from '../helpers.ts'
import { contentSetup } from './helpers.ts'
import { NotFoundError } from '../../src/index.ts'

describe('content of new, copied and removed spaces', () => {
  it('gives a new space an empty first revision', async () => {
    const { platform, admin, demo } = await contentSetup()
    const created = await platform.builders.space({ organization: demo.acme, title: 'Fresh' })
    const revision = await admin.spaces.content.get({ spaceId: created.id })
    expect(revision).toMatchObject({ id: created.revision, parents: [], pages: [], files: [], variables: {}, reusableContents: [] })
  })

  it('copies content into a duplicated space', async () => {
    const { admin, demo } = await contentSetup()
    const copy = await admin.spaces.duplicate({ spaceId: demo.spaces.guide })
    const [original, copied] = [
      await admin.spaces.content.get({ spaceId: demo.spaces.guide }),
      await admin.spaces.content.get({ spaceId: copy.id }),
    ]
    expect(copied.id).toBe(copy.revision)
    expect(copied.id).not.toBe(original.id)
    expect(copied.pages!.map((p) => p.path)).toEqual(original.pages!.map((p) => p.path))
    expect(copied.files!.map((f) => f.name)).toEqual(original.files!.map((f) => f.name))
    expect(copied.variables).toEqual(original.variables)
    expect((await admin.spaces.search({ spaceId: copy.id, query: 'docker' })).count).toBeGreaterThan(0)
  })

  it('starts a change request from the space content', async () => {
    const { platform, admin, demo, space } = await contentSetup()
    const cr = await platform.builders.changeRequest({
      space: demo.spaces.handbook,
      createdBy: demo.users.admin,
      subject: 'Update benefits',
    })
    const revision = await admin.changeRequests.content.get({ spaceId: demo.spaces.handbook, changeRequestId: String(cr.number) })
    expect(revision.parents).toEqual([space(demo.spaces.handbook).revision])
    expect(revision.pages).toEqual(
      (await admin.spaces.content.get({ spaceId: demo.spaces.handbook })).pages!.map((p) => ({
        ...p,
        urls: { app: p.urls!.app!.replace(`/s/${demo.spaces.handbook}/`, `/s/${demo.spaces.handbook}/~/changes/${cr.number}/`) },
        pages: p.pages!.map((c) => ({
          ...c,
          urls: { app: c.urls!.app!.replace(`/s/${demo.spaces.handbook}/`, `/s/${demo.spaces.handbook}/~/changes/${cr.number}/`) },
        })),
      })),
    )
  })

  it('drops the revisions of a space purged after its 7 days', async () => {
    const { platform, admin, demo, space } = await contentSetup()
    const handbook = space(demo.spaces.handbook)
    expect(platform.db.revisions.findMany((q) => q.where({ space: handbook.id })).length).toBeGreaterThan(0)
    await admin.spaces.delete({ spaceId: handbook.id })
    // An admin still reads a deleted space's content while it can be restored.
    expect((await admin.spaces.content.listPages({ spaceId: handbook.id })).pages).toHaveLength(3)
    platform.clock.advance('8d')
    expect(await failure(admin.spaces.content.get({ spaceId: handbook.id }))).toBeInstanceOf(NotFoundError)
    expect(platform.db.revisions.findMany((q) => q.where({ space: handbook.id }))).toHaveLength(0)
    expect(platform.db.pages.findMany((q) => q.where({ revision: handbook.revision }))).toHaveLength(0)
    expect(platform.db.files.findMany((q) => q.where({ revision: handbook.revision }))).toHaveLength(0)
  })

  it('keeps content through snapshot and restore', async () => {
    const { platform, admin, demo } = await contentSetup()
    const snapshot = platform.snapshot()
    const before = await admin.spaces.content.get({ spaceId: demo.spaces.guide })
    await admin.spaces.content.import({ spaceId: demo.spaces.guide, url: 'https://example.com/extra', source: 'website' })
    await platform.restore(snapshot)
    expect(await admin.spaces.content.get({ spaceId: demo.spaces.guide })).toEqual(before)
    expect((await admin.spaces.search({ spaceId: demo.spaces.guide, query: 'extra' })).count).toBe(0)
  })

  it('builds the same IDs from the same seed, block IDs included', async () => {
    const read = async () => {
      const platform = createMockPlatform({ scenario: 'demo', seed: 'same' })
      await platform.ready
      return [...platform.db.pages.all()].map((p) => p.id).join()
    }
    expect(await read()).toBe(await read())
  })
})

describe('pages and blocks as other areas see them', () => {
  it('gives comments the page and block they point at', async () => {
    const { read, comment, demo, space, page } = await contentSetup()
    const spaceId = demo.spaces.guide
    const rev = space(spaceId).revision
    const auth = page(rev, 'Authentication')
    const onPage = await comment.spaces.comments.create({ spaceId, page: auth.page, body: { markdown: 'About auth' } })
    expect(onPage.target?.page).toEqual({
      id: auth.page,
      title: 'Authentication',
      emoji: '🔑',
      path: 'concepts/authentication',
      createdAt: auth.createdAt,
      updatedAt: auth.updatedAt,
      outdated: false,
    })
    await expect(comment.spaces.comments.create({ spaceId, page: 'nope', body: { markdown: 'x' } })).rejects.toMatchObject({ status: 404 })
    const doc = (await read.spaces.content.getPage({ spaceId, pageId: auth.page })).document!
    const heading = doc.nodes.find((n) => n.type === 'heading-2')!
    const onHeading = await comment.spaces.comments.create({ spaceId, node: heading.id!, body: { markdown: 'Heading' } })
    expect(onHeading.target).toMatchObject({ node: { id: heading.id, preview: 'Creating a token' }, page: { id: auth.page } })
    const code = doc.nodes.find((n) => n.type === 'code')!
    const onCode = await comment.spaces.comments.create({ spaceId, node: code.id!, body: { markdown: 'Code' } })
    expect(onCode.target?.node?.preview).toBe('GET /v1/orgs HTTP/1.1 Authorization: Bearer <your token>')
    await expect(comment.spaces.comments.create({ spaceId, node: 'nope', body: { markdown: 'x' } })).rejects.toMatchObject({ status: 404 })
  })
})

describe('content builders', () => {
  it('refuses a duplicate slug among siblings and a duplicate file name', async () => {
    const { platform, demo } = await contentSetup()
    const b = platform.builders
    await b.page({ space: demo.spaces.customers, title: 'Pricing', slug: 'pricing' })
    await expect(b.page({ space: demo.spaces.customers, title: 'Prices', slug: 'pricing' })).rejects.toMatchObject({ status: 409 })
    await expect(b.page({ space: demo.spaces.customers, title: 'Bad', slug: 'Not A Slug' })).rejects.toMatchObject({ status: 400 })
    const auto = await b.page({ space: demo.spaces.customers, title: 'Pricing' })
    expect(auto.slug).toBe('pricing-2')
    await b.file({ space: demo.spaces.customers, name: 'a.png' })
    await expect(b.file({ space: demo.spaces.customers, name: 'a.png' })).rejects.toMatchObject({ status: 409 })
    await expect(b.page({ space: 'nope', title: 'Lost' })).rejects.toMatchObject({ status: 404 })
  })
})
