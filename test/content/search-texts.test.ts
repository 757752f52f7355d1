import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { pageEdits } from './helpers.ts'

/**
 * A search index keeps no section's text: a page written is removed from the index by making its
 * sections again from what it was filed from, and a hit's section and snippet are made when read.
 * What a search finds must stay what an index built from the final pages finds.
 */

async function space(seed: string) {
  const platform = createMockPlatform({ scenario: 'empty', seed })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Org' })
  const { token } = await b.user({ organization: org.id, role: 'admin' })
  const { id: spaceId } = await b.space({ organization: org.id, title: 'Space' })
  const client = createClient({ token, fetch: platform.fetch, retry: 0 })
  const search = async (query: string) => (await client.spaces.search({ spaceId, query })).items
  return { b, spaceId, search }
}

/** A section longer than a snippet, with `word` after `before` words of filler. */
const longSection = (word: string, before: number) =>
  `${Array.from({ length: before }, (_, i) => `filler${i}`).join(' ')} ${word} ${Array.from({ length: 40 }, (_, i) => `tail${i}`).join(' ')}`

describe('search without kept section texts', () => {
  it('finds a written page by its new text only, with the new sections and snippets', async () => {
    const { b, spaceId, search } = await space('texts-written')
    const oldText = longSection('alpha', 30)
    const page = await b.page({ space: spaceId, title: 'Guide', markdown: `Intro.\n\n## Old heading\n\n${oldText}` })
    await b.page({ space: spaceId, title: 'Other', markdown: 'Nothing about it.' })
    const before = await search('alpha')
    expect(before.map((r) => r.title)).toEqual(['Guide'])
    const at = oldText.indexOf('alpha')
    expect(before[0]!.sections!.map((s) => [s.title, s.body])).toEqual([['Old heading', `…${oldText.slice(at - 80, at + 160).trim()}…`]])

    const newText = longSection('omega', 50)
    await b.editPage({ space: spaceId, page: page.page, markdown: `Intro.\n\n## New heading\n\n${newText}` })
    expect(await search('alpha')).toEqual([])
    expect(await search('old')).toEqual([])
    const after = await search('omega')
    const cut = newText.indexOf('omega')
    expect(after.map((r) => [r.title, r.sections!.map((s) => [s.title, s.path, s.body])])).toEqual([
      ['Guide', [['New heading', 'guide#new-heading', `…${newText.slice(cut - 80, cut + 160).trim()}…`]]],
    ])

    // The title is filed with every section: renamed, the page is found by its new title only.
    await b.editPage({ space: spaceId, page: page.page, title: 'Handbook' })
    expect(await search('guide')).toEqual([])
    expect((await search('handbook omega')).map((r) => r.title)).toEqual(['Handbook'])
    await b.removePage({ space: spaceId, page: page.page })
    expect(await search('omega')).toEqual([])
    expect((await search('nothing')).map((r) => r.title)).toEqual(['Other'])
  })

  it('shows a search made before a write the sections it found, and one made after it the new ones', async () => {
    const { b, spaceId, search } = await space('texts-kept')
    const page = await b.page({ space: spaceId, title: 'Notes', markdown: '## Widgets\n\nThe widget in blue.' })
    const first = await search('widget')
    await b.editPage({ space: spaceId, page: page.page, markdown: '## Gadgets\n\nThe widget in red.' })
    // The first answer was made before the write and stays as it was sent.
    expect(first[0]!.sections!.map((s) => [s.title, s.body])).toEqual([['Widgets', 'The widget in blue.']])
    expect((await search('widget'))[0]!.sections!.map((s) => [s.title, s.body])).toEqual([['Gadgets', 'The widget in red.']])
  })

  const WORDS = ['deploy', 'token', 'webhook', 'cluster', 'billing', 'internationalization']
  const QUERIES = [...WORDS, 'deploy token', 'chapter', 'renamed', 'internationaliz']
  const edit = pageEdits(7, WORDS.length)
  const markdownOf = (word: number) =>
    `Intro of ${WORDS[word]}.\n\n## ${WORDS[(word + 2) % WORDS.length]} notes\n\n${longSection(WORDS[(word + 4) % WORDS.length]!, word * 7)}`

  /** What a search finds, scores to 9 digits (running averages may differ in the last bits), ties in any order. */
  async function finds(search: (query: string) => Promise<Awaited<ReturnType<Awaited<ReturnType<typeof space>>['search']>>>) {
    const all: string[][] = []
    for (const query of QUERIES)
      all.push(
        (await search(query))
          .map(
            (r) =>
              `${r.title} ${r.score!.toPrecision(9)} ${r.sections!.map((s) => `${s.title}|${s.score!.toPrecision(9)}|${s.body}`).join(' ')}`,
          )
          .sort(),
      )
    return all
  }

  it('finds, after any writes following the first search, what a search of the final pages finds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { maxLength: 8 }), async (edits) => {
        const s = await space('texts-edited')
        const pages: Array<{ id: string | undefined; title: string; markdown: string }> = []
        for (let n = 0; n < 8; n++) {
          const title = `Chapter ${n}`
          const markdown = markdownOf(n % WORDS.length)
          pages.push({ id: (await s.b.page({ space: s.spaceId, title, markdown })).page, title, markdown })
        }
        await finds(s.search)
        for (const e of edits) {
          if (e.kind === 'add') {
            const title = `Added ${pages.length}`
            const markdown = markdownOf(e.word)
            pages.push({ id: (await s.b.page({ space: s.spaceId, title, markdown })).page, title, markdown })
            continue
          }
          const page = pages[e.page]!
          if (!page.id) continue
          if (e.kind === 'remove') {
            await s.b.removePage({ space: s.spaceId, page: page.id })
            page.id = undefined
          } else if (e.kind === 'title') {
            page.title = `Renamed ${e.page}`
            await s.b.editPage({ space: s.spaceId, page: page.id, title: page.title })
          } else {
            page.markdown = markdownOf(e.word)
            await s.b.editPage({ space: s.spaceId, page: page.id, markdown: page.markdown })
          }
          // Searched between writes too: the index is built and follows each one.
          await s.search(WORDS[pages.length % WORDS.length]!)
        }
        const fresh = await space('texts-fresh')
        for (const page of pages) if (page.id) await fresh.b.page({ space: fresh.spaceId, title: page.title, markdown: page.markdown })
        expect(await finds(s.search)).toEqual(await finds(fresh.search))
      }),
      { numRuns: 25 },
    )
  })
})
