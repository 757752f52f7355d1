import * as z from 'zod/mini'

/** A published site (its own operations are not in the spec; it appears in integration site listings). */
export const Site = /*@__PURE__*/ z.looseObject({
  object: z.literal('site'),
  id: z.string(),
  title: z.optional(z.string()),
  hostname: z.optional(z.string()),
  visibility: z.optional(z.string()),
  urls: z.optional(
    z.looseObject({
      published: z.optional(z.string()),
      app: z.optional(z.string()),
      location: z.optional(z.string()),
    }),
  ),
  permissions: z.optional(z.looseObject({ view: z.optional(z.boolean()), admin: z.optional(z.boolean()) })),
})
export interface Site extends z.infer<typeof Site> {}
