import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOCUMENTS, ROOT } from './blocks.ts'

// A reader of the repository cannot open a tracker or a work diary: the documents say what the
// product does and why, and keep a measurement's facts without the day or the sitting it came from.
const TRACKER = /\bissues? #?\d+|\bthe issue's\b|\bsessions?\b|\btonight\b|\blast night\b/i
// A date of work in prose (examples of the platform's clock sit in code, which is left out).
const WORK_DATE = /\b(?:measured|notes? of|run of|on|at)\s+\d{4}-\d{2}-\d{2}\b|\(\d{4}-\d{2}-\d{2}[,)]/i

/** A document's lines outside fenced code and inline code spans, numbered as in the file. */
function proseLines(text: string): Array<[number, string]> {
  let fenced = false
  return text.split('\n').flatMap((line, i): Array<[number, string]> => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced
      return []
    }
    return fenced ? [] : [[i + 1, line.replace(/(`+)[^`]*?\1/g, '')]]
  })
}

const offending = (pattern: RegExp) =>
  DOCUMENTS.flatMap((document) =>
    proseLines(readFileSync(join(ROOT, document), 'utf8'))
      .filter(([, line]) => pattern.test(line))
      .map(([n, line]) => `${document}:${n}: ${line.trim()}`),
  )

describe('the documents speak of the product', () => {
  it('reads prose apart from code', () => {
    expect(proseLines('See issue 4.\n```ts\n// issue 5\n```\n`issue 6` here')).toEqual([
      [1, 'See issue 4.'],
      [5, ' here'],
    ])
    expect(TRACKER.test('fixed in issue 31')).toBe(true)
    expect(TRACKER.test('keeps the token in sessionStorage')).toBe(false)
    expect(WORK_DATE.test('(measured 2026-11-25, not kept)')).toBe(true)
    expect(WORK_DATE.test('Platform time at start, 2026-01-15T09:00:00Z by default')).toBe(false)
  })

  it('cite no tracker item and no work session', () => {
    expect(offending(TRACKER)).toEqual([])
  })

  it('keep no dated work notes', () => {
    expect(offending(WORK_DATE)).toEqual([])
  })
})

// The code's comments are read as documents are (and TSDoc becomes the API reference); strings of
// the platform's own (a session token, a `sessionStorage` key) are code, so only tracker items.
const CODE_FOLDERS = ['src', 'mock', 'bench', 'scripts', 'build', 'examples']

describe('the code speaks of the product', () => {
  it('cites no tracker item in a comment or a message', () => {
    const cited = CODE_FOLDERS.flatMap((folder) =>
      readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
        .flatMap((entry) => {
          const path = join(entry.parentPath, entry.name)
          return readFileSync(path, 'utf8')
            .split('\n')
            .flatMap((line, i) => (/\bissues? #?\d+/i.test(line) ? [`${path.slice(ROOT.length)}:${i + 1}: ${line.trim()}`] : []))
        }),
    )
    expect(cited).toEqual([])
  })
})
