import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError } from '../../src/index.ts'
import { failure } from '../helpers.ts'
import { contentSetup } from './helpers.ts'

describe('spaces.content.get', () => {
  it('returns the active revision with its page tree, files, reusable contents and variables', async () => {
    const { read, demo, space } = await contentSetup()
    const guide = space(demo.spaces.guide)
    const revision = await read.spaces.content.get({ spaceId: demo.spaces.guide })
    expect(revision).toMatchObject({ object: 'revision', id: guide.revision, parents: [], type: 'edits' })
    expect(revision.id).toBe((await read.spaces.get({ spaceId: demo.spaces.guide })).revision)
    expect(revision.pages!.map((p) => p.path)).toEqual(['welcome', 'quickstart', 'installation', 'concepts', 'guides', 'faq'])
    expect(revision.pages![3]!.pages!.map((p) => p.path)).toEqual([
      'concepts/spaces-and-collections',
      'concepts/authentication',
      'concepts/permissions',
    ])
    expect(revision.files!.map((f) => f.name)).toEqual([
      'hero.png',
      'permissions.svg',
      'cli-output.png',
      'acme-config.yaml',
      'brand-guidelines.pdf',
    ])
    expect(revision.variables).toEqual({ productName: 'Acme Platform', cliVersion: '4.2.0' })
    expect(revision.reusableContents).toEqual([{ id: expect.any(String), title: 'Support footer', document: expect.any(String) }])
    expect(revision.urls?.app).toBe(`https://app.docplat.dev/o/${demo.acme}/s/${demo.spaces.guide}/~/revisions/${guide.revision}`)
    // Lists of pages carry no content: that is what getPage is for.
    expect(revision.pages![0]!.markdown).toBeUndefined()
  })

  it('omits git metadata with metadata=false', async () => {
    const { platform, admin, demo } = await contentSetup()
    const git = { oid: 'a1b2c3', path: 'docs/setup.md' }
    const page = await platform.builders.page({ space: demo.spaces.changelog, title: 'Synced', markdown: 'From git.', git })
    await platform.builders.file({ space: demo.spaces.changelog, name: 'diagram.png', git: { oid: 'd4e5f6', path: '.files/diagram.png' } })
    const full = await admin.spaces.content.get({ spaceId: demo.spaces.changelog })
    expect(full.pages!.find((p) => p.id === page.page)!.git).toEqual(git)
    expect(full.files!.find((f) => f.name === 'diagram.png')!.git).toEqual({ oid: 'd4e5f6', path: '.files/diagram.png' })
    const bare = await admin.spaces.content.get({ spaceId: demo.spaces.changelog, metadata: false })
    expect(bare.pages!.find((p) => p.id === page.page)).not.toHaveProperty('git')
    expect(bare.files!.find((f) => f.name === 'diagram.png')).not.toHaveProperty('git')
    const file = (await admin.spaces.content.listFiles({ spaceId: demo.spaces.changelog, metadata: false })).items[0]!
    expect(file).not.toHaveProperty('git')
    expect(await admin.spaces.content.getPage({ spaceId: demo.spaces.changelog, pageId: page.page, metadata: false })).not.toHaveProperty(
      'git',
    )
  })

  it('refuses callers who cannot see the space, and no token', async () => {
    const { outsider, anonymous, guest, demo } = await contentSetup()
    expect(await failure(outsider.spaces.content.get({ spaceId: demo.spaces.handbook }))).toBeInstanceOf(NotFoundError)
    expect(await failure(anonymous.spaces.content.get({ spaceId: demo.spaces.guide }))).toBeInstanceOf(AuthenticationError)
    expect(await failure(guest.spaces.content.get({ spaceId: 'no-such-space' }))).toBeInstanceOf(NotFoundError)
    // Public content is readable by any valid token.
    expect((await outsider.spaces.content.get({ spaceId: demo.spaces.guide })).pages).toHaveLength(6)
  })
})

describe('spaces.content.listPages', () => {
  it('lists the page tree with paths built from slugs', async () => {
    const { read, demo } = await contentSetup()
    const { pages } = await read.spaces.content.listPages({ spaceId: demo.spaces.handbook })
    expect(pages.map((p) => [p.title, p.path, p.type])).toEqual([
      ['Welcome to Acme', 'welcome-to-acme', 'document'],
      ['Benefits', 'benefits', 'document'],
      ['Security policy', 'security-policy', 'document'],
    ])
    expect(pages[1]!.pages!.map((p) => p.path)).toEqual(['benefits/health-insurance', 'benefits/time-off'])
    expect(pages[0]).toMatchObject({
      emoji: '👋',
      slug: 'welcome-to-acme',
      hidden: false,
      urls: { app: expect.stringMatching(/\/welcome-to-acme$/) },
    })
  })

  it('leaves computed pages uncomputed with computed=false', async () => {
    const { read, demo } = await contentSetup()
    const computedPage = (pages: Array<{ title: string; pages?: unknown[] }>) => pages.find((p) => p.title === 'OpenAPI reference')!
    const computed = await read.spaces.content.listPages({ spaceId: demo.spaces.reference })
    expect(computedPage(computed.pages)).toMatchObject({
      computed: { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'acme-api' } } }, props: { doc: 'spec' } },
      computedSeed: 'acme-api@3',
    })
    expect(computedPage(computed.pages).pages).toHaveLength(2)
    const raw = await read.spaces.content.listPages({ spaceId: demo.spaces.reference, computed: false })
    expect(computedPage(raw.pages).pages).toEqual([])
    expect(
      (await read.spaces.content.get({ spaceId: demo.spaces.reference, computed: false })).pages!.find(
        (p) => p.title === 'OpenAPI reference',
      )!.pages,
    ).toEqual([])
  })
})

describe('spaces.content.getPage', () => {
  it('returns the content as a document tree of blocks by default', async () => {
    const { read, demo, space, page, file } = await contentSetup()
    const rev = space(demo.spaces.guide).revision
    const welcome = page(rev, 'Welcome')
    const result = await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: welcome.page })
    expect(result).toMatchObject({
      id: welcome.page,
      title: 'Welcome',
      path: 'welcome',
      description: 'What the Acme Platform is and where to start',
    })
    expect(result.markdown).toBeUndefined()
    const nodes = result.document!.nodes
    expect(nodes.map((n) => n.type)).toEqual(['paragraph', 'paragraph', 'heading-2', 'list-unordered', 'heading-2', 'paragraph'])
    expect(nodes.every((n) => n.object === 'block' && typeof n.id === 'string')).toBe(true)
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length)
    expect(nodes[0]!.nodes![0]).toMatchObject({
      object: 'inline',
      type: 'image',
      alt: 'The Acme Platform dashboard',
      ref: { kind: 'file', file: file(rev, 'hero.png').file },
    })
    expect(nodes[1]!.nodes!.find((n) => n.object === 'text' && (n as { marks?: string[] }).marks?.includes('bold'))).toMatchObject({
      text: '{{ space.vars.productName }}',
    })
    const items = nodes[3]!.nodes!
    expect(items.map((n) => n.type)).toEqual(['list-item', 'list-item', 'list-item'])
    const link = items[0]!.nodes![0]!.nodes!.find((n) => n.type === 'link')!
    expect(link).toMatchObject({
      ref: { kind: 'page', page: page(rev, 'Quickstart').page },
      nodes: [{ object: 'text', text: 'Quickstart' }],
    })
    const external = nodes[5]!.nodes!.find((n) => n.type === 'link' && (n as { ref?: { kind: string } }).ref?.kind === 'url')
    expect(external).toMatchObject({ ref: { kind: 'url', url: 'https://community.acme.test/c/docs' } })
  })

  it('keeps code blocks with their syntax, and block IDs stable across reads and formats', async () => {
    const { read, demo, space, page } = await contentSetup()
    const quickstart = page(space(demo.spaces.guide).revision, 'Quickstart')
    const doc = (await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: quickstart.page, format: 'document' })).document!
    const code = doc.nodes.find((n) => n.type === 'code')!
    expect(code).toMatchObject({ syntax: 'bash', text: 'npm install --global @acme/cli\nacme login' })
    const again = (await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: quickstart.page, evaluated: true })).document!
    expect(again.nodes.map((n) => n.id)).toEqual(doc.nodes.map((n) => n.id))
    expect(doc.nodes.filter((n) => n.type === 'list-ordered')).toHaveLength(1)
  })

  it('returns markdown with format=markdown, variables filled in when evaluated', async () => {
    const { read, demo, space, page } = await contentSetup()
    const installation = page(space(demo.spaces.guide).revision, 'Installation')
    const raw = await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: installation.page, format: 'markdown' })
    expect(raw.markdown).toBe(installation.markdown)
    expect(raw.document).toBeUndefined()
    expect(raw.markdown).toContain('npm install --global @acme/cli@{{ space.vars.cliVersion }}')
    const evaluated = await read.spaces.content.getPage({
      spaceId: demo.spaces.guide,
      pageId: installation.page,
      format: 'markdown',
      evaluated: true,
    })
    expect(evaluated.markdown).toContain('npm install --global @acme/cli@4.2.0')
    expect(evaluated.markdown).not.toContain('{{')
    const doc = await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: installation.page, evaluated: true })
    expect(doc.document!.nodes.find((n) => n.type === 'code')).toMatchObject({ text: 'npm install --global @acme/cli@4.2.0' })
    const rawDoc = await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: installation.page })
    expect(rawDoc.document!.nodes.find((n) => n.type === 'code')).toMatchObject({
      text: 'npm install --global @acme/cli@{{ space.vars.cliVersion }}',
    })
    // Filling in variables never moves a block's ID.
    expect(doc.document!.nodes.map((n) => n.id)).toEqual(rawDoc.document!.nodes.map((n) => n.id))
    expect(JSON.stringify(doc.document)).toContain('The current version is ')
    expect(JSON.stringify(doc.document)).toContain('"text":"4.2.0"')
  })

  it('returns nested pages, and a computed page only when computed', async () => {
    const { read, demo, space, page } = await contentSetup()
    const rev = space(demo.spaces.reference).revision
    const openapi = page(rev, 'OpenAPI reference')
    const computed = await read.spaces.content.getPage({ spaceId: demo.spaces.reference, pageId: openapi.page, format: 'markdown' })
    expect(computed.markdown).toContain('Generated from the **acme-api** specification')
    expect(computed.pages!.map((p) => p.path)).toEqual(['openapi-reference/spaces-endpoints', 'openapi-reference/content-endpoints'])
    const raw = await read.spaces.content.getPage({
      spaceId: demo.spaces.reference,
      pageId: openapi.page,
      format: 'markdown',
      computed: false,
    })
    expect(raw.markdown).toBeUndefined()
    expect(raw.pages).toEqual([])
    const generated = page(rev, 'Spaces endpoints').page
    expect((await read.spaces.content.getPage({ spaceId: demo.spaces.reference, pageId: generated })).path).toBe(
      'openapi-reference/spaces-endpoints',
    )
    expect(
      await failure(read.spaces.content.getPage({ spaceId: demo.spaces.reference, pageId: generated, computed: false })),
    ).toBeInstanceOf(NotFoundError)
  })

  it('refuses unknown pages, bad formats and invisible spaces', async () => {
    const { read, outsider, anonymous, demo, space, page } = await contentSetup()
    const welcome = page(space(demo.spaces.guide).revision, 'Welcome').page
    const missing = await failure(read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: 'nope' }))
    expect(missing).toBeInstanceOf(NotFoundError)
    expect(missing.message).toContain('Page nope not found')
    const bad = await failure(read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: welcome, format: 'html' as never }))
    expect(bad).toBeInstanceOf(BadRequestError)
    expect(bad.message).toContain('query.format')
    // A page ID of another space is not a page of this one.
    expect(await failure(read.spaces.content.getPage({ spaceId: demo.spaces.changelog, pageId: welcome }))).toBeInstanceOf(NotFoundError)
    expect(await failure(outsider.spaces.content.getPage({ spaceId: demo.spaces.handbook, pageId: welcome }))).toBeInstanceOf(NotFoundError)
    expect(await failure(anonymous.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: welcome }))).toBeInstanceOf(
      AuthenticationError,
    )
  })
})

describe('spaces.content.listFiles / getFile', () => {
  it('pages through the files with a cursor', async () => {
    const { read, demo } = await contentSetup()
    const first = await read.spaces.content.listFiles({ spaceId: demo.spaces.guide, limit: 2 })
    expect(first.count).toBe(5)
    expect(first.items.map((f) => f.name)).toEqual(['hero.png', 'permissions.svg'])
    expect(first.hasNextPage()).toBe(true)
    const names: string[] = []
    for await (const file of read.spaces.content.listFiles({ spaceId: demo.spaces.guide, limit: 2 })) names.push(file.name)
    expect(names).toEqual(['hero.png', 'permissions.svg', 'cli-output.png', 'acme-config.yaml', 'brand-guidelines.pdf'])
    const last = await (await first.getNextPage()).getNextPage()
    expect(last.items.map((f) => f.name)).toEqual(['brand-guidelines.pdf'])
    expect(last.next).toBeUndefined()
  })

  it('returns a file with its type, size and dimensions', async () => {
    const { read, demo, space, file } = await contentSetup()
    const rev = space(demo.spaces.guide).revision
    const hero = file(rev, 'hero.png')
    expect(await read.spaces.content.getFile({ spaceId: demo.spaces.guide, fileId: hero.file })).toEqual({
      object: 'file',
      id: hero.file,
      name: 'hero.png',
      contentType: 'image/png',
      size: 248_331,
      dimensions: { width: 1920, height: 1080 },
      downloadURL: `https://app.docplat.dev/~/files/${demo.spaces.guide}/${rev}/${hero.file}/hero.png`,
    })
    const yaml = await read.spaces.content.getFile({ spaceId: demo.spaces.guide, fileId: file(rev, 'acme-config.yaml').file })
    expect(yaml).toMatchObject({ contentType: 'application/yaml', size: 1_377 })
    expect(yaml).not.toHaveProperty('dimensions')
  })

  it('refuses unknown files and bad page bounds', async () => {
    const { read, demo } = await contentSetup()
    expect(await failure(read.spaces.content.getFile({ spaceId: demo.spaces.guide, fileId: 'nope' }))).toBeInstanceOf(NotFoundError)
    for (const limit of [0, 1001]) {
      const error = await failure(read.spaces.content.listFiles({ spaceId: demo.spaces.guide, limit }))
      expect(error).toBeInstanceOf(BadRequestError)
      expect(error.message).toContain('query.limit')
    }
    expect(await failure(read.spaces.content.listFiles({ spaceId: demo.spaces.guide, page: 'not-a-cursor' }))).toBeInstanceOf(
      BadRequestError,
    )
  })
})

describe('spaces.content.listFileBacklinks', () => {
  it('lists the pages that use a file', async () => {
    const { read, demo, space, page, file } = await contentSetup()
    const rev = space(demo.spaces.guide).revision
    const hero = await read.spaces.content.listFileBacklinks({ spaceId: demo.spaces.guide, fileId: file(rev, 'hero.png').file })
    expect(hero.count).toBe(1)
    expect(hero.items[0]).toMatchObject({
      kind: 'page',
      page: { id: page(rev, 'Welcome').page, title: 'Welcome', path: 'welcome' },
      space: { object: 'space', id: demo.spaces.guide },
      versionContext: { type: 'revision', revision: rev },
    })
    const config = await read.spaces.content.listFileBacklinks({ spaceId: demo.spaces.guide, fileId: file(rev, 'acme-config.yaml').file })
    expect(config.items.map((b) => b.page?.path)).toEqual(['installation'])
    const unused = await read.spaces.content.listFileBacklinks({
      spaceId: demo.spaces.guide,
      fileId: file(rev, 'brand-guidelines.pdf').file,
    })
    expect(unused).toMatchObject({ items: [], count: 0 })
  })

  it('follows the content: a new page using the file is a new backlink', async () => {
    const { platform, read, demo, space, file } = await contentSetup()
    const rev = space(demo.spaces.guide).revision
    const svg = file(rev, 'permissions.svg').file
    await platform.builders.page({ space: demo.spaces.guide, title: 'Roles', markdown: 'See [the diagram](/.files/permissions.svg).' })
    const links = await read.spaces.content.listFileBacklinks({ spaceId: demo.spaces.guide, fileId: svg })
    expect(links.items.map((b) => b.page?.path)).toEqual(['concepts/permissions', 'roles'])
    expect(await failure(read.spaces.content.listFileBacklinks({ spaceId: demo.spaces.guide, fileId: 'nope' }))).toBeInstanceOf(
      NotFoundError,
    )
  })
})
