/**
 * Order keys: strings that sort (by plain string comparison) in the order of the items they
 * place, with a key between any two keys. Placing an item never changes another item's key, so
 * a page cursor holding a key stays valid however often items are inserted in the same gap (a
 * numeric position would run out of precision and need the siblings renumbered).
 *
 * A key is a fixed-width base-62 integer part, which appending increments (keys stay short
 * however many items are added at the end), and an optional fractional part for insertions
 * between neighbours. The fractional midpoint is the algorithm of David Greenspan's
 * "Implementing Fractional Indexing" (as in the `fractional-indexing` package).
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const BASE = DIGITS.length
const INT_WIDTH = 8
/** 62^8, below 2^53: integer parts are exact numbers. */
const INT_LIMIT = BASE ** INT_WIDTH
/** The first key sits mid-range, leaving room to prepend as well as to append. */
const FIRST = Math.floor(INT_LIMIT / 2)

function encodeInt(n: number): string {
  let out = ''
  for (let i = 0; i < INT_WIDTH; i++, n = Math.floor(n / BASE)) out = DIGITS[n % BASE]! + out
  return out
}

function decodeInt(key: string): number {
  let n = 0
  for (let i = 0; i < INT_WIDTH; i++) n = n * BASE + DIGITS.indexOf(key[i]!)
  return n
}

/** A fraction strictly between `a` and `b` (`null`: 1), as digits without a trailing zero. */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0
    while ((a[n] ?? DIGITS[0]) === b[n]) n++
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n))
  }
  const digitA = a ? DIGITS.indexOf(a[0]!) : 0
  const digitB = b !== null ? DIGITS.indexOf(b[0]!) : BASE
  if (digitB - digitA > 1) return DIGITS[Math.round((digitA + digitB) / 2)]!
  if (b !== null && b.length > 1) return b.slice(0, 1)
  return DIGITS[digitA]! + midpoint(a.slice(1), null)
}

/**
 * A key sorting after `before` and before `after` (either may be absent: the start or the end of
 * the list). `before` must sort below `after`.
 */
export function keyBetween(before: string | undefined, after: string | undefined): string {
  if (before !== undefined && after !== undefined && before >= after) throw new RangeError(`Order key ${before} is not below ${after}`)
  if (before === undefined && after === undefined) return encodeInt(FIRST)
  if (after === undefined) {
    const next = decodeInt(before!) + 1
    // Some 10^14 appends to one parent: out of reach, but never produce a key that would sort wrong.
    return next < INT_LIMIT ? encodeInt(next) : before!.slice(0, INT_WIDTH) + midpoint(before!.slice(INT_WIDTH), null)
  }
  const high = decodeInt(after)
  if (before === undefined) {
    if (high > 0) return encodeInt(high - 1)
    // Only after some 10^14 prepends to one parent: the very first key has nothing below it.
    if (after.length === INT_WIDTH) throw new RangeError('No order key sorts below the first one')
    return after.slice(0, INT_WIDTH) + midpoint('', after.slice(INT_WIDTH))
  }
  const low = decodeInt(before)
  if (high - low > 1) return encodeInt(Math.floor((low + high) / 2))
  if (high - low === 1) return before.slice(0, INT_WIDTH) + midpoint(before.slice(INT_WIDTH), null)
  return before.slice(0, INT_WIDTH) + midpoint(before.slice(INT_WIDTH), after.slice(INT_WIDTH))
}
