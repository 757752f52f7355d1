import { describe, expect, it } from 'vitest'
import { AnalysisCache } from '../../mock/derived/content/analysis-cache.ts'
import type { PageAnalysis } from '../../mock/markdown/page-analysis.ts'

const analysis = (text: string): PageAnalysis => ({ blocks: [], links: [], sections: [{ id: 'p', anchor: '', title: text, text }] })

describe('kept page analyses', () => {
  it('analyse a page once per content, again when it changes, and stay within their budget', () => {
    const cache = new AnalysisCache(1_000)
    let calls = 0
    const get = (page: string, markdown: string) =>
      cache.get(page, 'T', markdown, () => {
        calls++
        return analysis(markdown)
      })

    const first = get('a', 'x'.repeat(100))
    expect(get('a', 'x'.repeat(100))).toBe(first)
    expect(calls).toBe(1)
    expect(get('a', 'y'.repeat(100)).sections[0]!.text).toBe('y'.repeat(100))
    expect(calls).toBe(2)

    // Each page of 100 characters weighs about 200: five fit in 1,000, the oldest goes first.
    for (const page of ['b', 'c', 'd', 'e', 'f']) get(page, 'z'.repeat(100))
    calls = 0
    get('f', 'z'.repeat(100))
    expect(calls).toBe(0)
    get('a', 'y'.repeat(100))
    expect(calls).toBe(1)
    // A page over a quarter of the budget is analysed but never kept.
    get('big', 'w'.repeat(300))
    get('big', 'w'.repeat(300))
    expect(calls).toBe(3)
  })
})
