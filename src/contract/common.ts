import * as z from 'zod/mini'

/** A path parameter: a non-empty opaque identifier. */
export const Id = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(256))

/** Query parameters every list operation accepts. */
export const pagination = {
  /** Opaque cursor from the previous page's `next.page`. */
  page: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(2048))),
  /** Items per page, 1 to 1000 (default 100). */
  limit: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.int().check(/*@__PURE__*/ z.gte(1), /*@__PURE__*/ z.lte(1000))),
}

/** Sort direction of list operations that take `order`. */
export const Order = /*@__PURE__*/ z.enum(['asc', 'desc'])

/** A URL field of a request body. */
export const Url = /*@__PURE__*/ z.url({ protocol: /^https?$/ })
