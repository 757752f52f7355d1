import { decodeHTML as entitiesLegacy, decodeHTMLStrict as entitiesStrict } from 'entities/lib/decode.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ENTITIES } from '../../mock/markdown/html-entities-data.ts'
import { decodeHTML, decodeHTMLStrict } from '../../mock/markdown/html-entities.ts'
import { entityTable } from '../../scripts/html-entities.ts'

/**
 * The bundles decode markdown's character references with our table (build/aliases.ts puts it in
 * place of the `entities` package, for its weight); the tests' sources use the package. Both must
 * decode every reference alike, so the markdown a user sees in the browser and in Node is the same.
 */

// Every name of the table (format: scripts/html-entities.ts), read apart from the decoder's reading.
const names = ENTITIES.split(',')
  .flatMap((group) => group.slice(group.indexOf(':') + 1).split(' '))
  .map((entry) => entry.replace(/^\*/, ''))
  .sort()

describe('HTML character references', () => {
  it('the table is what the entities package holds (run scripts/html-entities.ts if not)', () => {
    expect(ENTITIES).toBe(entityTable())
    expect(names.length).toBe(2125)
  })

  it('decodes every name, with and without its semicolon, and every start of one, as the package does', () => {
    for (const name of names) {
      for (let end = 1; end <= name.length; end++) {
        for (const text of [`&${name.slice(0, end)};`, `&${name.slice(0, end)}`, `&${name.slice(0, end)}x;`, `&${name.slice(0, end)}9 a`]) {
          expect(decodeHTMLStrict(text)).toBe(entitiesStrict(text))
          expect(decodeHTML(text)).toBe(entitiesLegacy(text))
        }
      }
    }
  })

  it('decodes numeric references as the package does: replacements, C1 controls, surrogates, overflow', () => {
    expect(decodeHTML(`&#${'9'.repeat(400)};`)).toBe('\ufffd')
    const numbers = [
      0,
      9,
      65,
      0x7f,
      ...Array.from({ length: 40 }, (_, i) => 0x7e + i),
      0xd7ff,
      0xd800,
      0xdfff,
      0xe000,
      0xfffd,
      0xffff,
      0x10ffff,
      0x110000,
      2 ** 32,
      2 ** 53,
    ]
    for (const n of numbers) {
      for (const text of [`&#${n};`, `&#${n}`, `&#x${n.toString(16)};`, `&#X${n.toString(16).toUpperCase()}z`, `&#00${n};`]) {
        expect(decodeHTMLStrict(text)).toBe(entitiesStrict(text))
        expect(decodeHTML(text)).toBe(entitiesLegacy(text))
      }
    }
    // markdown-it passes at most 32 characters after `&`; past about 300 digits the package itself throws (NaN).
    for (const text of ['&#;', '&#x;', '&#xg;', '&#a;', `&#${'9'.repeat(31)};`, `&#x${'f'.repeat(30)};`, `&#${'9'.repeat(31)}`]) {
      expect(decodeHTML(text)).toBe(entitiesLegacy(text))
      expect(decodeHTMLStrict(text)).toBe(entitiesStrict(text))
    }
  })

  it('decodes any text as the package does', () => {
    const piece = fc.constantFrom(
      '&',
      '#',
      'x',
      'X',
      ';',
      'amp',
      'not',
      'in',
      'copy',
      'lt',
      'AElig',
      'frac12',
      '1',
      '9',
      'f',
      'a',
      'Z',
      ' ',
      'é',
      '\u0000',
      ...names.slice(0, 40),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('')
        expect(decodeHTML(text)).toBe(entitiesLegacy(text))
        expect(decodeHTMLStrict(text)).toBe(entitiesStrict(text))
      }),
      { numRuns: 5000 },
    )
  })
})
