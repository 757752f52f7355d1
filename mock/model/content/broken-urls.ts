import { insert, type State } from '../state.ts'

/**
 * Marks an external URL as broken (or, with `broken: false`, fine again) for the link checker:
 * the links that point at it then answer `broken` (mock/derived/content/links.ts reads the marks).
 */
export function markUrl(state: State, url: string, broken = true): void {
  const existing = state.tables.brokenUrls.get(url)
  if (broken && !existing) insert(state, state.tables.brokenUrls, { id: url, createdAt: state.clock.stamp() })
  if (!broken && existing) state.tables.brokenUrls.delete(existing)
}
