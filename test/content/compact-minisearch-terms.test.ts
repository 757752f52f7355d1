import fc from 'fast-check'
import MiniSearch from 'minisearch'
import { describe, expect, it } from 'vitest'
import { processTerm, tokenize } from '../../mock/derived/content/search-index.ts'
import { CompactMiniSearch, DistinctWords } from '../../mock/tables/libraries/compact-minisearch.ts'

/**
 * `CompactMiniSearch` files each distinct word of a field once, with its count, keeps a document's
 * field lengths in an array made to size, and gives back the room its postings grew with
 * (`compact`): whatever the fields (more than the three search uses, some missing from a document),
 * the terms a word is processed into (none, one, several) and when the index is compacted, it must
 * find, rank and serialize as MiniSearch does after the same additions and removals.
 */

const WORDS = ['deploy', 'Deploy', 'token', 'tokens', 'webhook', 'café', 'the', '42', 'v1.2', 'split-me', 'a']
const text = fc.array(fc.constantFrom(...WORDS, ' ', ', ', '\n'), { maxLength: 24 }).map((parts) => parts.join(' '))
const FIELDS = ['f0', 'f1', 'f2', 'f3', 'f4']

type Doc = Record<string, string | undefined>
/** A document as indexed: its fields and its ID. */
type Indexed = Record<string, string | number | undefined>
type Op = { kind: 'add'; docs: Doc[] } | { kind: 'remove'; which: number } | { kind: 'compact' }

const op = (fields: number): fc.Arbitrary<Op> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('add' as const),
        docs: fc
          .array(fc.tuple(...FIELDS.slice(0, fields).map(() => fc.option(text, { nil: undefined, freq: 4 }))), {
            minLength: 1,
            maxLength: 4,
          })
          .map((docs) => docs.map((values) => Object.fromEntries(values.map((v, i) => [FIELDS[i]!, v])))),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), which: fc.nat() }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
  )

// A word may become several terms (a hyphenated one, itself and its parts), one, or none.
const splitting = (term: string) => (term.includes('-') ? [term, ...term.split('-')] : processTerm(term))

describe('MiniSearch with compact postings, words filed once each', () => {
  it('finds, ranks and serializes as MiniSearch does, with any fields, terms per word and compactions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((fields) => fc.tuple(fc.constant(fields), fc.array(op(fields), { maxLength: 40 }))),
        fc.boolean(),
        fc.array(fc.constantFrom(...WORDS, 'dep', 'tok', 'webhok', 'split', 'me'), { minLength: 1, maxLength: 3 }),
        ([fields, ops], several, words) => {
          const options = {
            fields: FIELDS.slice(0, fields),
            processTerm: several ? splitting : processTerm,
            tokenize: (t: string) => tokenize(t).flatMap((w) => (several ? [w] : w.split('-'))),
            autoVacuum: false as const,
          }
          const plain = new MiniSearch<Indexed>(options)
          const compact = new CompactMiniSearch<Indexed>(options, new DistinctWords())
          const live: Indexed[] = []
          let next = 0
          for (const o of ops) {
            if (o.kind === 'add') {
              const added: Indexed[] = o.docs.map((d) => ({ id: next++, ...d }))
              plain.addAll(added)
              compact.addAll(added)
              live.push(...added)
            } else if (o.kind === 'compact') compact.compact()
            else if (live.length) {
              const [gone] = live.splice(o.which % live.length, 1)
              plain.remove(gone!)
              compact.remove(gone!)
            }
          }
          for (const search of [{}, { prefix: true, fuzzy: 0.2 }])
            expect(compact.search(words.join(' '), search)).toEqual(plain.search(words.join(' '), search))
          expect(compact.termCount).toBe(plain.termCount)
          expect(JSON.stringify(compact)).toBe(JSON.stringify(plain))
        },
      ),
      { numRuns: 400, seed: 381 },
    )
  })
})
