import { ENTITIES } from './html-entities-data.ts'

/**
 * HTML character references decoded as the `entities` package decodes them (`decodeHTML`, HTML's
 * legacy rules, and `decodeHTMLStrict`), for markdown-it: the bundles put this module in place
 * of `entities` (build/aliases.ts). The package's decode tree is built for speed on any HTML and
 * weighs about 20 KB gzipped; markdown-it only ever decodes one reference at a time (`&copy;`,
 * `&#169;`), for which a table of names is as fast and weighs well under half.
 * test/content/html-entities.test.ts compares both on every reference and on random text.
 */

interface Table {
  /** Every name (without its `;`) and what it stands for. */
  named: Map<string, string>
  /** The names HTML also recognises without their `;`. */
  legacy: Set<string>
  /** The longest legacy name. */
  longestLegacy: number
}

function read(): Table {
  const named = new Map<string, string>()
  const legacy = new Set<string>()
  let longestLegacy = 0
  let code = 0
  for (const group of ENTITIES.split(',')) {
    const colon = group.indexOf(':')
    const codes = group
      .slice(0, colon)
      .split('+')
      .map((c) => Number.parseInt(c, 36))
    // The first code point is the difference from the previous group's.
    code += codes[0]!
    codes[0] = code
    const value = String.fromCodePoint(...codes)
    for (const entry of group.slice(colon + 1).split(' ')) {
      const name = entry[0] === '*' ? entry.slice(1) : entry
      named.set(name, value)
      if (name !== entry) {
        legacy.add(name)
        longestLegacy = Math.max(longestLegacy, name.length)
      }
    }
  }
  return { named, legacy, longestLegacy }
}

// Read when the markdown library loads (about a millisecond), which is on first need.
const table = read()

/** Windows-1252's characters for the C1 controls, as HTML reads numeric references to them. */
const C1 = new Map([
  [0x80, 0x20ac],
  [0x82, 0x201a],
  [0x83, 0x0192],
  [0x84, 0x201e],
  [0x85, 0x2026],
  [0x86, 0x2020],
  [0x87, 0x2021],
  [0x88, 0x02c6],
  [0x89, 0x2030],
  [0x8a, 0x0160],
  [0x8b, 0x2039],
  [0x8c, 0x0152],
  [0x8e, 0x017d],
  [0x91, 0x2018],
  [0x92, 0x2019],
  [0x93, 0x201c],
  [0x94, 0x201d],
  [0x95, 0x2022],
  [0x96, 0x2013],
  [0x97, 0x2014],
  [0x98, 0x02dc],
  [0x99, 0x2122],
  [0x9a, 0x0161],
  [0x9b, 0x203a],
  [0x9c, 0x0153],
  [0x9e, 0x017e],
  [0x9f, 0x0178],
])

/** The character a numeric reference stands for: U+FFFD for nothing, surrogates and beyond Unicode. */
function numeric(code: number): string {
  if (code === 0 || (code >= 0xd800 && code <= 0xdfff) || !(code <= 0x10ffff)) return '\ufffd'
  return String.fromCodePoint(C1.get(code) ?? code)
}

/** A reference: `#` then decimal digits, `#x` then hexadecimal ones, or a name; and its `;`, if any. */
const REFERENCE = /&(?:#(?:[xX]([0-9A-Fa-f]*)|([0-9]*))|([A-Za-z0-9]+))(;?)/g

function decode(text: string, strict: boolean): string {
  if (!text.includes('&')) return text
  return text.replace(
    REFERENCE,
    (reference: string, hex: string | undefined, decimal: string | undefined, name: string | undefined, semicolon: string) => {
      if (name === undefined) {
        const digits = hex ?? decimal ?? ''
        if (digits === '' || (strict && !semicolon)) return reference
        return numeric(Number.parseInt(digits, hex === undefined ? 10 : 16))
      }
      const whole = semicolon ? table.named.get(name) : undefined
      if (whole !== undefined) return whole
      if (strict) return reference
      // HTML's legacy rule: the longest name recognised without its `;` at the start, the rest as text.
      for (let length = Math.min(name.length, table.longestLegacy); length > 1; length--) {
        const start = name.slice(0, length)
        if (table.legacy.has(start)) return table.named.get(start)! + name.slice(length) + semicolon
      }
      return reference
    },
  )
}

/** `text` with its character references decoded, legacy ones (`&copy` without `;`) included. */
export function decodeHTML(text: string): string {
  return decode(text, false)
}

/** `text` with the character references that end with `;` decoded. */
export function decodeHTMLStrict(text: string): string {
  return decode(text, true)
}
