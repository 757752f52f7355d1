import type { SectionInfo } from '../../../markdown/page-analysis.ts'
import { eachSliced, PREPARE_ABOVE, slicer } from '../../../base/turns.ts'
import type { PageRecord } from '../../../tables/content.ts'
import { analysisOf, keepAnalysis, viewOf, type PageNode, type RevisionView } from '../../../derived/content/view.ts'
import type { SpaceRecord } from '../../../tables/spaces.ts'
import type { State } from '../../state.ts'
import { excerptOf, pageExcerpts, quotableSectionsOf, type ExcerptBlock } from './excerpt.ts'
import { distinct, isAskable, isQuestion, pageQuestion, questionHeadings, questionsPreparation, recommendedQuestions } from './questions.ts'
import type { MatchKind, PageHit, Retrieval } from './retrieve.ts'

/**
 * An answer, built the way an extractive assistant would: search the content the caller can
 * view, quote the lead of the best matching sections of the best pages, name them as sources,
 * and suggest questions about the related pages. The same question over the same content gives
 * the same answer, so tests can assert it and the streamed answer ends equal to the posted one.
 */

/** Pages an answer quotes at most. */
export const MAX_SOURCES = 3
/** Sections quoted from one page at most. */
export const MAX_SECTIONS = 2
/** Follow-up questions at most. */
export const MAX_FOLLOWUPS = 3

/** A quoted section: where it is and what the answer says from it. */
export interface QuotedSection {
  section: SectionInfo
  excerpt: ExcerptBlock[]
}

/** A page the answer draws on, in the revision the caller sees. */
export interface Citation {
  space: SpaceRecord
  view: RevisionView
  page: PageNode
  sections: QuotedSection[]
  /** Why the page was chosen, in words. */
  reason: string
}

/** How the question was searched (what `details=true` returns). */
export interface QueryDetails {
  text: string
  terms: string[]
  match: MatchKind
  /** Pages that matched, across spaces (at most 25 a space, as organization search returns). */
  results: number
  spaces: Array<{ id: string; title: string; pages: number }>
}

export interface Answer {
  question: string
  match: MatchKind
  citations: Citation[]
  followups: string[]
  details: QueryDetails
}

const quoted = (title: string) => `“${title}”`

function listed(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

function sectionName(section: SectionInfo, index: number): string {
  return index === 0 ? 'the introduction' : quoted(section.title)
}

/** Why a page was chosen: which sections (or its title) matched, and, for a partial match, which words. */
function reasonFor(match: MatchKind, hit: PageHit, matched: Array<{ section: SectionInfo; index: number }>): string {
  const where = matched.length ? `in ${listed(matched.map((m) => sectionName(m.section, m.index)))}` : 'in its title'
  if (match === 'all') return matched.length ? `Matches the question ${where}.` : 'Its title matches the question.'
  return `Matches ${listed(hit.words.map(quoted))} from the question ${where}.`
}

/** The sections a page is quoted from: the best matching ones with something to quote, else its lead. */
function quote(
  state: State,
  view: RevisionView,
  hit: PageHit,
): { sections: QuotedSection[]; matched: Array<{ section: SectionInfo; index: number }> } {
  const sections = analysisOf(view, hit.page).sections
  const blocks = pageExcerpts(state, view, hit.page)
  const excerpts = sections.map((_, index) => excerptOf(blocks[index] ?? []))
  const excerptAt = (index: number) => excerpts[index]!
  const matched = hit.sections
    .map((m) => ({ section: m.section, index: sections.findIndex((s) => s.id === m.section.id) }))
    .filter((m) => m.index >= 0)
  const chosen = matched.filter((m) => excerptAt(m.index).length > 0).slice(0, MAX_SECTIONS)
  if (chosen.length) return { sections: chosen.map((m) => ({ section: m.section, excerpt: excerptAt(m.index) })), matched: chosen }
  // Only the title (or sections with nothing quotable) matched: the whole page is about the
  // question, so its first sections answer best.
  const lead = sections.map((section, index) => ({ section, excerpt: excerpts[index]! })).filter((s) => s.excerpt.length > 0)
  return { sections: lead.slice(0, MAX_SECTIONS), matched: matched.slice(0, MAX_SECTIONS) }
}

/** The pages beside a page in the table of contents; a group's pages count as the group's own neighbours. */
function neighbours(view: RevisionView, node: PageNode): PageNode[] {
  const expand = (nodes: readonly PageNode[]): PageNode[] => nodes.flatMap((n) => (n.record.type === 'group' ? expand(n.children) : [n]))
  return expand(node.parent ? node.parent.children : view.roots)
}

/**
 * Follow-up questions: about the matching pages the answer did not quote, then the other
 * questions the quoted pages answer (their question headings), then the quoted pages'
 * neighbours in the table of contents.
 */
function followupsFor(state: State, citations: Citation[], others: PageHit[], asked: string): string[] {
  const cited = new Set(citations.map((c) => `${c.space.id}\u0000${c.page.record.page}`))
  const quotedTitles = citations.flatMap((c) => c.sections.map((s) => s.section.title))
  const candidates: string[] = []
  for (const hit of others) {
    const heading = hit.sections.find((s) => s.section.id !== hit.page.record.page && isQuestion(s.section.title))
    candidates.push(heading ? heading.section.title.trim() : pageQuestion(viewOf(state, hit.space.revision), hit.page))
  }
  for (const c of citations) candidates.push(...questionHeadings(c.view, c.page))
  for (const c of citations) {
    for (const node of neighbours(c.view, c.page)) {
      if (cited.has(`${c.space.id}\u0000${node.record.page}`) || !isAskable(c.view, node)) continue
      candidates.push(pageQuestion(c.view, node))
    }
  }
  return distinct(candidates, [asked, ...quotedTitles]).slice(0, MAX_FOLLOWUPS)
}

/**
 * Answers a question from the content `userId` can view in an organization, from what its search
 * found ({@link retrieve}, under the same turn of the state lock).
 */
export function answerQuestion(state: State, organization: string, userId: string, found: Retrieval): Answer {
  const citations: Citation[] = found.hits.slice(0, MAX_SOURCES).map((hit) => {
    const view = viewOf(state, hit.space.revision)
    const { sections, matched } = quote(state, view, hit)
    return { space: hit.space, view, page: hit.page, sections, reason: reasonFor(found.match, hit, matched) }
  })
  const followups =
    found.match === 'none'
      ? distinct(recommendedQuestions(state, organization, userId), [found.text]).slice(0, MAX_FOLLOWUPS)
      : followupsFor(state, citations, found.hits.slice(MAX_SOURCES), found.text)

  const spaces = new Map<string, { id: string; title: string; pages: number }>()
  for (const hit of found.hits) {
    const entry = spaces.get(hit.space.id) ?? { id: hit.space.id, title: hit.space.title, pages: 0 }
    entry.pages++
    spaces.set(hit.space.id, entry)
  }
  return {
    question: found.text,
    match: found.match,
    citations,
    followups,
    details: { text: found.text, terms: found.terms, match: found.match, results: found.hits.length, spaces: [...spaces.values()] },
  }
}

/**
 * The parsing an answer would do under the state lock once its search has found its pages, as work
 * to run outside it (`Prepare`): the analyses of the pages it may quote or suggest questions about
 * (every hit, and the quoted pages' neighbours) and the quotable blocks of the pages it quotes,
 * those not kept yet, their content read now; `undefined` when little is left. With no hit, the
 * suggested questions' own preparation. Run after the search index is ready, since the hits are
 * what decides the pages.
 */
export function answerPreparation(state: State, found: Retrieval): (() => Promise<void>) | undefined {
  if (found.match === 'none') return questionsPreparation(state)
  const { analyses } = state.contentCache
  const quotes = state.answerQuotes
  const analyse = new Set<PageRecord>()
  const parse = new Set<PageRecord>()
  let size = 0
  const needs = (record: PageRecord, into: Set<PageRecord>, kept: boolean) => {
    if (kept || into.has(record)) return
    into.add(record)
    size += record.markdown.length
  }
  for (const [i, hit] of found.hits.entries()) {
    const { record } = hit.page
    needs(record, analyse, analyses.has(record.page, record.title, record.markdown))
    if (i >= MAX_SOURCES) continue
    needs(record, parse, quotes.has(record.page, '', record.markdown))
    for (const node of neighbours(viewOf(state, hit.space.revision), hit.page)) {
      needs(node.record, analyse, node.record.type === 'group' || analyses.has(node.record.page, node.record.title, node.record.markdown))
    }
  }
  if (size < PREPARE_ABOVE) return undefined
  return async () => {
    const pause = slicer()
    await eachSliced(analyse, (record) => keepAnalysis(state, record), pause)
    await eachSliced(parse, (record) => void quotableSectionsOf(state, record), pause)
  }
}
