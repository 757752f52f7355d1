import { describe, expect, it } from 'vitest'
import type { PageMatch } from '../../mock/derived/content/search-lookups.ts'
import { SearchLookups } from '../../mock/derived/content/search-lookups.ts'
import type { PageNode } from '../../mock/derived/content/view-types.ts'

const node = (page: string) => ({ record: { page }, path: page, children: [], index: 0 }) as unknown as PageNode
/** A search's matches: `pages` pages of `sections` sections each (weighing pages x (sections + 1) + 1). */
const matches = (pages: number, sections = 1): PageMatch[] =>
  Array.from({ length: pages }, (_, i) => ({
    page: node(`p${i}`),
    score: pages - i,
    sections: Array.from({ length: sections }, () => ({
      section: { id: `p${i}`, anchor: '', title: '', text: '' },
      score: 1,
      snippet: '',
    })),
  }))

describe('kept searches', () => {
  it('answer for the version of the index they were made at only, and drop what an older version found', () => {
    const kept = new SearchLookups()
    const found = kept.set('r1', 1, 'widget', matches(3))
    expect(kept.get('r1', 1, 'widget')).toBe(found)
    expect(kept.has('r1', 1, 'widget')).toBe(true)
    expect(kept.get('r1', 1, 'gadget')).toBeUndefined()
    expect(kept.get('r1', 2, 'widget')).toBeUndefined()
    // Asked at a newer version, the older version's searches are gone.
    expect(kept.has('r1', 1, 'widget')).toBe(false)
    // Shared by every reader: frozen.
    expect(Object.isFrozen(found) && Object.isFrozen(found[0]) && Object.isFrozen(found[0]!.sections[0])).toBe(true)
  })

  it('stay within their budget of 200,000 sections, the revisions searched least recently dropped first', () => {
    const kept = new SearchLookups()
    // 30 revisions of one search each weighing 10,001: the oldest ones go past 200,000.
    for (let r = 0; r < 30; r++) kept.set(`r${r}`, 1, 'q', matches(5_000))
    const held = Array.from({ length: 30 }, (_, r) => kept.has(`r${r}`, 1, 'q'))
    expect(held.filter(Boolean)).toHaveLength(19)
    expect(held.slice(11).every(Boolean)).toBe(true)
    // One search over a quarter of the budget is returned but not kept.
    kept.set('big', 1, 'q', matches(30_000))
    expect(kept.has('big', 1, 'q')).toBe(false)
    expect(kept.has('r29', 1, 'q')).toBe(true)
  })
})
