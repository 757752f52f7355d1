import * as z from 'zod/mini'

/** A URL field of a request body. */
export const Url = z.url({ protocol: /^https?$/ })
