import { searchesPreparation, searchOrganization, type PageMatch, type SectionMatch } from '../../../derived/content/search.ts'
import type { PageNode } from '../../../derived/content/view.ts'
import type { SpaceRecord } from '../../../tables/spaces.ts'
import type { State } from '../../state.ts'

/**
 * Finds what a question is about, in the content the caller can view. Every lookup goes
 * through the content area's organization search over the spaces `searchableSpaces` gives the
 * caller (read once per run by the handler), so the spaces searched are exactly those `spaceRole`
 * opens to the caller (deleted spaces never), the same as `GET ORG/search`.
 */

/** A page that matched, with the sections that did (best first). */
export interface PageHit {
  space: SpaceRecord
  page: PageNode
  score: number
  sections: SectionMatch[]
  /** The question's words this page matched (with `all`, the words found anywhere: the page matched all of them). */
  words: string[]
}

/** `all`: pages match every word; `some`: none does, these match some; `none`: nothing matched. */
export type MatchKind = 'all' | 'some' | 'none'

export interface Retrieval {
  /** The question, whitespace collapsed. */
  text: string
  match: MatchKind
  /** Best first. */
  hits: PageHit[]
  /** The question's words that match content the caller can view, in question order. */
  terms: string[]
}

/** Words of a question looked up one by one, at most: a long question still costs a bounded number of searches. */
export const MAX_WORDS = 24

/**
 * The question's distinct words, as the search index splits text. One-letter words (the `s` of
 * `what's`) would match almost every page as a prefix, so they are left out.
 */
export function questionWords(state: State, text: string): string[] {
  const tokenize: (text: string, field?: string) => string[] = state.libraries.search.MiniSearch.getDefault('tokenize')
  const words: string[] = []
  for (const token of tokenize(text)) {
    const word = token.toLowerCase()
    if (word.length > 1 && !words.includes(word)) words.push(word)
    if (words.length === MAX_WORDS) break
  }
  return words
}

/** A question as it is searched: whitespace collapsed. */
const questionText = (question: string) => question.replace(/\s+/g, ' ').trim()

/**
 * The searches an answer would run under the state lock ({@link retrieve}), as work to run outside
 * it (`Prepare`) when they are many, as a long question over many spaces makes them: the whole
 * question in each space the caller can view, then, when nothing matches it whole (or `withTerms`),
 * each word. What the work finds is kept (`SearchLookups`), and used under the lock if no index
 * changed meanwhile; `undefined` when little is left to search.
 */
export function lookupPreparation(
  state: State,
  spaces: readonly SpaceRecord[],
  question: string,
  withTerms = false,
): (() => Promise<void>) | undefined {
  const text = questionText(question)
  const whole = searchesPreparation(state, spaces, [text])
  if (whole) return whole
  if (!withTerms && searchOrganization(state, spaces, text).length > 0) return undefined
  return searchesPreparation(state, spaces, questionWords(state, text))
}

const byRank = (a: PageHit, b: PageHit) =>
  b.words.length - a.words.length || b.score - a.score || a.space.seq - b.space.seq || a.page.index - b.page.index

/**
 * Searches for the question as a whole first (every word must match, as organization search
 * does). When nothing matches every word, each word is looked up on its own and pages rank by
 * how many words they match, then by score: a question phrased in many words still finds the
 * pages that cover part of it. `withTerms` asks for the per-word lookups even when the whole
 * question matched, to report which words the content has.
 */
export function retrieve(state: State, spaces: readonly SpaceRecord[], question: string, withTerms = false): Retrieval {
  const text = questionText(question)
  const whole = searchOrganization(state, spaces, text)
  const words = questionWords(state, text)
  const perWord = !whole.length || withTerms ? words.map((word) => ({ word, results: searchOrganization(state, spaces, word) })) : []
  const terms = perWord.filter((w) => w.results.length > 0).map((w) => w.word)

  if (whole.length) {
    const hits = whole.flatMap(({ space, pages }) => pages.map((m) => hitOf(space, m, terms)))
    return { text, match: 'all', hits: hits.sort(byRank), terms }
  }

  const merged = new Map<string, PageHit>()
  for (const { word, results } of perWord) {
    for (const { space, pages } of results) {
      for (const m of pages) {
        const key = `${space.id}\u0000${m.page.record.page}`
        const hit = merged.get(key)
        if (!hit) {
          merged.set(key, hitOf(space, m, [word]))
          continue
        }
        hit.words.push(word)
        hit.score += m.score
        for (const section of m.sections) {
          const same = hit.sections.find((s) => s.section.id === section.section.id)
          if (same) same.score += section.score
          else hit.sections.push({ ...section })
        }
      }
    }
  }
  // A section matching several words of the question outranks one matching a single word.
  for (const hit of merged.values()) hit.sections.sort((a, b) => b.score - a.score)
  const hits = [...merged.values()].sort(byRank)
  return { text, match: hits.length ? 'some' : 'none', hits, terms }
}

function hitOf(space: SpaceRecord, match: PageMatch, words: string[]): PageHit {
  return { space, page: match.page, score: match.score, sections: match.sections.map((s) => ({ ...s })), words: [...words] }
}
