import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { clientFor, collect } from '../helpers.ts'

/** The spec's conventions give every resource an `object` field naming its kind: pages and files too. */
describe('Page and File objects', () => {
  async function content() {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Initech' })
    const { user, token } = await platform.builders.user({ organization: org.id, role: 'admin' })
    const space = await platform.builders.space({ organization: org.id, title: 'Docs' })
    const parent = await platform.builders.page({ space: space.id, title: 'Guides', markdown: 'All guides.' })
    const child = await platform.builders.page({ space: space.id, parent: parent.page, title: 'Setup', markdown: 'Install it.' })
    const file = await platform.builders.file({ space: space.id, name: 'diagram.png' })
    const changeRequest = await platform.builders.changeRequest({ space: space.id, createdBy: user.id })
    return {
      client: clientFor(platform, token),
      space: space.id,
      parent: parent.page,
      child: child.page,
      file: file.file,
      changeRequest: changeRequest.id,
    }
  }

  it("carry object: 'page' and object: 'file' in every operation that returns them", async () => {
    const { client, space, parent, child, file, changeRequest } = await content()
    const revision = await client.spaces.content.get({ spaceId: space })
    expect(revision.pages!.map((p) => p.object)).toEqual(['page'])
    expect(revision.pages![0]!.pages!.map((p) => p.object)).toEqual(['page'])
    expect(revision.files!.map((f) => f.object)).toEqual(['file'])

    const { pages } = await client.spaces.content.listPages({ spaceId: space })
    expect(pages.map((p) => [p.object, p.id])).toEqual([['page', parent]])
    expect(pages[0]!.pages!.map((p) => [p.object, p.id])).toEqual([['page', child]])
    expect(await client.spaces.content.getPage({ spaceId: space, pageId: child })).toMatchObject({
      object: 'page',
      id: child,
      title: 'Setup',
    })
    expect(await client.spaces.content.getPage({ spaceId: space, pageId: child, format: 'markdown' })).toMatchObject({
      object: 'page',
      markdown: expect.stringContaining('Install it.'),
    })

    expect((await collect(client.spaces.content.listFiles({ spaceId: space }))).map((f) => [f.object, f.id])).toEqual([['file', file]])
    expect(await client.spaces.content.getFile({ spaceId: space, fileId: file })).toMatchObject({
      object: 'file',
      id: file,
      name: 'diagram.png',
    })

    const inChangeRequest = { spaceId: space, changeRequestId: changeRequest }
    expect((await client.changeRequests.content.listPages(inChangeRequest)).pages.map((p) => p.object)).toEqual(['page'])
    expect(await client.changeRequests.content.getPage({ ...inChangeRequest, pageId: child })).toMatchObject({ object: 'page', id: child })
    expect(await client.changeRequests.content.getFile({ ...inChangeRequest, fileId: file })).toMatchObject({ object: 'file', id: file })
  })
})
