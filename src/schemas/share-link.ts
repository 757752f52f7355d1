import * as z from 'zod/mini'
import type { ShareLinkShape } from '../generated/shapes.ts'

/** Share link name bound: 1 to 50 characters, as the published description limits it (docs/decisions/sites.md). */
export const ShareLinkName = z.string().check(z.minLength(1), z.maxLength(50))
export type ShareLinkName = z.infer<typeof ShareLinkName>

/** A share link: a secret URL giving access to a site published via share links. */
export const ShareLink = z.looseObject({
  object: z.literal('share-link'),
  id: z.string(),
  createdAt: z.optional(z.string()),
  name: z.string(),
  active: z.boolean(),
  urls: z.optional(z.looseObject({ published: z.optional(z.string()) })),
})
export interface ShareLink extends ShareLinkShape {}
