import { insert, type State } from '../state.ts'

/**
 * Marks an external URL as broken (or, with `broken: false`, fine again) for the link checker:
 * the links that point at it then answer `broken` (mock/derived/content/links.ts reads the marks).
 */
export async function markUrl(state: State, url: string, broken = true): Promise<void> {
  const existing = state.db.brokenUrls.get(url)
  if (broken && !existing) await insert(state, state.db.brokenUrls, { id: url, createdAt: state.clock.stamp() })
  if (!broken && existing) state.db.brokenUrls.delete(existing)
}
