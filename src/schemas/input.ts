import * as z from 'zod/mini'

/**
 * A URL field of a request body: http or https. The message says so, since `ftp://host` is a valid
 * URL and "must be a valid url" would be untrue of it.
 */
export const Url = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' })
