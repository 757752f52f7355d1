import { Query as MswQuery } from '@msw/data'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { Query } from '../../mock/tables/query.ts'

// Records and conditions over a few shared keys and values, so conditions often match.
const key = fc.constantFrom('a', 'b', 'c')
const scalar = fc.oneof(fc.constantFrom(1, 2, 'x', 'y', true, false, null), fc.constant(undefined))
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
})).value
const record = fc.dictionary(key, value, { maxKeys: 3 })
const condition = fc.letrec<{ condition: Record<string, any> }>((tie) => ({
  condition: fc.dictionary(key, fc.oneof({ depthSize: 'small' }, scalar, tie('condition')), { minKeys: 1, maxKeys: 3 }),
})).condition

describe("platform.db's query language", () => {
  it('matches exactly what @msw/data’s Query matches, for where, and and or', () => {
    fc.assert(
      fc.property(record, condition, condition, (r, c1, c2) => {
        // Both throw where a condition's null meets an object or array: the same outcome counts.
        const outcome = (test: () => boolean) => {
          try {
            return test()
          } catch (error) {
            return (error as Error).constructor.name
          }
        }
        const ours = (q: Query<any>) => outcome(() => q.test(r))
        const theirs = (q: MswQuery<any>) => outcome(() => q.test(r))
        expect(ours(new Query<any>().where(c1))).toBe(theirs(new MswQuery<any>().where(c1 as never)))
        expect(ours(new Query<any>().where(c1).and(c2))).toBe(theirs(new MswQuery<any>().where(c1 as never).and(c2 as never)))
        expect(ours(new Query<any>().where(c1).or(c2))).toBe(theirs(new MswQuery<any>().where(c1 as never).or(c2 as never)))
        const isA = (v: unknown) => v === 'x'
        expect(ours(new Query<any>().where({ a: isA }))).toBe(theirs(new MswQuery<any>().where({ a: isA } as never)))
      }),
      { numRuns: 500 },
    )
  })

  it('filters the stored records through findMany, findFirst and count', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Query' })
    await platform.builders.space({ organization: org.id, title: 'One', visibility: 'public' })
    await platform.builders.space({ organization: org.id, title: 'Two' })
    const spaces = platform.db.spaces
    expect(spaces.findMany((q) => q.where({ visibility: 'public' })).map((s) => s.title)).toEqual(['One'])
    expect(spaces.findFirst((q) => q.where({ title: (t) => t.startsWith('T') }))?.title).toBe('Two')
    expect(spaces.count((q) => q.where({ organization: org.id }).or({ title: 'nothing' }))).toBe(2)
    expect(() => spaces.findMany((q) => q.where(42 as never))).toThrow(TypeError)
  })
})
