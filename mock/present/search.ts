import type { ContentTarget } from '../model/content/revisions.ts'
import type { PageMatch } from '../derived/content/search.ts'
import type { State } from '../model/state.ts'
import { contentAppUrl } from './page.ts'

/**
 * A search result: the page and its matched sections (with a snippet as `body`). `rank` is the
 * page's one-based place among every page the search found, before pagination.
 */
export function presentSearchResult(state: State, target: ContentTarget, match: PageMatch, rank: number) {
  const url = `${contentAppUrl(state, target)}/${match.page.path}`
  const ancestors: Array<{ title: string }> = []
  for (let p = match.page.parent; p; p = p.parent) ancestors.unshift({ title: p.record.title })
  return {
    id: match.page.record.page,
    title: match.page.record.title,
    description: match.page.record.description ?? '',
    path: match.page.path,
    score: match.score,
    rank,
    ancestors,
    sections: match.sections.map(({ section, snippet, score }) => {
      const hash = section.anchor ? `#${section.anchor}` : ''
      return {
        id: section.id,
        title: section.title,
        path: `${match.page.path}${hash}`,
        score,
        body: snippet,
        urls: { app: `${url}${hash}` },
      }
    }),
    urls: { app: url },
  }
}

/**
 * The one-based rank of each page an organization search found, across its spaces: best score
 * first, ties in the spaces' order and then the pages' (the order the answer lists them in).
 */
export function pageRanks(results: ReadonlyArray<{ pages: readonly PageMatch[] }>): Map<PageMatch, number> {
  const pages = results.flatMap((r) => r.pages)
  const order = pages.map((match, at) => ({ match, at })).sort((a, b) => b.match.score - a.match.score || a.at - b.at)
  return new Map(order.map(({ match }, at) => [match, at + 1]))
}
