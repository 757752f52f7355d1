import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, NotFoundError } from '../../src/index.ts'
import { failure } from '../helpers.ts'
import { contentSetup } from './helpers.ts'

describe('spaces.search', () => {
  it('ranks a title match above a heading match above a text match', async () => {
    const { platform, read, demo } = await contentSetup()
    const b = platform.builders
    const spaceId = demo.spaces.customers
    await b.page({ space: spaceId, title: 'Notes', markdown: 'We talk about the widget here, once.' })
    await b.page({ space: spaceId, title: 'Setup', markdown: '## Widget settings\n\nColours and sizes.' })
    await b.page({ space: spaceId, title: 'Widget', markdown: 'All about it.' })
    const results = await read.spaces.search({ spaceId, query: 'widget' })
    expect(results.items.map((r) => r.path)).toEqual(['widget', 'setup', 'notes'])
    expect(results.count).toBe(3)
  })

  it('answers a repeated search from what it found, until a page of the space changes', async () => {
    const { platform, read, demo } = await contentSetup()
    const b = platform.builders
    const spaceId = demo.spaces.customers
    const group = await b.page({ space: spaceId, title: 'Widgets', type: 'group' })
    const page = await b.page({ space: spaceId, parent: group.page, title: 'Blue widget', markdown: 'The widget in blue.' })
    const found = async () => (await read.spaces.search({ spaceId, query: 'widget' })).items.map((r) => [r.path, r.title])
    expect(await found()).toEqual([['widgets/blue-widget', 'Blue widget']])
    // A file does not change what search finds, but its revision's tree is read again: same paths.
    await b.file({ space: spaceId, name: 'widget.png' })
    expect(await found()).toEqual([['widgets/blue-widget', 'Blue widget']])
    // A page written changes the index: found again.
    await b.editPage({ space: spaceId, page: page.page, title: 'Red widget', slug: 'red-widget' })
    await b.page({ space: spaceId, title: 'Widget tips', markdown: 'More.' })
    expect(await found()).toEqual([
      ['widgets/red-widget', 'Red widget'],
      ['widget-tips', 'Widget tips'],
    ])
    await b.removePage({ space: spaceId, page: page.page })
    expect(await found()).toEqual([['widget-tips', 'Widget tips']])
  })

  it('matches the start of words and tolerates a typo in long words', async () => {
    const { read, demo } = await contentSetup()
    const paths = async (query: string) => (await read.spaces.search({ spaceId: demo.spaces.guide, query })).items.map((r) => r.path)
    expect((await paths('configur'))[0]).toBe('installation')
    // An exact word outranks the start of a longer one: the search tips quote `instal` itself.
    expect((await paths('instal')).slice(0, 2)).toEqual(['guides/searching-your-docs', 'installation'])
    expect((await paths('instalation'))[0]).toBe('installation')
    expect(await paths('quickst')).toContain('quickstart')
    expect(await paths('zzzzqx')).toEqual([])
  })

  it('needs every word, and leaves stop words out', async () => {
    const { read, demo } = await contentSetup()
    const both = await read.spaces.search({ spaceId: demo.spaces.guide, query: 'docker install' })
    expect(both.items.map((r) => r.path)).toEqual(['installation', 'guides/searching-your-docs'])
    const question = await read.spaces.search({ spaceId: demo.spaces.guide, query: 'how do I delete my account' })
    expect(question.items.map((r) => r.path)).toEqual(['faq'])
  })

  it('returns the matched sections with paths, anchors, snippets and app URLs', async () => {
    const { read, demo, space, page } = await contentSetup()
    const results = await read.spaces.search({ spaceId: demo.spaces.guide, query: 'token scopes' })
    const auth = results.items[0]!
    expect(auth).toMatchObject({
      id: page(space(demo.spaces.guide).revision, 'Authentication').page,
      title: 'Authentication',
      path: 'concepts/authentication',
    })
    expect(auth.urls?.app).toBe(`https://app.docplat.dev/o/${demo.acme}/s/${demo.spaces.guide}/concepts/authentication`)
    expect(auth.sections![0]).toMatchObject({
      id: expect.any(String),
      title: 'Token scopes',
      path: 'concepts/authentication#token-scopes',
      urls: { app: `${auth.urls!.app}#token-scopes` },
    })
    expect(auth.sections![0]!.body).toContain('read: read content')
  })

  it('answers from the current content after every kind of write, builders and platform.db alike', async () => {
    const { platform, read, demo, space } = await contentSetup()
    const spaceId = demo.spaces.guide
    expect((await read.spaces.search({ spaceId, query: 'kubernetes' })).count).toBe(0)
    const added = await platform.builders.page({ space: spaceId, title: 'Kubernetes', markdown: 'Deploy with Helm.' })
    expect((await read.spaces.search({ spaceId, query: 'kubernetes' })).items.map((r) => r.path)).toEqual(['kubernetes'])
    // A write straight on the table goes through the same path: the next search sees it.
    const stored = platform.db.pages.get(`${space(spaceId).revision}:${added.page}`)!
    platform.db.pages.update(stored, { markdown: 'Deploy with Nomad.' })
    expect((await read.spaces.search({ spaceId, query: 'nomad' })).items.map((r) => r.path)).toEqual(['kubernetes'])
    expect((await read.spaces.search({ spaceId, query: 'helm' })).count).toBe(0)
    platform.db.pages.delete(stored)
    expect((await read.spaces.search({ spaceId, query: 'nomad' })).count).toBe(0)
  })

  it('leaves out group pages and pages marked noIndex', async () => {
    const { platform, read, demo } = await contentSetup()
    await platform.builders.page({ space: demo.spaces.customers, title: 'Secret plans', markdown: 'Plans.', noIndex: true })
    expect((await read.spaces.search({ spaceId: demo.spaces.customers, query: 'plans' })).count).toBe(0)
    expect((await read.spaces.search({ spaceId: demo.spaces.guide, query: 'concepts' })).items.map((r) => r.path)).not.toContain('concepts')
  })

  it('pages through results', async () => {
    const { platform, read, demo } = await contentSetup()
    for (let i = 1; i <= 5; i++)
      await platform.builders.page({ space: demo.spaces.customers, title: `Release ${i}`, markdown: 'Shipping news.' })
    const first = await read.spaces.search({ spaceId: demo.spaces.customers, query: 'release', limit: 2 })
    expect(first.count).toBe(5)
    const all: string[] = []
    for await (const r of read.spaces.search({ spaceId: demo.spaces.customers, query: 'release', limit: 2 })) all.push(r.path!)
    expect(all.sort()).toEqual(['release-1', 'release-2', 'release-3', 'release-4', 'release-5'])
  })

  it('refuses a missing, empty or too long query, invisible spaces and no token', async () => {
    const { read, outsider, anonymous, demo } = await contentSetup()
    for (const query of ['', 'x'.repeat(513), undefined]) {
      const error = await failure(read.spaces.search({ spaceId: demo.spaces.guide, query: query as string }))
      expect(error).toBeInstanceOf(BadRequestError)
      expect(error.message).toContain('query.query')
    }
    expect((await read.spaces.search({ spaceId: demo.spaces.guide, query: 'x'.repeat(512) })).count).toBe(0)
    expect(await failure(outsider.spaces.search({ spaceId: demo.spaces.handbook, query: 'security' }))).toBeInstanceOf(NotFoundError)
    expect(await failure(anonymous.spaces.search({ spaceId: demo.spaces.guide, query: 'security' }))).toBeInstanceOf(AuthenticationError)
  })
})

describe('orgs.search', () => {
  it('searches every space the caller can view, one result per space, best first', async () => {
    const { admin, demo } = await contentSetup()
    const results = await admin.orgs.search({ organizationId: demo.acme, query: 'token' })
    expect(results.items.map((r) => r.title)).toEqual(['Getting Started', 'API Reference', 'Employee Handbook'])
    expect(results.items[0]).toMatchObject({
      id: demo.spaces.guide,
      pages: expect.arrayContaining([expect.objectContaining({ path: 'concepts/authentication' })]),
    })
    expect(results.items[2]!.pages!.map((p) => p.path)).toEqual(['security-policy'])
    expect(results.items[2]!.pages![0]!.sections![0]).toMatchObject({ title: 'Passwords', path: 'security-policy#passwords' })
  })

  it("follows each caller's access", async () => {
    const { guest, read, outsider, demo } = await contentSetup()
    const titles = async (client: typeof read, query: string) =>
      (await client.orgs.search({ organizationId: demo.acme, query })).items.map((r) => r.title)
    // A guest sees public content and what was granted (the handbook); readers also see the internal collection.
    expect(await titles(guest, 'token')).toEqual(['Getting Started', 'Employee Handbook'])
    expect(await titles(read, 'token')).toEqual(['Getting Started', 'API Reference', 'Employee Handbook'])
    expect(await titles(read, 'roadmap')).toEqual(['Roadmap'])
    expect(await titles(guest, 'roadmap')).toEqual([])
    // Another organization's members search their own; Acme is not theirs.
    expect((await outsider.orgs.search({ organizationId: demo.globex, query: 'logistics' })).items.map((r) => r.title)).toEqual([
      'Globex Public Docs',
    ])
    expect(await failure(outsider.orgs.search({ organizationId: demo.acme, query: 'token' }))).toBeInstanceOf(NotFoundError)
  })

  it('pages through spaces and checks the query', async () => {
    const { admin, anonymous, demo } = await contentSetup()
    const first = await admin.orgs.search({ organizationId: demo.acme, query: 'token', limit: 1 })
    expect(first).toMatchObject({ count: 3, items: [{ title: 'Getting Started' }] })
    expect((await first.getNextPage()).items.map((r) => r.title)).toEqual(['API Reference'])
    expect(await failure(admin.orgs.search({ organizationId: demo.acme, query: 'y'.repeat(513) }))).toBeInstanceOf(BadRequestError)
    expect(await failure(anonymous.orgs.search({ organizationId: demo.acme, query: 'token' }))).toBeInstanceOf(AuthenticationError)
  })
})
