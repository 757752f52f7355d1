import fc from 'fast-check'
import MiniSearch, { type SearchOptions } from 'minisearch'
import { describe, expect, it } from 'vitest'
import { processTerm, tokenize } from '../../mock/derived/content/search-index.ts'
import { CompactMiniSearch, DistinctWords } from '../../mock/tables/libraries/compact-minisearch.ts'

/**
 * The search indexes keep MiniSearch's postings in arrays (`CompactMiniSearch`): whatever is added,
 * removed or discarded, every search must find the same documents with the same scores, terms and
 * matches, in the same order, as MiniSearch itself, and the index must serialize the same.
 */

// Few words, so documents share them (long postings, prefixes, typos within reach), with accents,
// stop words, numbers and punctuation.
const WORDS = ['deploy', 'deployment', 'token', 'tokens', 'webhook', 'café', 'Cafe', 'the', 'of', '42', 'v1.2', 'schéma', 'cluster', 'a']
const text = fc.array(fc.constantFrom(...WORDS, ' ', ', ', '\n', '—'), { maxLength: 30 }).map((parts) => parts.join(' '))
const doc = fc.record({ pageTitle: text, title: text, text })

type Doc = { pageTitle: string; title: string; text: string }

/** How many distinct words `distinct` finds in `words` (each word its own term). */
function countDistinct(distinct: DistinctWords, words: readonly string[]): number {
  const into = { terms: [], counts: [], size: 0, distinct: 0 }
  distinct.terms(words, 'text', (word) => word, into)
  return into.distinct
}
type Op =
  | { kind: 'add'; docs: Doc[]; sameTitle: boolean; noise: string[] }
  | { kind: 'remove'; which: number }
  | { kind: 'discard'; which: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    // A page's sections are added together, each with the page's title (the same string).
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      docs: fc.array(doc, { minLength: 1, maxLength: 4 }),
      sameTitle: fc.boolean(),
      noise: fc.array(fc.constantFrom(...WORDS), { maxLength: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), which: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('discard' as const), which: fc.nat() }) },
)

const query = fc.array(fc.constantFrom(...WORDS, 'dep', 'tok', 'webhok', 'clustr', 'caf', 'zzz'), { minLength: 1, maxLength: 3 })
const queryOptions: fc.Arbitrary<SearchOptions> = fc.record({
  prefix: fc.boolean(),
  fuzzy: fc.constantFrom<SearchOptions['fuzzy']>(false, 0.2, 1, (term: string) => (term.length > 4 ? 0.2 : false)),
  combineWith: fc.constantFrom('AND', 'OR', 'AND_NOT'),
  boost: fc.constantFrom<Record<string, number>>({}, { pageTitle: 3, title: 2 }),
})

/** Both indexes after the same operations (the options the search indexes use). */
function both(ops: readonly Op[]) {
  const options = { fields: ['pageTitle', 'title', 'text'], processTerm, tokenize, autoVacuum: false }
  // The counter of distinct words is shared by a platform's indexes: other lists are counted between.
  const distinct = new DistinctWords()
  const indexes = [new MiniSearch<{ id: number }>(options), new CompactMiniSearch<{ id: number }>(options, distinct)]
  const live: Array<{ id: number } & Doc> = []
  let next = 0
  for (const o of ops) {
    if (o.kind === 'add') {
      const added = o.docs.map((d) => ({ id: next++, ...d, pageTitle: o.sameTitle ? o.docs[0]!.pageTitle : d.pageTitle }))
      for (const index of indexes) added.length === 1 ? index.add(added[0]!) : index.addAll(added)
      live.push(...added)
      countDistinct(distinct, o.noise)
    } else if (live.length) {
      const [gone] = live.splice(o.which % live.length, 1)
      for (const index of indexes) o.kind === 'remove' ? index.remove(gone!) : index.discard(gone!.id)
    }
  }
  return indexes
}

describe('MiniSearch with compact postings', () => {
  it('finds what MiniSearch finds, ranked the same, after any additions and removals', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 60 }),
        fc.array(fc.tuple(query, queryOptions), { minLength: 1, maxLength: 6 }),
        (ops, queries) => {
          const [plain, compact] = both(ops)
          for (const [words, options] of queries) {
            // Searches after a discard remove the discarded documents' postings as they meet them:
            // both indexes are searched in turn, so each meets them at the same point.
            expect(compact!.search(words.join(' '), options)).toEqual(plain!.search(words.join(' '), options))
          }
          expect(compact!.documentCount).toBe(plain!.documentCount)
          expect(compact!.termCount).toBe(plain!.termCount)
          expect(JSON.stringify(compact)).toBe(JSON.stringify(plain))
        },
      ),
      { numRuns: 400, seed: 38 },
    )
  })

  it('suggests what MiniSearch suggests', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), query, (ops, words) => {
        const [plain, compact] = both(ops)
        expect(compact!.autoSuggest(words.join(' '), { prefix: true, fuzzy: 0.2 })).toEqual(
          plain!.autoSuggest(words.join(' '), { prefix: true, fuzzy: 0.2 }),
        )
      }),
      { numRuns: 200, seed: 39 },
    )
  })

  it('vacuums discarded documents as MiniSearch does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
        const [plain, compact] = both(ops)
        await Promise.all([plain!.vacuum({ batchSize: 3, batchWait: 0 }), compact!.vacuum({ batchSize: 3, batchWait: 0 })])
        expect(JSON.stringify(compact)).toBe(JSON.stringify(plain))
        expect(compact!.search('deploy token', { prefix: true, fuzzy: 0.2 })).toEqual(
          plain!.search('deploy token', { prefix: true, fuzzy: 0.2 }),
        )
      }),
      { numRuns: 100, seed: 40 },
    )
  })

  it('counts distinct words as a set does, however many it has seen', () => {
    fc.assert(
      fc.property(fc.nat(25_000), fc.array(fc.array(fc.string({ maxLength: 3 }), { maxLength: 20 }), { maxLength: 20 }), (seen, lists) => {
        const distinct = new DistinctWords()
        // Past its bound it forgets what it saw: counts must not change.
        countDistinct(
          distinct,
          Array.from({ length: seen }, (_, i) => `w${i}`),
        )
        for (const list of lists) expect(countDistinct(distinct, list)).toBe(new Set(list).size)
      }),
      { numRuns: 60, seed: 41 },
    )
  })
})
