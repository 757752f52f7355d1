import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError } from '../../src/index.ts'
import { failure } from '../helpers.ts'
import { contentSetup } from './helpers.ts'

describe('changeRequests.content.get / listPages', () => {
  it("reads a change request's latest revision by ID or number", async () => {
    const { read, demo, space, changeRequest } = await contentSetup()
    const cr = changeRequest(demo.spaces.guide, 1)
    const byNumber = await read.changeRequests.content.get({ spaceId: demo.spaces.guide, changeRequestId: '1' })
    const byId = await read.changeRequests.content.get({ spaceId: demo.spaces.guide, changeRequestId: cr.id })
    expect(byId).toEqual(byNumber)
    expect(byId).toMatchObject({
      object: 'revision',
      id: cr.revision,
      parents: [space(demo.spaces.guide).revision],
      variables: { cliVersion: '4.2.0' },
    })
    expect(byId.urls?.app).toBe(`https://app.docplat.dev/o/${demo.acme}/s/${demo.spaces.guide}/~/changes/1/~/revisions/${cr.revision}`)
    expect(byId.reusableContents).toEqual((await read.spaces.content.get({ spaceId: demo.spaces.guide })).reusableContents)
  })

  it('holds its own edits, which the space does not have', async () => {
    const { read, demo } = await contentSetup()
    const guides = (pages: Array<{ path: string; pages?: Array<{ path: string }> }>) =>
      pages.find((p) => p.path === 'guides')!.pages!.map((p) => p.path)
    const cr = await read.changeRequests.content.listPages({ spaceId: demo.spaces.guide, changeRequestId: '1' })
    expect(guides(cr.pages)).toEqual([
      'guides/importing-content',
      'guides/searching-your-docs',
      'guides/reviewing-changes',
      'guides/quickstart-with-docker',
    ])
    expect(cr.pages[0]!.urls?.app).toBe(`https://app.docplat.dev/o/${demo.acme}/s/${demo.spaces.guide}/~/changes/1/welcome`)
    const live = await read.spaces.content.listPages({ spaceId: demo.spaces.guide })
    expect(guides(live.pages)).toEqual(['guides/importing-content', 'guides/searching-your-docs', 'guides/reviewing-changes'])
    // The same pages keep their IDs in the change request.
    expect(cr.pages.map((p) => p.id)).toEqual(live.pages.map((p) => p.id))
  })

  it('refuses unknown change requests by ID and by number, and invisible spaces', async () => {
    const { read, outsider, anonymous, demo, changeRequest } = await contentSetup()
    for (const changeRequestId of ['nope', '99', '0', changeRequest(demo.spaces.reference, 1).id]) {
      const error = await failure(read.changeRequests.content.get({ spaceId: demo.spaces.guide, changeRequestId }))
      expect(error).toBeInstanceOf(NotFoundError)
      expect(error.message).toContain(`Change request ${changeRequestId} not found`)
    }
    expect(
      await failure(outsider.changeRequests.content.listPages({ spaceId: demo.spaces.reference, changeRequestId: '1' })),
    ).toBeInstanceOf(NotFoundError)
    expect(await failure(anonymous.changeRequests.content.listPages({ spaceId: demo.spaces.guide, changeRequestId: '1' }))).toBeInstanceOf(
      AuthenticationError,
    )
    expect(
      await failure(read.changeRequests.content.get({ spaceId: demo.spaces.guide, changeRequestId: '1', computed: 'yes' as never })),
    ).toBeInstanceOf(BadRequestError)
  })
})

describe('changeRequests.content.getPage', () => {
  it('returns the change request version of a page', async () => {
    const { read, demo, space, page } = await contentSetup()
    const quickstart = page(space(demo.spaces.guide).revision, 'Quickstart').page
    const proposed = await read.changeRequests.content.getPage({
      spaceId: demo.spaces.guide,
      changeRequestId: '1',
      pageId: quickstart,
      format: 'markdown',
    })
    expect(proposed.markdown).toMatch(/^Publish your first page in five minutes\./)
    const live = await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: quickstart, format: 'markdown' })
    expect(live.markdown).toMatch(/^This quickstart creates a space/)
    const doc = await read.changeRequests.content.getPage({ spaceId: demo.spaces.guide, changeRequestId: '1', pageId: quickstart })
    const docker = doc.document!.nodes.flatMap((n) => n.nodes ?? []).find((n) => n.type === 'link')
    expect(docker).toMatchObject({ ref: { kind: 'page' } })
  })

  it('refuses pages the change request does not have', async () => {
    const { platform, read, demo, changeRequest } = await contentSetup()
    const onlyLive = await platform.builders.page({ space: demo.spaces.guide, title: 'Added after the change request' })
    expect((await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: onlyLive.page })).title).toBe(
      'Added after the change request',
    )
    expect(
      await failure(read.changeRequests.content.getPage({ spaceId: demo.spaces.guide, changeRequestId: '1', pageId: onlyLive.page })),
    ).toBeInstanceOf(NotFoundError)
    const onlyCr = platform.db.pages
      .findMany((q) => q.where({ revision: changeRequest(demo.spaces.guide, 1).revision }))
      .find((p) => p.title === 'Quickstart with Docker')!
    expect(await failure(read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: onlyCr.page }))).toBeInstanceOf(NotFoundError)
    expect(
      await failure(read.changeRequests.content.getPage({ spaceId: demo.spaces.guide, changeRequestId: '99', pageId: onlyCr.page })),
    ).toBeInstanceOf(NotFoundError)
  })
})

describe('changeRequests.content files and backlinks', () => {
  it('lists and reads the files of a change request', async () => {
    const { read, demo, space, file, changeRequest } = await contentSetup()
    const hero = file(space(demo.spaces.guide).revision, 'hero.png').file
    const files = await read.changeRequests.content.listFiles({ spaceId: demo.spaces.guide, changeRequestId: '1', limit: 3 })
    expect(files.count).toBe(5)
    expect(files.items.map((f) => f.name)).toEqual(['hero.png', 'permissions.svg', 'cli-output.png'])
    expect(files.items[0]!.id).toBe(hero)
    const got = await read.changeRequests.content.getFile({ spaceId: demo.spaces.guide, changeRequestId: '1', fileId: hero })
    expect(got).toMatchObject({ id: hero, name: 'hero.png', contentType: 'image/png', dimensions: { width: 1920, height: 1080 } })
    expect(got.downloadURL).toBe(
      `https://app.docplat.dev/~/files/${demo.spaces.guide}/${changeRequest(demo.spaces.guide, 1).revision}/${hero}/hero.png`,
    )
    expect(
      await failure(read.changeRequests.content.getFile({ spaceId: demo.spaces.guide, changeRequestId: '1', fileId: 'nope' })),
    ).toBeInstanceOf(NotFoundError)
    expect(await failure(read.changeRequests.content.listFiles({ spaceId: demo.spaces.guide, changeRequestId: '99' }))).toBeInstanceOf(
      NotFoundError,
    )
  })

  it('computes backlinks from the change request content', async () => {
    const { read, demo, space, file } = await contentSetup()
    // The rewritten quickstart no longer shows the CLI screenshot.
    const screenshot = file(space(demo.spaces.guide).revision, 'cli-output.png').file
    const live = await read.spaces.content.listFileBacklinks({ spaceId: demo.spaces.guide, fileId: screenshot })
    expect(live.items.map((b) => b.page?.path)).toEqual(['quickstart'])
    const proposed = await read.changeRequests.content.listFileBacklinks({
      spaceId: demo.spaces.guide,
      changeRequestId: '1',
      fileId: screenshot,
    })
    expect(proposed).toMatchObject({ items: [], count: 0 })
    const typos = await read.changeRequests.content.listFileBacklinks({
      spaceId: demo.spaces.guide,
      changeRequestId: '2',
      fileId: screenshot,
    })
    expect(typos.items[0]).toMatchObject({
      kind: 'page',
      page: { path: 'quickstart' },
      versionContext: { type: 'revision', revision: expect.any(String) },
    })
    expect(typos.items[0]!.versionContext!.revision).not.toBe(space(demo.spaces.guide).revision)
    expect(
      await failure(read.changeRequests.content.listFileBacklinks({ spaceId: demo.spaces.guide, changeRequestId: '1', fileId: 'nope' })),
    ).toBeInstanceOf(NotFoundError)
  })
})

describe('changeRequests.content.listPageLinks', () => {
  it('lists the links of a page of the change request, with the broken ones it adds', async () => {
    const { read, demo, space, page } = await contentSetup()
    const quickstart = page(space(demo.spaces.guide).revision, 'Quickstart').page
    const links = await read.changeRequests.content.listPageLinks({ spaceId: demo.spaces.guide, changeRequestId: '1', pageId: quickstart })
    expect(links.items.map((l) => [l.status, l.targetReference?.page?.path ?? l.targetReference?.path])).toEqual([
      ['broken', 'concepts/api-keys'],
      ['in-app', 'guides/quickstart-with-docker'],
    ])
    expect(links.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 1 } })
    const live = await read.spaces.content.listPageLinks({ spaceId: demo.spaces.guide, pageId: quickstart })
    expect(live.items.find((l) => l.status === 'broken')!.targetReference).toEqual({ kind: 'page', path: 'concepts/webhooks' })
    const broken = await read.changeRequests.content.listPageLinks({
      spaceId: demo.spaces.guide,
      changeRequestId: '1',
      pageId: quickstart,
      status: 'in-app',
    })
    expect(broken.items).toHaveLength(1)
    expect(broken.stats?.total).toBe(2)
    expect(
      await failure(read.changeRequests.content.listPageLinks({ spaceId: demo.spaces.guide, changeRequestId: '1', pageId: 'nope' })),
    ).toBeInstanceOf(NotFoundError)
  })
})
