/**
 * The query language of `platform.db`'s ad-hoc reads (`table.findMany((q) => q.where({ ... }))`):
 * @msw/data's `Query` (MIT, https://github.com/mswjs/data), with its semantics and types, kept
 * here because importing it from @msw/data also loaded that package's collections, mutative and
 * es-toolkit (about 19 KB minified in every browser mock, hundreds of modules at a Node start)
 * for a class of fifty lines.
 *
 * A condition object matches a record when every key matches: a value by `===`, a function by
 * its result, a nested object key by key, an array when every element matches; a key the record
 * does not have never matches.
 */

/**
 * A condition on a value of type `T`: its fields' values, predicates, or nested conditions.
 * Arrays are matched as `ReadonlyArray` (a change from @msw/data, whose `Array` missed the
 * read-only lists of stored records: tables query `Stored` records, mock/tables/table.ts).
 */
export type Condition<T> =
  NonNullable<T> extends ReadonlyArray<infer V>
    ? Condition<V> | PredicateFunction<T> | Extract<V, null | undefined>
    : T extends Record<any, any>
      ? {
          [K in keyof T]?: NonNullable<T[K]> extends ReadonlyArray<infer V>
            ? Condition<V> | PredicateFunction<T[K]> | Extract<T[K], null | undefined>
            : NonNullable<T[K]> extends Record<any, any>
              ? Condition<T[K]> | Extract<T[K], null | undefined>
              : T[K] | PredicateFunction<T[K]>
        }
      : never

/** A test of a value. */
export type PredicateFunction<T> = (value: T) => unknown

type Predicate = (value: unknown) => unknown

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

function compile(condition: Record<string, unknown>): Predicate {
  return (record) => {
    if (Array.isArray(record)) return record.every((item) => compile(condition)(item))
    return Object.entries(condition).every(([key, selector]) => {
      const actual = (record as Record<string, unknown>)[key]
      if (actual === undefined) return false
      if (Array.isArray(actual)) return actual.every((value) => compile(selector as Record<string, unknown>)(value))
      if (isPlainObject(actual)) return compile(selector as Record<string, unknown>)(actual)
      if (typeof selector === 'function') return (selector as Predicate)(actual)
      return actual === selector
    })
  }
}

/** A condition on records, built with `where`, `and` and `or`; `test` applies it. */
export class Query<T> {
  readonly #predicate: Predicate | undefined

  constructor(predicate?: PredicateFunction<NoInfer<T>>) {
    this.#predicate = predicate as Predicate | undefined
  }

  test(value: T): boolean {
    return !!this.#predicate?.(value)
  }

  where(condition: Condition<T> | PredicateFunction<T>): Query<T> {
    return new Query<T>(all([this.#predicate, Query.#normalize(condition)]))
  }

  and(...conditions: Array<Query<T> | Condition<T> | PredicateFunction<T>>): Query<T> {
    return new Query<T>(all([this.#predicate, ...conditions.map((c) => Query.#normalize(c))]))
  }

  or(...conditions: Array<Query<T> | Condition<T> | PredicateFunction<T>>): Query<T> {
    return new Query<T>(any([this.#predicate, ...conditions.map((c) => Query.#normalize(c))]))
  }

  static #normalize(condition: unknown): Predicate | undefined {
    if (condition instanceof Query) return condition.#predicate
    if (typeof condition === 'function') return condition as Predicate
    if (isPlainObject(condition)) return compile(condition)
    throw new TypeError('Invalid condition type')
  }
}

const all =
  (predicates: Array<Predicate | undefined>): Predicate =>
  (value) =>
    predicates.filter(Boolean).every((p) => p!(value))
const any =
  (predicates: Array<Predicate | undefined>): Predicate =>
  (value) =>
    predicates.filter(Boolean).some((p) => p!(value))
