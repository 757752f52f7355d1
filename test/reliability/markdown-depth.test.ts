import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markdownDepth } from '../../mock/base/markdown-depth.ts'

describe('markdownDepth (the bound checked before any markdown is parsed)', () => {
  it('counts the quote and list markers a line starts with, and half its indentation', () => {
    expect(markdownDepth('> > > x')).toBe(3)
    expect(markdownDepth('- - - x')).toBe(3)
    expect(markdownDepth('1. 2) + x')).toBe(3)
    expect(markdownDepth('- a\n  - b\n    - c')).toBe(3)
    expect(markdownDepth('\t- a')).toBe(3)
  })

  it('ignores markers after a line has started, whatever ends its lines', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      expect(markdownDepth(`text > > > - - -${eol}> a${eol}plain - - -${eol}`)).toBe(1)
      expect(markdownDepth(`a line of words${eol}${eol}> > deep${eol}words > > >`)).toBe(2)
    }
    // A lone `\r` ends a line too, even when a `\n` comes much later.
    expect(markdownDepth(`words\r> > > >${' x'.repeat(100)}\nmore`)).toBe(4)
  })

  it('never counts less than the markers at the start of each line', () => {
    const line = fc.tuple(
      fc.array(fc.constantFrom('> ', '- ', '* ', '1. '), { maxLength: 8 }),
      fc.string({ maxLength: 20 }).filter((s) => !/[\r\n]/.test(s)),
    )
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), fc.constantFrom('\n', '\r\n', '\r'), (lines, eol) => {
        const text = lines.map(([markers, rest]) => `${markers.join('')}${rest}`).join(eol)
        return markdownDepth(text) >= Math.max(...lines.map(([markers]) => markers.length))
      }),
      { numRuns: 500 },
    )
  })
})
