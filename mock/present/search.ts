import type { ContentTarget } from '../model/content/revisions.ts'
import type { PageMatch } from '../derived/content/search.ts'
import type { State } from '../model/state.ts'
import { contentAppUrl } from './page.ts'

/** A search result: the page and its matched sections (with a snippet as `body`). */
export function presentSearchResult(state: State, target: ContentTarget, match: PageMatch) {
  const url = `${contentAppUrl(state, target)}/${match.page.path}`
  return {
    id: match.page.record.page,
    title: match.page.record.title,
    path: match.page.path,
    sections: match.sections.map(({ section, snippet }) => {
      const hash = section.anchor ? `#${section.anchor}` : ''
      return { id: section.id, title: section.title, path: `${match.page.path}${hash}`, body: snippet, urls: { app: `${url}${hash}` } }
    }),
    urls: { app: url },
  }
}
