import type * as z from 'zod/mini'

/**
 * A response type without the index signatures that make it forward compatible (the contract's
 * object schemas are loose, so clients accept fields they do not know). What the mock sends must
 * have every field the contract requires, each with the contract's type. Lists may be read-only:
 * a presenter hands a stored record's lists on as they are (they are only serialized).
 */
export type Known<T> =
  T extends ReadonlyArray<infer U>
    ? readonly Known<U>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: Known<T[K]> }
      : T

/** What the mock sends for a contract schema. */
export type Wire<S extends z.ZodMiniType> = Known<z.input<S>>
