import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { keyBetween } from '../../mock/model/spaces/order-keys.ts'

/** Inserts a key at `index` of an ordered list of keys, as placing an item there does. */
function insertAt(keys: string[], index: number): string {
  const key = keyBetween(keys[index - 1], keys[index])
  keys.splice(index, 0, key)
  return key
}

const ascending = (keys: string[]) => keys.every((k, i) => i === 0 || keys[i - 1]! < k)

describe('order keys', () => {
  it('sort between their neighbours wherever items are placed', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 300 }), (spots) => {
        const keys: string[] = []
        for (const spot of spots) insertAt(keys, Math.round(spot * keys.length))
        return ascending(keys) && new Set(keys).size === keys.length
      }),
    )
  })

  it('stay short when appending, prepending, or filling one gap again and again', () => {
    const appended: string[] = []
    for (let i = 0; i < 20_000; i++) insertAt(appended, appended.length)
    expect(ascending(appended)).toBe(true)
    expect(Math.max(...appended.map((k) => k.length))).toBe(8)
    const prepended: string[] = []
    for (let i = 0; i < 1_000; i++) insertAt(prepended, 0)
    expect(ascending(prepended)).toBe(true)
    expect(Math.max(...prepended.map((k) => k.length))).toBe(8)
    // The same gap split 1,000 times: keys grow by about one character per six splits.
    const gap = [keyBetween(undefined, undefined)]
    insertAt(gap, 1)
    for (let i = 0; i < 1_000; i++) insertAt(gap, 1)
    expect(ascending(gap)).toBe(true)
    expect(Math.max(...gap.map((k) => k.length))).toBeLessThan(8 + 200)
  })

  it('refuses neighbours given in the wrong order', () => {
    const a = keyBetween(undefined, undefined)
    const b = keyBetween(a, undefined)
    expect(() => keyBetween(b, a)).toThrow(RangeError)
    expect(() => keyBetween(a, a)).toThrow(RangeError)
  })
})
