import { analysisOf, analysisPreparation, viewOf, type PageNode, type RevisionView } from '../../../derived/content/view.ts'
import type { SpaceRecord } from '../../../tables/spaces.ts'
import { visibleSpaces } from '../../spaces/visible.ts'
import type { State } from '../../state.ts'
import type { SpaceQuestions } from '../../../derived/ask/question-index.ts'

/**
 * Questions built from the content: headings the authors wrote as questions ("How do I delete my
 * account?") as they are, and for other pages a question about the page's title. The words
 * around a title are all words search leaves out ("what", "is", "in"), so asking a suggested
 * question searches exactly the title and finds its page.
 */

/** Most questions suggested at once. */
export const MAX_RECOMMENDED = 10

/** The question about a page, from its title. */
export function titleQuestion(title: string): string {
  return `What is in “${title.trim()}”?`
}

/** Whether a heading is written as a question. */
export const isQuestion = (text: string) => /\?\s*$/.test(text) && text.trim().length > 1

/**
 * Pages worth asking about: not groups (they only hold pages), not hidden from readers or
 * search, and saying something beyond their title.
 */
export function isAskable(view: RevisionView, node: PageNode): boolean {
  return (
    node.record.type !== 'group' &&
    !node.record.noIndex &&
    !node.record.hidden &&
    analysisOf(view, node).sections.some((s) => s.text.trim() !== '')
  )
}

/** The headings of a page written as questions, in page order. */
export function questionHeadings(view: RevisionView, node: PageNode): string[] {
  return analysisOf(view, node)
    .sections.slice(1)
    .map((s) => s.title.trim())
    .filter(isQuestion)
}

/** The question a page suggests: its first question heading, else one about its title. */
export function pageQuestion(view: RevisionView, node: PageNode): string {
  return questionHeadings(view, node)[0] ?? titleQuestion(node.record.title)
}

/** The questions a space suggests: its askable pages' question headings, then title questions for the others. */
export function spaceQuestions(state: State, space: SpaceRecord): SpaceQuestions {
  const view = viewOf(state, space.revision)
  const headings: string[] = []
  const titles: string[] = []
  for (const node of view.order) {
    if (!isAskable(view, node)) continue
    const asked = questionHeadings(view, node)
    if (asked.length === 0) titles.push(titleQuestion(node.record.title))
    else headings.push(...asked)
  }
  return { headings, titles }
}

/**
 * Takes one item from each list in turn, so every space gets a say before any gets a second;
 * lazily, so a caller that needs ten questions reads no further than the spaces giving them.
 */
function* roundRobin(spaces: readonly SpaceRecord[], listOf: (space: SpaceRecord) => readonly string[]): Generator<string> {
  for (let i = 0; ; i++) {
    let more = false
    for (const space of spaces) {
      const list = listOf(space)
      if (i < list.length) {
        more = true
        yield list[i]!
      }
    }
    if (!more) return
  }
}

/**
 * The analysing the next {@link recommendedQuestions} would do under the state lock (the pages of
 * the spaces changed since the last call, or every space on the first), as `Prepare` work.
 */
export function questionsPreparation(state: State): (() => Promise<void>) | undefined {
  return analysisPreparation(
    state,
    state.questions.pending().map((space) => space.revision),
  )
}

/**
 * Suggested questions from the content the user can view: first the questions authors wrote
 * as headings, then questions about page titles, each taken a space at a time in the
 * organization's order and, within a space, in table-of-contents order. Deterministic: the
 * same content gives the same questions.
 *
 * Read from the question index (`state.questions`): only spaces that suggest something are
 * visited, and only until `max` questions are found, so the cost does not grow with the
 * organization.
 */
export function recommendedQuestions(state: State, organization: string, userId: string, max = MAX_RECOMMENDED): string[] {
  const index = state.questions
  index.refresh((space) => spaceQuestions(state, space))
  const visible = visibleSpaces(state, organization, userId)
  const questionsOf = (space: SpaceRecord) => index.questionsOf(space)
  const withHeadings = visible.every ? index.withHeadings(organization) : visible.spaces.filter((s) => questionsOf(s).headings.length > 0)
  const withTitles = visible.every ? index.withTitles(organization) : visible.spaces.filter((s) => questionsOf(s).titles.length > 0)
  const out: string[] = []
  const seen = new Set<string>()
  for (const source of [roundRobin(withHeadings, (s) => questionsOf(s).headings), roundRobin(withTitles, (s) => questionsOf(s).titles)]) {
    for (const q of source) {
      if (out.length >= max) return out
      const key = q.trim().toLowerCase()
      if (seen.has(key)) continue
      seen.add(key)
      out.push(q)
    }
  }
  return out
}

/** Questions without repeats (compared without case), in their first order. */
export function distinct(questions: Iterable<string>, exclude: Iterable<string> = []): string[] {
  const seen = new Set([...exclude].map((q) => q.trim().toLowerCase()))
  const out: string[] = []
  for (const q of questions) {
    const key = q.trim().toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(q)
  }
  return out
}
