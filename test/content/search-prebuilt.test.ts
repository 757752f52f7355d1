import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Clock } from '../../mock/base/clock.ts'
import { Random } from '../../mock/base/random.ts'
import { indexedText, SearchIndexes } from '../../mock/derived/content/search-index.ts'
import { searchesPreparation, searchPreparation } from '../../mock/derived/content/search.ts'
import { viewOf } from '../../mock/derived/content/view.ts'
import { Libraries } from '../../mock/tables/libraries.ts'
import { createState } from '../../mock/model/state.ts'
import { createStateLock, transactOn } from '../../mock/core.ts'
import { createBuilders } from '../../mock/scenarios/builders.ts'
import { pageEdits, type PageEdit } from './helpers.ts'

/**
 * A large first index is built outside the state lock from the pages' texts read under it
 * (`SearchIndexes.prebuild`), then adopted by the next search, which files again the pages written
 * meanwhile. Whatever is written while it is built, and between the build and the adoption, the
 * adopted index must find exactly what an index built from the final pages finds.
 */

const WORDS = ['deploy', 'token', 'webhook', 'cluster', 'billing', 'invoice', 'schema', 'cache']
const QUERIES = [...WORDS, 'deploy token', 'chapter', 'renamed']

async function space(pages: number) {
  const libraries = new Libraries()
  await libraries.load(['markdown', 'search'])
  const state = createState(
    new Clock('2026-01-01T00:00:00Z', true),
    new Random('prebuilt'),
    { api: 'https://api.test', app: 'https://app.test' },
    libraries,
  )
  const b = createBuilders(
    transactOn(createStateLock(), () => state),
    () => state,
    {},
    (name) => `token-${name}`,
  )
  const org = await b.organization({ title: 'Org' })
  const created = await b.space({ organization: org.id, title: 'Space' })
  const ids: string[] = []
  for (let n = 0; n < pages; n++) {
    const markdown = `Intro of ${WORDS[n % WORDS.length]}.\n\n## ${WORDS[(n + 3) % WORDS.length]} notes\n\nAbout ${WORDS[(n + 5) % WORDS.length]} and more.`
    ids.push((await b.page({ space: created.id, title: `Chapter ${n}`, markdown })).page)
  }
  const revision = state.tables.spaces.get(created.id)!.revision
  return { state, b, libraries, space: created.id, revision, ids }
}

const edit = pageEdits(29, WORDS.length)

async function apply(s: Awaited<ReturnType<typeof space>>, edits: readonly PageEdit[]) {
  for (const e of edits) {
    const page = e.kind === 'add' ? undefined : s.ids[e.page]
    if (page !== undefined && !s.state.tables.pages.findFirst((q) => q.where({ revision: s.revision, page }))) continue
    if (e.kind === 'markdown')
      await s.b.editPage({ space: s.space, page: page!, markdown: `Now about ${WORDS[e.word]}.\n\n## ${WORDS[e.word]} again\n\nText.` })
    if (e.kind === 'title') await s.b.editPage({ space: s.space, page: page!, title: `Renamed ${e.page}` })
    if (e.kind === 'remove') await s.b.removePage({ space: s.space, page: page! })
    if (e.kind === 'add') await s.b.page({ space: s.space, title: `Added ${WORDS[e.word]}`, markdown: `All about ${WORDS[e.word]}.` })
  }
}

/** What an index finds for each query: the matching sections with their scores (to 9 digits: running averages may differ in the last bits). */
function finds(indexes: SearchIndexes, s: Awaited<ReturnType<typeof space>>) {
  const view = viewOf(s.state, s.revision)
  const index = indexes.of(s.revision, () => view.order.map((node) => node.record.page))
  return QUERIES.map((query) =>
    index
      .search(query, { prefix: true, combineWith: 'AND' })
      .map((hit) => `${String(hit.id)} ${hit.score.toPrecision(9)}`)
      .sort(),
  )
}

describe('a search index built outside the state lock', () => {
  it('finds, once adopted, what an index of the final pages finds, whatever was written while it was built and before it was adopted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { maxLength: 6 }), fc.nat(30), fc.array(edit, { maxLength: 6 }), async (during, at, after) => {
        const s = await space(30)
        const pages = viewOf(s.state, s.revision).order.map((node) => indexedText(node.record))
        let step = 0
        const pause = () => (step++ === at ? apply(s, during) : undefined)
        await s.state.contentCache.search.prebuild(s.revision, pages, pause)
        await apply(s, after)

        const adopted = finds(s.state.contentCache.search, s)
        // A second set of indexes over the same tables: it files the final pages from scratch.
        expect(adopted).toEqual(finds(new SearchIndexes(s.state.tables, s.libraries), s))
      }),
      { numRuns: 60 },
    )
  })

  it('follows writes after it is adopted as an index of the final pages would rank them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 8 }), async (later) => {
        const s = await space(30)
        finds(s.state.contentCache.search, s)
        // Through the write path: each page written leaves the index and is filed again.
        await apply(s, later)
        expect(finds(s.state.contentCache.search, s)).toEqual(finds(new SearchIndexes(s.state.tables, s.libraries), s))
      }),
      { numRuns: 60 },
    )
  })

  it('is built once for concurrent first searches of a revision', async () => {
    const s = await space(10)
    const indexes = s.state.contentCache.search
    const order = viewOf(s.state, s.revision).order
    let pauses = 0
    const pause = () => {
      pauses++
      return new Promise<void>((resolve) => setTimeout(resolve, 0))
    }
    const texts = order.map((node) => indexedText(node.record))
    const first = indexes.prebuild(s.revision, texts, pause)
    const second = indexes.prebuild(s.revision, texts, pause)
    expect(second).toBe(first)
    await Promise.all([first, second])
    // One pause per page: one build walked them.
    expect(pauses).toBe(texts.length)
    expect(indexes.of(s.revision, () => order.map((node) => node.record.page)).documentCount).toBeGreaterThan(0)
    // Once it is over, a later build starts afresh.
    const again = indexes.prebuild(s.revision, texts, () => undefined)
    expect(again).not.toBe(first)
    await again
  })

  it('is built by one preparation, and adopted under the lock by the preparation of its searches', async () => {
    const s = await space(10)
    // Past the size a first search prepares outside the lock for.
    await s.b.page({ space: s.space, title: 'Long', markdown: `Deploy notes.\n\n${'Every cache keeps its own schema. '.repeat(2_500)}` })
    const indexes = s.state.contentCache.search
    const work = searchPreparation(s.state, [s.revision])
    expect(work).toBeDefined()
    await work!()
    // Built and waiting: a run after its preparation asks for no second build.
    expect(indexes.unbuilt(s.revision)).toBe(true)
    expect(indexes.needsIndex(s.revision)).toBe(false)
    expect(searchPreparation(s.state, [s.revision])).toBeUndefined()
    // The searches' preparation adopts it (under the lock), so their work can use it.
    searchesPreparation(s.state, [s.state.tables.spaces.get(s.space)!], ['cache'])
    expect(indexes.unbuilt(s.revision)).toBe(false)
    expect(indexes.versionOf(s.revision)).toBeDefined()
  })

  it('is adopted by the next search, not built again', async () => {
    const s = await space(10)
    const indexes = s.state.contentCache.search
    const order = viewOf(s.state, s.revision).order
    expect(indexes.unbuilt(s.revision)).toBe(true)
    await indexes.prebuild(
      s.revision,
      order.map((node) => indexedText(node.record)),
      () => undefined,
    )
    // Still unbuilt until a search adopts it; then the same index answers every search.
    expect(indexes.unbuilt(s.revision)).toBe(true)
    const first = indexes.of(s.revision, () => order.map((node) => node.record.page))
    expect(indexes.unbuilt(s.revision)).toBe(false)
    expect(first.search('webhook', { prefix: true }).length).toBeGreaterThan(0)
    expect(indexes.of(s.revision, () => order.map((node) => node.record.page))).toBe(first)
  })
})

describe('the indexes one organization search builds outside the state lock', () => {
  it('are all adopted, however much content they hold together', async () => {
    const s = await space(1)
    const revisions = [s.revision]
    for (let n = 1; n < 4; n++) {
      const created = await s.b.space({ organization: s.state.tables.spaces.get(s.space)!.organization, title: `Space ${n}` })
      await s.b.page({ space: created.id, title: 'Only', markdown: 'About cache.' })
      revisions.push(s.state.tables.spaces.get(created.id)!.revision)
    }
    // 24 million characters in all, kept out of the index (`noIndex`) so nothing is parsed: more
    // than any fixed bound on indexes waiting to be adopted would keep.
    const large = 'x'.repeat(6_000_000)
    const indexes = s.state.contentCache.search
    for (const revision of revisions) {
      const texts = viewOf(s.state, revision).order.map((node) => ({ ...indexedText(node.record), markdown: large, noIndex: true }))
      await indexes.prebuild(revision, texts, () => undefined)
    }
    // None is built again by the next run: each waits for its search to adopt it.
    expect(revisions.map((revision) => indexes.needsIndex(revision))).toEqual([false, false, false, false])
    // Adopted, each files again its page as it really is (its text differs from what was built).
    for (const revision of revisions) {
      const view = viewOf(s.state, revision)
      const index = indexes.of(revision, () => view.order.map((node) => node.record.page))
      expect(index.documentCount).toBeGreaterThan(0)
    }
  })
})
