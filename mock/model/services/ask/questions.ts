import { spaceRole } from '../../access.ts'
import { analysisOf, viewOf, type PageNode, type RevisionView } from '../../content/view.ts'
import type { SpaceRecord } from '../../spaces/tables.ts'
import type { State } from '../../state.ts'

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
  return node.record.type !== 'group' && !node.record.noIndex && !node.record.hidden && analysisOf(view, node).sections.some((s) => s.text.trim() !== '')
}

/** The headings of a page written as questions, in page order. */
export function questionHeadings(view: RevisionView, node: PageNode): string[] {
  return analysisOf(view, node).sections.slice(1).map((s) => s.title.trim()).filter(isQuestion)
}

/** The question a page suggests: its first question heading, else one about its title. */
export function pageQuestion(view: RevisionView, node: PageNode): string {
  return questionHeadings(view, node)[0] ?? titleQuestion(node.record.title)
}

/**
 * The spaces of an organization the user can view, in the organization's order: the rule of
 * organization search (`spaceRole`, deleted spaces left out), so suggestions never come from a
 * space whose pages an answer could not cite.
 */
export function viewableSpaces(state: State, organization: string, userId: string): SpaceRecord[] {
  return state.db.spacesByOrg.get(organization).filter((space) => !space.deletedAt && spaceRole(state, userId, space) !== undefined)
}

/** Takes one item from each list in turn, so every space gets a say before any gets a second. */
function roundRobin(lists: string[][]): string[] {
  const out: string[] = []
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const list of lists) if (i < list.length) out.push(list[i]!)
  return out
}

/**
 * Suggested questions from the content the user can view: first the questions authors wrote
 * as headings, then questions about page titles, each taken a space at a time in the
 * organization's order and, within a space, in table-of-contents order. Deterministic: the
 * same content gives the same questions.
 */
export function recommendedQuestions(state: State, organization: string, userId: string, max = MAX_RECOMMENDED): string[] {
  const headings: string[][] = []
  const titles: string[][] = []
  for (const space of viewableSpaces(state, organization, userId)) {
    const view = viewOf(state, space.revision)
    const pages = view.order.filter((node) => isAskable(view, node)).map((node) => ({ node, asked: questionHeadings(view, node) }))
    headings.push(pages.flatMap((p) => p.asked))
    titles.push(pages.filter((p) => p.asked.length === 0).map((p) => titleQuestion(p.node.record.title)))
  }
  return distinct([...roundRobin(headings), ...roundRobin(titles)]).slice(0, max)
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
