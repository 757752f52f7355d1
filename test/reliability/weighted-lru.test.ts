import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { WeightedLru } from '../../mock/base/weighted-lru.ts'

/**
 * The one policy of the platform's caches of derived content: values by key, least recently
 * used dropped first, the total weight within the budget. Checked against a plain model of the
 * policy over random sequences of reads, writes and deletions.
 */

type Step =
  | { kind: 'set'; key: number; weight: number }
  | { kind: 'get'; key: number }
  | { kind: 'peek'; key: number }
  | { kind: 'delete'; key: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: fc.nat(9), weight: fc.nat(60) }),
  fc.record({ kind: fc.constant('get' as const), key: fc.nat(9) }),
  fc.record({ kind: fc.constant('peek' as const), key: fc.nat(9) }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.nat(9) }),
)

describe('WeightedLru', () => {
  it('keeps the most recently used values within its budget, as the plain policy does', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const budget = 100
        const lru = new WeightedLru<number, string>(budget)
        // The model: [key, value, weight], least recently used first.
        const model: Array<[number, string, number]> = []
        steps.forEach((s, i) => {
          const at = model.findIndex(([key]) => key === s.key)
          if (s.kind === 'set') {
            const value = `v${i}`
            lru.set(s.key, value, s.weight)
            if (at >= 0) model.splice(at, 1)
            model.push([s.key, value, s.weight])
            while (model.reduce((sum, [, , w]) => sum + w, 0) > budget && model[0]![0] !== s.key) model.shift()
          } else if (s.kind === 'get' || s.kind === 'peek') {
            expect(s.kind === 'get' ? lru.get(s.key) : lru.peek(s.key)).toBe(at >= 0 ? model[at]![1] : undefined)
            if (s.kind === 'get' && at >= 0) model.push(model.splice(at, 1)[0]!)
          } else {
            expect(lru.delete(s.key)).toBe(at >= 0 ? model[at]![1] : undefined)
            if (at >= 0) model.splice(at, 1)
          }
          expect(lru.size).toBe(model.length)
          expect(lru.weight).toBe(model.reduce((sum, [, , w]) => sum + w, 0))
          // Over the budget only with the value just set, alone past it.
          if (lru.weight > budget) expect(model.length).toBe(1)
        })
      }),
      { numRuns: 500 },
    )
  })
})
