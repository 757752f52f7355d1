import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError, type Link } from '../../src/index.ts'
import { failure } from '../helpers.ts'
import { contentSetup } from './helpers.ts'

/** What a link points at, in one word: a page or file path, or a URL. */
const targetOf = (l: Link) =>
  l.targetReference?.page?.path ?? l.targetReference?.file?.name ?? l.targetReference?.path ?? l.targetReference?.url

describe('spaces.listLinks', () => {
  it("lists every link of the space's content, broken first, with stats", async () => {
    const { read, demo } = await contentSetup()
    const links = await read.spaces.listLinks({ spaceId: demo.spaces.guide })
    expect(links.count).toBe(18)
    // The quickstart change request adds a broken link; the typo fixes add none.
    expect(links.stats).toEqual({ total: 18, broken: { total: 3, changeRequest: 1 } })
    expect(links.items.slice(0, 3).map((l) => [l.status, targetOf(l)])).toEqual([
      ['broken', '.files/pricing-2023.pdf'],
      ['broken', 'concepts/webhooks'],
      ['broken', 'https://legacy.acme.test/downloads'],
    ])
    expect(links.items.filter((l) => l.status === 'in-app')).toHaveLength(11)
    expect(links.items.filter((l) => l.status === 'ok').map(targetOf)).toEqual([
      'https://community.acme.test/c/docs',
      'https://docs.docker.com/get-started/',
      'https://github.com/acme/docs-example',
      'https://nodejs.org/en/download',
    ])
    const hero = links.items.find((l) => targetOf(l) === 'hero.png')!
    expect(hero).toMatchObject({
      status: 'in-app',
      relation: 'embed',
      targetReference: { kind: 'file', file: { contentType: 'image/png' } },
    })
    expect(hero.locationReferences).toEqual([
      expect.objectContaining({ kind: 'page', page: expect.objectContaining({ path: 'welcome' }), node: expect.any(String) }),
    ])
  })

  it('filters by status, keeping the stats of the whole list', async () => {
    const { read, demo } = await contentSetup()
    for (const [status, count] of [
      ['broken', 3],
      ['in-app', 11],
      ['ok', 4],
    ] as const) {
      const links = await read.spaces.listLinks({ spaceId: demo.spaces.guide, status })
      expect(links.count).toBe(count)
      expect(links.items.every((l) => l.status === status)).toBe(true)
      expect(links.stats?.total).toBe(18)
    }
    const bad = await failure(read.spaces.listLinks({ spaceId: demo.spaces.guide, status: 'dead' as never }))
    expect(bad).toBeInstanceOf(BadRequestError)
    expect(bad.message).toContain('query.status')
  })

  it('reports external URLs broken as the control API marks them', async () => {
    const { platform, read, demo } = await contentSetup()
    const status = async () =>
      (await read.spaces.listLinks({ spaceId: demo.spaces.guide })).items.find((l) => targetOf(l) === 'https://nodejs.org/en/download')!
        .status
    expect(await status()).toBe('ok')
    await platform.builders.brokenUrl('https://nodejs.org/en/download')
    expect(await status()).toBe('broken')
    expect((await read.spaces.listLinks({ spaceId: demo.spaces.guide, status: 'broken' })).stats?.broken?.total).toBe(4)
    await platform.builders.brokenUrl('https://nodejs.org/en/download', false)
    expect(await status()).toBe('ok')
  })

  it('walks every link across pages', async () => {
    const { read, demo } = await contentSetup()
    const seen: string[] = []
    for await (const link of read.spaces.listLinks({ spaceId: demo.spaces.guide, limit: 5 }))
      seen.push(`${link.relation}:${targetOf(link)}`)
    expect(seen).toHaveLength(18)
    expect(new Set(seen).size).toBe(18)
    const pages = []
    for await (const page of read.spaces.listLinks({ spaceId: demo.spaces.guide, limit: 5 }).pages()) pages.push(page.items.length)
    expect(pages).toEqual([5, 5, 5, 3])
  })

  it('refuses invisible spaces and missing tokens', async () => {
    const { outsider, anonymous, demo } = await contentSetup()
    expect(await failure(outsider.spaces.listLinks({ spaceId: demo.spaces.handbook }))).toBeInstanceOf(NotFoundError)
    expect(await failure(anonymous.spaces.listLinks({ spaceId: demo.spaces.guide }))).toBeInstanceOf(AuthenticationError)
  })
})

describe('spaces.content.listPageLinks', () => {
  it('lists the links of one page with where they appear', async () => {
    const { read, demo, space, page } = await contentSetup()
    const rev = space(demo.spaces.guide).revision
    const installation = page(rev, 'Installation').page
    const links = await read.spaces.content.listPageLinks({ spaceId: demo.spaces.guide, pageId: installation })
    expect(links.items.map((l) => [l.status, targetOf(l)])).toEqual([
      ['broken', 'https://legacy.acme.test/downloads'],
      ['in-app', 'acme-config.yaml'],
      ['in-app', 'concepts/authentication'],
      ['ok', 'https://docs.docker.com/get-started/'],
      ['ok', 'https://nodejs.org/en/download'],
    ])
    expect(links.stats).toEqual({ total: 5, broken: { total: 1, changeRequest: 0 } })
    // Each location names the block holding the link: the one the document tree has.
    const document = (await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: installation })).document!
    const legacy = links.items[0]!.locationReferences![0]!
    expect(legacy.page?.id).toBe(installation)
    const block = document.nodes.find((n) => n.id === legacy.node)!
    expect(block.type).toBe('paragraph')
    expect(JSON.stringify(block)).toContain('https://legacy.acme.test/downloads')
    expect((await read.spaces.content.listPageLinks({ spaceId: demo.spaces.guide, pageId: installation, status: 'ok' })).count).toBe(2)
  })

  it('resolves absolute, relative, .md, README, file and protocol-relative links', async () => {
    const { platform, admin, demo } = await contentSetup()
    const b = platform.builders
    const spaceId = demo.spaces.customers
    const a = await b.page({
      space: spaceId,
      title: 'A',
      markdown: '[b](a/b) [self](./a) [up](../a) [anchor](#top) [mail](mailto:x@acme.test)',
    })
    const logo = await b.file({ space: spaceId, name: 'logo.svg' })
    const child = await b.page({
      space: spaceId,
      parent: a.page,
      title: 'B',
      markdown: `[sibling](c) [parent](../a.md) [readme](/a/README.md) [query](/a?x=1#frag) [cdn](//cdn.acme.test/x.js) ![logo](/.files/${logo.file}) ![gone](../.files/missing.png)`,
    })
    const fromA = await admin.spaces.content.listPageLinks({ spaceId, pageId: a.page })
    expect(fromA.items.map((l) => [l.status, targetOf(l)])).toEqual([
      ['in-app', 'a'],
      ['in-app', 'a/b'],
    ])
    const fromB = await admin.spaces.content.listPageLinks({ spaceId, pageId: child.page })
    expect(fromB.items.map((l) => [l.status, l.relation, targetOf(l)])).toEqual([
      ['broken', 'embed', '.files/missing.png'],
      ['broken', 'reference', 'a/c'],
      ['in-app', 'embed', 'logo.svg'],
      ['in-app', 'reference', 'a'],
      ['ok', 'reference', 'https://cdn.acme.test/x.js'],
    ])
    expect(fromB.items[3]!.locationReferences).toHaveLength(1)
  })

  it('refuses unknown pages', async () => {
    const { read, demo } = await contentSetup()
    expect(await failure(read.spaces.content.listPageLinks({ spaceId: demo.spaces.guide, pageId: 'nope' }))).toBeInstanceOf(NotFoundError)
  })
})
