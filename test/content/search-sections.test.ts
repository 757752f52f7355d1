import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { analyzePage, blockId } from '../../mock/model/content/markdown.ts'
import { pageSections } from '../../mock/model/content/search-sections.ts'

/**
 * Search indexes a page's sections without the rest of its analysis (`pageSections`); search
 * results show them as the page's analysis does. The two must agree on every page: same IDs (a
 * heading's ID counts identical headings before it, nested ones too), anchors, titles and texts.
 */

const piece = fc.constantFrom(
  '# Title', '## Setup', '### Deploy *now*', '## Setup', '#### `code` heading', 'Setup\n=====', 'Other\n---',
  'Some text with **bold**, _italic_, ~~gone~~ and `code`.', 'A [link](https://example.com "t") and ![image](a.png).',
  '- one\n- two\n  - nested', '1. first\n2. second', '- [x] done\n- [ ] todo', '> quoted\n> # quoted heading',
  '> ## Setup', '- ## Setup in a list', '```ts\nconst a = 1\n```', '    indented code', '| a | b |\n| - | - |\n| 1 | 2 |',
  '<div>html</div>', 'Text<br>inline html', '[ref]: https://example.com/r', 'See [ref] here.', 'Note[^1].', '[^1]: The note.',
  '***', 'www.example.com and x@y.io', 'See http://example.com/*a*_b_ and https://x.io/__c__ and <http://a.b/*c*>.',
  'Mail me@example.com_x_ or www.example.com/*x*.', 'Line one  \nline two', 'Café déjà vu', '', '\n',
)

describe('pageSections', () => {
  it('gives the sections the full analysis gives, over varied markdown', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), fc.constantFrom('\n\n', '\n'), fc.string({ maxLength: 20 }), (pieces, joiner, title) => {
        const markdown = pieces.join(joiner)
        expect(pageSections('page-1', title, markdown)).toEqual(analyzePage('page-1', title, markdown).sections)
      }),
      { numRuns: 300, seed: 18 },
    )
  })

  it('numbers repeated headings, nested ones included, as block IDs do', () => {
    const markdown = '## Setup\n\ntext\n\n> ## Setup\n\n## Setup\n\nmore'
    const sections = pageSections('p', 'Page', markdown)
    expect(sections.map((s) => s.anchor)).toEqual(['', 'setup', 'setup-1'])
    expect(new Set(sections.map((s) => s.id)).size).toBe(3)
    expect(sections).toEqual(analyzePage('p', 'Page', markdown).sections)
    expect(sections[2]!.text).toBe('more')
  })
})

describe('block IDs', () => {
  it('stay what they were: a hash of the page, the block and its rank, in 11 base-36 digits', () => {
    // Pinned values: IDs are stored by comments and clients, so the way they are written can never change them.
    expect(blockId('page-1', 'heading\u0000Intro', 0)).toBe('n14z2661fqvm')
    expect(blockId('abc', 'paragraph\u0000Hello, world.', 2)).toBe('n0c17qxdboev')
    expect(blockId('', '', 0)).toBe('n18s7kyxhpyo')
    expect(blockId('p', 'x'.repeat(1000), 7)).toBe('n0jv2bct3fjz')
  })
})
