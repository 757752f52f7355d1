import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { AuthenticationError, BadRequestError, ConflictError, createClient, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { failure } from '../helpers.ts'
import { contentSetup } from './helpers.ts'

const DOCS = 'https://docs.example.com/handbook'
const fixture = {
  pages: [
    { title: 'Installation', markdown: 'Imported installation steps.' },
    { title: 'Onboarding', markdown: '# Day one\n\nMeet your team.', pages: [{ title: 'Checklist', markdown: '- [ ] laptop' }] },
    { title: 'Gone', unreachable: true },
  ],
  files: [{ name: 'team.png', dimensions: { width: 800, height: 600 }, size: 5_120 }],
  variables: { company: 'Example' },
}

describe('spaces.content.import', () => {
  it('imports registered content into a new active revision whose parent is the previous one', async () => {
    const { platform, edit, read, demo, space, page } = await contentSetup()
    const before = space(demo.spaces.guide).revision
    const installation = page(before, 'Installation')
    platform.imports.register(DOCS, fixture)
    const { data, response } = await edit.spaces.content.import({ spaceId: demo.spaces.guide, url: DOCS, source: 'website' }).withResponse()
    expect(response.status).toBe(201)
    expect(data).toEqual({ revision: expect.any(String), importedResources: 4, totalResources: 5 })
    expect(data.revision).not.toBe(before)

    const revision = await read.spaces.content.get({ spaceId: demo.spaces.guide })
    expect(revision).toMatchObject({
      id: data.revision,
      parents: [before],
      type: 'edits',
      variables: { productName: 'Acme Platform', cliVersion: '4.2.0', company: 'Example' },
    })
    expect((await read.spaces.get({ spaceId: demo.spaces.guide })).revision).toBe(data.revision)
    expect(revision.pages!.map((p) => p.path)).toEqual(['welcome', 'quickstart', 'installation', 'concepts', 'guides', 'faq', 'onboarding'])
    expect(revision.pages![6]!.pages!.map((p) => p.path)).toEqual(['onboarding/checklist'])
    expect(revision.files!.map((f) => f.name)).toContain('team.png')
    // A page at the same path is updated in place: same ID, new content; the old revision keeps the old one.
    const updated = await read.spaces.content.getPage({ spaceId: demo.spaces.guide, pageId: installation.page, format: 'markdown' })
    expect(updated.markdown).toBe('Imported installation steps.')
    expect(page(before, 'Installation').markdown).toContain('The Acme CLI runs on macOS')
  })

  it('imports a markdown string as one page titled by its first heading', async () => {
    const { platform, admin, demo } = await contentSetup()
    platform.imports.register('https://example.com/notes.md', '# Release notes\n\n## 1.0\n\nFirst release.\n')
    const result = await admin.spaces.content.import({
      spaceId: demo.spaces.changelog,
      url: 'https://example.com/notes.md',
      source: 'markdown',
    })
    expect(result).toMatchObject({ importedResources: 1, totalResources: 1 })
    const { pages } = await admin.spaces.content.listPages({ spaceId: demo.spaces.changelog })
    const notes = pages.find((p) => p.title === 'Release notes')!
    expect(notes.path).toBe('release-notes')
    const md = await admin.spaces.content.getPage({ spaceId: demo.spaces.changelog, pageId: notes.id, format: 'markdown' })
    expect(md.markdown).toBe('## 1.0\n\nFirst release.\n')
  })

  it('falls back to content derived from the URL, the same on every platform', async () => {
    const url = 'https://github.com/acme/widgets'
    const imported = async () => {
      const platform = createMockPlatform({ scenario: 'demo', freeze: true })
      await platform.ready
      const client = createClient({ token: platform.tokens.admin!, fetch: platform.fetch, retry: 0 })
      const spaceId = [...platform.db.spaces.all()].find((s) => s.title === 'Changelog')!.id
      const result = await client.spaces.content.import({ spaceId, url, source: 'github' })
      return {
        result,
        revision: await client.spaces.content.get({ spaceId }),
        bare: await client.spaces.content.get({ spaceId, metadata: false }),
      }
    }
    const [one, two] = [await imported(), await imported()]
    expect(one.result).toEqual(two.result)
    expect(one.result).toMatchObject({ importedResources: 3, totalResources: 3 })
    const widgets = one.revision.pages!.find((p) => p.title === 'Widgets')!
    expect(widgets.pages!.map((p) => p.path)).toEqual(['widgets/installation', 'widgets/usage'])
    expect(widgets.git).toEqual({ oid: expect.stringMatching(/^[0-9a-f]{40}$/), path: 'widgets.md' })
    expect(one.revision.git).toMatchObject({ message: `Import from ${url}`, createdByService: true, url, ref: 'refs/heads/main' })
    expect(one.revision).toEqual(two.revision)
    expect(one.bare).not.toHaveProperty('git')
    expect(one.bare.pages!.find((p) => p.title === 'Widgets')).not.toHaveProperty('git')
  })

  it('refuses bad URLs and sources, changing nothing', async () => {
    const { platform, admin, demo, space } = await contentSetup()
    const before = space(demo.spaces.guide).revision
    const revisions = platform.db.revisions.size
    for (const [body, field] of [
      [{ url: 'ftp://example.com/docs', source: 'website' }, 'body.url'],
      [{ url: 'not a url', source: 'website' }, 'body.url'],
      [{ url: DOCS, source: 'floppy' }, 'body.source'],
      [{ source: 'website' }, 'body.url'],
      [{ url: DOCS }, 'body.source'],
    ] as const) {
      const error = await failure(
        admin.spaces.content.import({ spaceId: demo.spaces.guide, ...(body as { url: string; source: 'website' }) }),
      )
      expect(error).toBeInstanceOf(BadRequestError)
      expect(error.message).toContain(field)
    }
    platform.imports.register(DOCS, { pages: [{ title: 'Fine' }, { markdown: 'no title' }] })
    const invalid = await failure(admin.spaces.content.import({ spaceId: demo.spaces.guide, url: DOCS, source: 'website' }))
    expect(invalid).toBeInstanceOf(BadRequestError)
    expect(invalid.message).toContain('pages.1.title')
    platform.imports.register(DOCS, {
      pages: [
        { title: 'Twice', slug: 'same' },
        { title: 'Again', slug: 'same' },
      ],
    })
    expect((await failure(admin.spaces.content.import({ spaceId: demo.spaces.guide, url: DOCS, source: 'website' }))).message).toContain(
      'pages.1.slug',
    )
    expect(space(demo.spaces.guide).revision).toBe(before)
    expect(platform.db.revisions.size).toBe(revisions)
  })

  it('adds pages of the same title beside each other, and refuses a slug another page takes', async () => {
    const { platform, admin, demo, space, page } = await contentSetup()
    platform.imports.register(DOCS, {
      pages: [
        { title: 'FAQ', markdown: 'New answers.' },
        { title: 'FAQ', markdown: 'More answers.' },
      ],
    })
    await admin.spaces.content.import({ spaceId: demo.spaces.guide, url: DOCS, source: 'website' })
    const rev = space(demo.spaces.guide).revision
    expect(
      platform.db.pages
        .findMany((q) => q.where({ revision: rev }))
        .filter((p) => p.title === 'FAQ')
        .map((p) => [p.slug, p.markdown]),
    ).toEqual([
      ['faq', 'New answers.'],
      ['faq-2', 'More answers.'],
    ])
    platform.imports.register(DOCS, { pages: [{ title: 'Quickstart' }, { title: 'Other', slug: 'quickstart' }] })
    const taken = await failure(admin.spaces.content.import({ spaceId: demo.spaces.guide, url: DOCS, source: 'website' }))
    expect(taken).toBeInstanceOf(BadRequestError)
    expect(taken.message).toContain('pages.1.slug "quickstart" is taken')
    expect(space(demo.spaces.guide).revision).toBe(rev)
    expect(page(rev, 'Quickstart').markdown).toContain('This quickstart creates a space')
  })

  it('needs edit on a live space', async () => {
    const { read, comment, admin, outsider, anonymous, demo } = await contentSetup()
    const body = { url: DOCS, source: 'website' } as const
    expect(await failure(read.spaces.content.import({ spaceId: demo.spaces.guide, ...body }))).toBeInstanceOf(PermissionDeniedError)
    expect(await failure(comment.spaces.content.import({ spaceId: demo.spaces.guide, ...body }))).toBeInstanceOf(PermissionDeniedError)
    expect(await failure(outsider.spaces.content.import({ spaceId: demo.spaces.guide, ...body }))).toBeInstanceOf(PermissionDeniedError)
    const locked = await failure(admin.spaces.content.import({ spaceId: demo.spaces.roadmap, ...body }))
    expect(locked).toBeInstanceOf(PermissionDeniedError)
    expect(locked.message).toContain('locked')
    expect((await admin.spaces.get({ spaceId: demo.spaces.roadmap })).permissions?.edit).toBe(false)
    expect(await failure(outsider.spaces.content.import({ spaceId: demo.spaces.handbook, ...body }))).toBeInstanceOf(NotFoundError)
    expect(await failure(anonymous.spaces.content.import({ spaceId: demo.spaces.guide, ...body }))).toBeInstanceOf(AuthenticationError)
  })
})

describe('changeRequests.content.import', () => {
  it("imports into the change request's new latest revision and leaves the space alone", async () => {
    const { platform, edit, read, demo, space, changeRequest } = await contentSetup()
    const cr = changeRequest(demo.spaces.guide, 1)
    const crBefore = cr.revision
    const spaceBefore = await read.spaces.content.listPages({ spaceId: demo.spaces.guide })
    const spaceRevision = space(demo.spaces.guide).revision
    platform.imports.register(DOCS, fixture)
    const { data, response } = await edit.changeRequests.content
      .import({ spaceId: demo.spaces.guide, changeRequestId: '1', url: DOCS, source: 'website' })
      .withResponse()
    expect(response.status).toBe(201)
    expect(data).toMatchObject({ importedResources: 4, totalResources: 5 })
    const latest = await read.changeRequests.content.get({ spaceId: demo.spaces.guide, changeRequestId: cr.id })
    expect(latest).toMatchObject({ id: data.revision, parents: [crBefore], type: 'edits' })
    expect(platform.db.changeRequests.get(cr.id)!.revision).toBe(data.revision)
    const crPages = await read.changeRequests.content.listPages({ spaceId: demo.spaces.guide, changeRequestId: '1' })
    expect(crPages.pages.map((p) => p.path)).toContain('onboarding')
    // The change request's own edits survive the import (its Docker page is still there).
    expect(crPages.pages.find((p) => p.path === 'guides')!.pages!.map((p) => p.path)).toContain('guides/quickstart-with-docker')
    expect(await read.spaces.content.listPages({ spaceId: demo.spaces.guide })).toEqual(spaceBefore)
    expect(space(demo.spaces.guide).revision).toBe(spaceRevision)
  })

  it('refuses unknown change requests, settled ones and callers without edit', async () => {
    const { platform, admin, read, demo } = await contentSetup()
    const body = { url: DOCS, source: 'website' } as const
    expect(
      await failure(admin.changeRequests.content.import({ spaceId: demo.spaces.guide, changeRequestId: '99', ...body })),
    ).toBeInstanceOf(NotFoundError)
    expect(
      await failure(admin.changeRequests.content.import({ spaceId: demo.spaces.guide, changeRequestId: 'nope', ...body })),
    ).toBeInstanceOf(NotFoundError)
    expect(await failure(read.changeRequests.content.import({ spaceId: demo.spaces.guide, changeRequestId: '1', ...body }))).toBeInstanceOf(
      PermissionDeniedError,
    )
    const merged = await platform.builders.changeRequest({
      space: demo.spaces.guide,
      createdBy: demo.users.edit,
      status: 'merged',
      subject: 'Done',
    })
    const settled = await failure(
      admin.changeRequests.content.import({ spaceId: demo.spaces.guide, changeRequestId: String(merged.number), ...body }),
    )
    expect(settled).toBeInstanceOf(ConflictError)
    expect(platform.db.changeRequests.get(merged.id)!.revision).toBe(merged.revision)
  })
})
