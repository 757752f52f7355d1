import * as z from 'zod/mini'

/** A path parameter: a non-empty opaque identifier. */
export const Id = z.string().check(z.minLength(1), z.maxLength(256))

/** Query parameters every list operation accepts. */
export const pagination = {
  /** Opaque cursor from the previous page's `next.page`. */
  page: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  /** Items per page, 1 to 1000 (default 100). */
  limit: z.optional(z.int().check(z.gte(1), z.lte(1000))),
}

/** Sort direction of list operations that take `order`. */
export const Order = z.enum(['asc', 'desc'])

/**
 * A URL field of a request body: http or https. The message says so, since `ftp://host` is a valid
 * URL and "must be a valid url" would be untrue of it.
 */
export const Url = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' })
