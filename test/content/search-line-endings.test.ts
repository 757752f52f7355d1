import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { analyzePage } from '../../mock/markdown/page-analysis.ts'
import { pageSections } from '../../mock/markdown/search-sections.ts'

/**
 * Search reads a page's text without markdown-it's copy of it when it has no `\r` or NUL to
 * rewrite: its sections must be those of the page's analysis (which reads the copy) whatever line
 * endings and NUL characters the page holds, wherever they fall.
 */

const piece = fc.constantFrom(
  '## Setup',
  'Setup\n=====',
  'Some text with **bold**, _italic_ and `code`.',
  'A [link](https://example.com "t") and ![image](a.png).',
  '- one\n- two\n  - nested',
  '- [x] done\n- [ ] todo',
  '> quoted\n> # quoted heading',
  '```ts\nconst a = 1\n```',
  '    indented code',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  '<div>html</div>',
  'Line one  \nline two',
  'www.example.com and x@y.io',
  'Café déjà vu',
  '',
)
const joiner = fc.constantFrom('\n\n', '\n', '\r\n\r\n', '\r\n', '\r\r', '\r', '\n\r\n')
/** What may be put anywhere in a page: line endings of every kind and NUL. */
const inserted = fc.constantFrom('\r', '\r\n', '\n', '\0', '\0\0', 'a\0b')

describe('search sections over any line endings', () => {
  it('are the sections of the page analysis, with CR, CRLF and NUL anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(piece, joiner), { maxLength: 15 }),
        fc.array(fc.tuple(fc.nat(), inserted), { maxLength: 4 }),
        fc.string({ maxLength: 10 }),
        (pieces, inserts, title) => {
          let markdown = pieces.map(([text, end]) => text + end).join('')
          for (const [at, text] of inserts) {
            const cut = markdown.length ? at % (markdown.length + 1) : 0
            markdown = markdown.slice(0, cut) + text + markdown.slice(cut)
          }
          expect(pageSections('page-1', title, markdown)).toEqual(analyzePage('page-1', title, markdown).sections)
        },
      ),
      { numRuns: 500, seed: 38 },
    )
  })
})
