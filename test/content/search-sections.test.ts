import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { analyzePage, anchorOf, blockId } from '../../mock/markdown/page-analysis.ts'
import { pageSections } from '../../mock/markdown/search-sections.ts'

/**
 * Search indexes a page's sections without the rest of its analysis (`pageSections`); search
 * results show them as the page's analysis does. The two must agree on every page: same IDs (a
 * heading's ID counts identical headings before it, nested ones too), anchors, titles and texts.
 */

const piece = fc.constantFrom(
  '# Title',
  '## Setup',
  '### Deploy *now*',
  '## Setup',
  '#### `code` heading',
  'Setup\n=====',
  'Other\n---',
  'Some text with **bold**, _italic_, ~~gone~~ and `code`.',
  'A [link](https://example.com "t") and ![image](a.png).',
  '- one\n- two\n  - nested',
  '1. first\n2. second',
  '- [x] done\n- [ ] todo',
  '> quoted\n> # quoted heading',
  '> ## Setup',
  '- ## Setup in a list',
  '```ts\nconst a = 1\n```',
  '    indented code',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  '<div>html</div>',
  'Text<br>inline html',
  '[ref]: https://example.com/r',
  'See [ref] here.',
  'Note[^1].',
  '[^1]: The note.',
  '***',
  'www.example.com and x@y.io',
  'See http://example.com/*a*_b_ and https://x.io/__c__ and <http://a.b/*c*>.',
  'Mail me@example.com_x_ or www.example.com/*x*.',
  'Line one  \nline two',
  'Café déjà vu',
  '',
  '\n',
)

describe('pageSections', () => {
  it('gives the sections the full analysis gives, over varied markdown', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 25 }),
        fc.constantFrom('\n\n', '\n'),
        fc.string({ maxLength: 20 }),
        (pieces, joiner, title) => {
          const markdown = pieces.join(joiner)
          expect(pageSections('page-1', title, markdown)).toEqual(analyzePage('page-1', title, markdown).sections)
        },
      ),
      { numRuns: 300, seed: 18 },
    )
  })

  it('gives the same sections as the full analysis over markdown cut anywhere (tasks, links, entities, tables, line endings)', () => {
    // Pieces smaller than blocks, so markers land where no document would put them.
    const bit = fc.constantFrom(
      ...'ab x X*_[]()!<>#-+|~`\n\n  \t\\&;:/.@1^'.split(''),
      '[ ] ',
      '- [x] ',
      '* [X]\t',
      '> ',
      '## ',
      '```\n',
      '~~~ a\\-b\n',
      '    ',
      '| a | b |\n| - | - |\n',
      '[^1]',
      '[^1]: ',
      '<div>',
      '</div>',
      '&amp;',
      '&copy;',
      '&#x41;',
      '![alt *x*](i.png)',
      'https://x.io/a_b_',
      'www.e.com',
      'ftp://f.io',
      'mailto:a@b.io',
      'a@b.io',
      '1. ',
      '***',
      '~~',
      '\r\n',
      '\r',
      '<br>',
      '[r]: /u',
      '[r]',
      'Setext\n===',
      'Ü',
      '# Café',
    )
    fc.assert(
      fc.property(fc.array(bit, { maxLength: 120 }), fc.string({ maxLength: 5 }), (bits, title) => {
        const markdown = bits.join('')
        expect(pageSections('p', title, markdown)).toEqual(analyzePage('p', title, markdown).sections)
      }),
      { numRuns: 3000, seed: 180 },
    )
  })

  it('keeps markdown nested too deeply to parse as one text, as the full analysis does', () => {
    const markdown = `${'> '.repeat(60)}deep\n\n## Not a heading here`
    expect(pageSections('p', 'Page', markdown)).toEqual([{ id: 'p', anchor: '', title: 'Page', text: markdown }])
    expect(pageSections('p', 'Page', markdown)).toEqual(analyzePage('p', 'Page', markdown).sections)
  })

  it('writes anchors GitHub style, ASCII and not', () => {
    // The reference: lowercase, anything but letters, digits, spaces and hyphens dropped, spaces to hyphens.
    const reference = (text: string) =>
      text
        .toLowerCase()
        .trim()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s+/g, '-') || 'section'
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'Z', '9', ' ', '\t', '-', '_', '!', '.', 'é', 'Ω', '\u212a', '\u00a0', '٣', '\u2028'),
          maxLength: 16,
        }),
        (text) => {
          expect(anchorOf(text, new Map())).toBe(reference(text))
        },
      ),
      { numRuns: 2000, seed: 72 },
    )
    const used = new Map<string, number>()
    expect(['Set up', 'Set up', 'Café déjà', '!!!'].map((t) => anchorOf(t, used))).toEqual(['set-up', 'set-up-1', 'café-déjà', 'section'])
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
