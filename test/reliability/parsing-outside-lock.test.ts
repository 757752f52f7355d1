import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { clientFor, collect } from '../helpers.ts'

/** A fresh platform with one organization and its admin's client. */
async function organization() {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Locks' })
  const admin = await b.user({ organization: org.id, role: 'admin' })
  return { platform, b, org, client: clientFor(platform, admin.token) }
}

/**
 * Sends `slow` then `quick` at once, and gives the order their answers came in (by label) and
 * `slow`'s answer: what shows whether `slow` held the state lock while `quick` waited.
 */
async function race<T>(slow: [string, Promise<T>], quick: [string, Promise<unknown>]): Promise<{ finished: string[]; answer: T }> {
  const finished: string[] = []
  const [answer] = await Promise.all([
    slow[1].then((value) => (finished.push(slow[0]), value)),
    quick[1].then(() => void finished.push(quick[0])),
  ])
  return { finished, answer }
}

/** `count` spaces of `pages` pages each (`page(n, s)` for page `n` of space `s`); their IDs. */
async function shelves(
  b: Awaited<ReturnType<typeof organization>>['b'],
  orgId: string,
  count: number,
  pages: number,
  page: (n: number, s: number) => { title: string; markdown: string },
) {
  const spaces: string[] = []
  for (let s = 0; s < count; s++) {
    const space = await b.space({ organization: orgId, title: `Shelf ${s}` })
    spaces.push(space.id)
    for (let n = 0; n < pages; n++) await b.page({ space: space.id, ...page(n, s) })
  }
  return spaces
}

/** An ordinary paragraph of markdown, repeated to `bytes`. */
const body = (n: number, bytes: number) =>
  `## Note ${n}\n\n${'Some *emphasis*, a [link](https://example.com) and `code` in a sentence of plain words.\n\n'.repeat(bytes / 90)}`.slice(
    0,
    bytes,
  )

describe('comment bodies read as documents', () => {
  it('are converted after the state lock: a read behind a large page of documents answers first', async () => {
    const { b, org, client } = await organization()
    const space = await b.space({ organization: org.id, title: 'Busy' })
    // 100 bodies of 64 KB: 6.4 MB of markdown, seconds of parsing on any machine, not microseconds.
    for (let n = 0; n < 100; n++) await client.spaces.comments.create({ spaceId: space.id, body: { markdown: body(n, 65_536) } })

    const { finished, answer: page } = await race(
      ['documents', client.spaces.comments.list({ spaceId: space.id, format: 'document', limit: 100 })],
      ['space', client.spaces.get({ spaceId: space.id })],
    )

    // Under the lock, the space read would have waited for every conversion.
    expect(finished).toEqual(['space', 'documents'])
    expect(page.items).toHaveLength(100)
    const first = page.items[0]!.body.document as { nodes: Array<{ type: string }> }
    expect(first.nodes[0]!.type).toBe('heading-2')
    expect(first.nodes.length).toBeGreaterThan(100)
    // Converted documents equal what a single read converts.
    const single = await client.spaces.comments.get({ spaceId: space.id, commentId: page.items[0]!.id, format: 'document' })
    expect(single.body.document).toEqual(page.items[0]!.body.document)
    expect((await collect(client.spaces.comments.list({ spaceId: space.id }))).length).toBe(100)
  })
})

describe('page content read as a document', () => {
  it('is converted after the state lock: a write sent behind a large page answers first', async () => {
    const { b, org, client } = await organization()
    const space = await b.space({ organization: org.id, title: 'Big page' })
    const big = await b.page({ space: space.id, title: 'Reference', markdown: body(0, 900_000) })
    // Loads the markdown library first, so the race below is about the lock alone.
    expect(
      (await client.spaces.content.getPage({ spaceId: space.id, pageId: big.page, format: 'markdown' })).markdown!.length,
    ).toBeGreaterThan(800_000)

    const { finished, answer: page } = await race(
      ['page', client.spaces.content.getPage({ spaceId: space.id, pageId: big.page })],
      ['write', client.spaces.update({ spaceId: space.id, title: 'Renamed' })],
    )

    expect(finished).toEqual(['write', 'page'])
    const nodes = page.document!.nodes as Array<{ type: string }>
    expect(nodes[0]!.type).toBe('heading-2')
    expect(nodes.length).toBeGreaterThan(1000)
    expect((await client.spaces.get({ spaceId: space.id })).title).toBe('Renamed')
  })
})

describe('a first search over much content', () => {
  it('parses the pages outside the state lock: a write sent behind it answers first, and the results are whole', async () => {
    const { b, org, client } = await organization()
    // Loads the markdown and search libraries first, so the race below is about the lock alone.
    const tiny = await b.space({ organization: org.id, title: 'Tiny' })
    await b.page({ space: tiny.id, title: 'One', markdown: 'Nothing much.' })
    expect((await client.spaces.search({ spaceId: tiny.id, query: 'nothing' })).count).toBe(1)

    // 300 pages of about 1 KB: 300 KB of markdown to parse on the first search.
    const space = await b.space({ organization: org.id, title: 'Library' })
    for (let n = 0; n < 300; n++) {
      const unique = n === 137 ? '\n\n## Zebrafish care\n\nThe zebrafish tank needs weekly cleaning.' : ''
      await b.page({ space: space.id, title: `Chapter ${n}`, markdown: `${body(n, 1_000)}${unique}` })
    }

    const { finished, answer: results } = await race(
      ['search', client.spaces.search({ spaceId: space.id, query: 'zebrafish' })],
      ['write', client.spaces.update({ spaceId: space.id, title: 'Renamed' })],
    )

    expect(finished).toEqual(['write', 'search'])
    expect(results.items.map((r) => r.title)).toEqual(['Chapter 137'])
    expect(results.items[0]!.sections!.map((s) => s.title)).toEqual(['Zebrafish care'])
    // The organization search finds it too, from the index built by the space search.
    const everywhere = await client.orgs.search({ organizationId: org.id, query: 'zebrafish' })
    expect(everywhere.items.map((r) => [r.title, r.pages!.map((p) => p.title)])).toEqual([['Renamed', ['Chapter 137']]])
  })
})

describe('a first search of a new revision whose pages were parsed before', () => {
  it('builds its index outside the state lock too: a write sent behind it answers first', async () => {
    const { platform, b, org, client } = await organization()
    const space = await b.space({ organization: org.id, title: 'Library' })
    for (let n = 0; n < 300; n++) {
      const unique = n === 137 ? '\n\n## Zebrafish care\n\nThe zebrafish tank needs weekly cleaning.' : ''
      await b.page({ space: space.id, title: `Chapter ${n}`, markdown: `${body(n, 1_000)}${unique}` })
    }
    expect((await client.spaces.search({ spaceId: space.id, query: 'zebrafish' })).items.map((r) => r.title)).toEqual(['Chapter 137'])
    // An import makes a new revision: copies of the 300 pages, whose sections are kept, so only
    // its index is new (300 KB of content to index).
    platform.imports.register('https://example.com/appendix.md', '# Appendix\n\nNothing about fish.')
    await client.spaces.content.import({ spaceId: space.id, url: 'https://example.com/appendix.md', source: 'markdown' })

    const { finished, answer: results } = await race(
      ['search', client.spaces.search({ spaceId: space.id, query: 'zebrafish' })],
      ['write', client.spaces.update({ spaceId: space.id, title: 'Renamed' })],
    )

    expect(finished).toEqual(['write', 'search'])
    expect(results.items.map((r) => r.title)).toEqual(['Chapter 137'])
    expect(results.items[0]!.sections!.map((s) => s.title)).toEqual(['Zebrafish care'])
    expect((await client.spaces.search({ spaceId: space.id, query: 'appendix' })).items.map((r) => r.title)).toEqual(['Appendix'])
  })
})

describe("a revision's links over much content", () => {
  it('are analysed outside the state lock: a write sent behind the first list answers first, and the list is whole', async () => {
    const { b, org, client } = await organization()
    const space = await b.space({ organization: org.id, title: 'Linked' })
    // 300 pages of about 1 KB, each linking to the next one and to a missing page.
    const pages: string[] = []
    for (let n = 0; n < 300; n++) {
      const markdown = `${body(n, 1_000)}\n\nSee [the next one](chapter-${n + 1}) and [a gap](missing-${n}).`
      pages.push((await b.page({ space: space.id, title: `Chapter ${n}`, slug: `chapter-${n}`, markdown })).page)
    }
    // Loads the markdown library first, so the race below is about the lock alone.
    await client.spaces.content.getPage({ spaceId: space.id, pageId: pages[0]!, format: 'markdown' })

    const { finished, answer: page } = await race(
      ['links', client.spaces.listLinks({ spaceId: space.id, status: 'broken', limit: 1000 })],
      ['write', client.spaces.update({ spaceId: space.id, title: 'Renamed' })],
    )

    expect(finished).toEqual(['write', 'links'])
    // Every page's missing link, and the last chapter's link to a chapter that does not exist.
    expect(page.items).toHaveLength(301)
  })
})

describe('comments anchored to blocks, over much content', () => {
  it("analyse the revision's blocks outside the state lock: a write sent behind the first list answers first", async () => {
    const { b, org, client } = await organization()
    const space = await b.space({ organization: org.id, title: 'Discussed' })
    const intro = await b.page({ space: space.id, title: 'Intro', markdown: 'First paragraph.\n\nSecond paragraph.' })
    const { document } = await client.spaces.content.getPage({ spaceId: space.id, pageId: intro.page })
    const node = (document!.nodes as Array<{ id?: string }>)[0]!.id!
    const posted = await client.spaces.comments.create({
      spaceId: space.id,
      page: intro.page,
      node,
      body: { markdown: 'On the first paragraph.' },
    })
    // 300 more pages of about 1 KB: their blocks are analysed by the next read of the comment's target.
    for (let n = 0; n < 300; n++) await b.page({ space: space.id, title: `Chapter ${n}`, markdown: body(n, 1_000) })

    const { finished, answer: page } = await race(
      ['comments', client.spaces.comments.list({ spaceId: space.id })],
      ['write', client.spaces.update({ spaceId: space.id, title: 'Renamed' })],
    )

    expect(finished).toEqual(['write', 'comments'])
    expect(page.items.map((c) => c.id)).toEqual([posted.id])
    expect(page.items[0]!.target).toMatchObject({ page: { id: intro.page, outdated: false }, node: { id: node } })
  })
})

describe('suggested questions over much new content', () => {
  it('analyse the changed spaces outside the state lock: a write sent behind the first call answers first', async () => {
    const { b, org, client } = await organization()
    const space = await b.space({ organization: org.id, title: 'Questions' })
    // Loads the markdown library first, so the race below is about the lock alone.
    await client.orgs.ask.listQuestions({ organizationId: org.id })
    for (let n = 0; n < 300; n++)
      await b.page({ space: space.id, title: `Chapter ${n}`, markdown: `${body(n, 1_000)}\n\n## How do I use chapter ${n}?\n\nLike this.` })

    const { finished, answer } = await race(
      ['questions', client.orgs.ask.listQuestions({ organizationId: org.id })],
      ['write', client.spaces.update({ spaceId: space.id, title: 'Renamed' })],
    )

    expect(finished).toEqual(['write', 'questions'])
    expect(answer.questions).toContain('How do I use chapter 0?')
  })
})

describe('an answer quoting large pages', () => {
  it('analyses and quotes them outside the state lock: a write sent behind the question answers first, and the answer is whole', async () => {
    const { b, org, client } = await organization()
    const space = await b.space({ organization: org.id, title: 'Manual' })
    // Three pages of 200 KB that the question finds, among small neighbours.
    await b.page({ space: space.id, title: 'Preface', markdown: 'How this manual reads.' })
    const volumes: string[] = []
    for (let n = 0; n < 3; n++) {
      volumes.push(
        (await b.page({ space: space.id, title: `Volume ${n}`, markdown: `Zebrafish need care, volume ${n} says.\n\n${body(n, 200_000)}` }))
          .page,
      )
      await b.page({ space: space.id, title: `Appendix ${n}`, markdown: `## Where is appendix ${n}?\n\nAt the end.` })
    }
    // The search index is built first, so the race below is about the answer's own parsing.
    expect((await client.orgs.search({ organizationId: org.id, query: 'zebrafish' })).items).toHaveLength(1)

    const { finished, answer } = await race(
      ['answer', client.orgs.ask.ask({ organizationId: org.id, query: 'zebrafish care' })],
      ['write', client.spaces.update({ spaceId: space.id, title: 'Renamed' })],
    )

    // Under the lock, the write would have waited for 600 KB of pages to be parsed.
    expect(finished).toEqual(['write', 'answer'])
    const again = await client.orgs.ask.ask({ organizationId: org.id, query: 'zebrafish care' })
    expect(again).toEqual(answer)
    expect(answer.answer.sources!.map((s) => s.page)).toEqual(volumes)
    expect(answer.answer.answer!.markdown).toContain('Zebrafish need care, volume 0 says.')
    expect(answer.answer.followupQuestions).toContain('Where is appendix 0?')
  })
})

describe('an answer to a long question over many spaces', () => {
  it('searches its words outside the state lock: a write sent behind the question answers first', async () => {
    const { b, org, client } = await organization()
    const spaces = await shelves(b, org.id, 20, 60, (n, s) => ({ title: `Shelf ${s} chapter ${n}`, markdown: body(n, 1_000) }))
    // Builds the indexes and analyses the pages first, so the race below is about the searches alone.
    expect((await client.orgs.search({ organizationId: org.id, query: 'emphasis' })).items).toHaveLength(20)
    for (const spaceId of spaces) expect((await client.spaces.listLinks({ spaceId })).items.map((l) => l.status)).toEqual(['ok'])
    // No page has every word: each of the 24 words is looked up in each of the 20 spaces.
    const question =
      'which sentence of plain words shows emphasis with a link and code in the note about zebras giraffes lions tigers bears wolves foxes owls hawks eagles'

    const { finished, answer } = await race(
      ['answer', client.orgs.ask.ask({ organizationId: org.id, query: question, details: true })],
      ['write', client.spaces.update({ spaceId: spaces[0]!, title: 'Renamed' })],
    )

    expect(finished).toEqual(['write', 'answer'])
    expect(answer.answer.query!.match).toBe('some')
    expect(answer.answer.query!.terms).toEqual(['sentence', 'plain', 'words', 'emphasis', 'link', 'code', 'note'])
    expect(answer.answer.sources).toHaveLength(3)
    // Asked again, from the searches kept: the same answer.
    expect(await client.orgs.ask.ask({ organizationId: org.id, query: question, details: true })).toEqual(answer)
  })
})

describe('an organization search over many pages', () => {
  it('searches its spaces outside the state lock once their indexes exist: a write sent behind it answers first', async () => {
    const { b, org, client } = await organization()
    // 51 spaces of 200 short pages: 10,200 pages to look through, more than one turn of the lock may.
    const spaces = await shelves(b, org.id, 51, 200, (n, s) => ({
      title: `Item ${n}`,
      markdown: n === 7 ? 'A zebra.' : `Note ${n} on shelf ${s}.`,
    }))
    expect((await client.orgs.search({ organizationId: org.id, query: 'note' })).items).toHaveLength(51)

    const { finished, answer } = await race(
      ['search', client.orgs.search({ organizationId: org.id, query: 'zebra', limit: 100 })],
      ['write', client.spaces.update({ spaceId: spaces[0]!, title: 'Renamed' })],
    )

    expect(finished).toEqual(['write', 'search'])
    expect(answer.items.map((r) => r.pages!.map((p) => p.title))).toEqual(spaces.map(() => ['Item 7']))
    expect(answer.items.map((r) => r.title)).toContain('Renamed')
  })
})

describe('an import of a large markdown source', () => {
  it('finds its title outside the state lock: a write sent behind the import answers first', async () => {
    const { platform, b, org, client } = await organization()
    const space = await b.space({ organization: org.id, title: 'Imported' })
    // Loads the markdown library first, so the race below is about the lock alone.
    platform.imports.register('https://example.com/small.md', '# Small\n\nText.')
    await client.spaces.content.import({ spaceId: space.id, url: 'https://example.com/small.md', source: 'markdown' })
    platform.imports.register('https://example.com/guide.md', `# The *whole* guide\n\n${body(0, 600_000)}`)

    const { finished, answer } = await race(
      ['import', client.spaces.content.import({ spaceId: space.id, url: 'https://example.com/guide.md', source: 'markdown' })],
      ['write', client.spaces.update({ spaceId: space.id, title: 'Renamed' })],
    )

    expect(finished).toEqual(['write', 'import'])
    expect(answer.importedResources).toBe(1)
    const { pages } = await client.spaces.content.listPages({ spaceId: space.id })
    expect(pages.map((p) => p.title)).toEqual(['Small', 'The whole guide'])
    const guide = pages[1]!
    const { markdown } = await client.spaces.content.getPage({ spaceId: space.id, pageId: guide.id, format: 'markdown' })
    expect(markdown!.startsWith('## Note 0')).toBe(true)
    expect(markdown!.length).toBeGreaterThan(590_000)
  })
})
