import * as z from 'zod/mini'
import type { ShareLinkShape } from '../generated/shapes.ts'

/** Share link name bound: 1 to 100 characters (the spec gives none; see docs/decisions/sites.md). */
export const ShareLinkName = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100))
export type ShareLinkName = z.infer<typeof ShareLinkName>

/** A share link: a secret URL giving access to a site published via share links. */
export const ShareLink = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('share-link'),
  id: /*@__PURE__*/ z.string(),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  name: /*@__PURE__*/ z.string(),
  active: /*@__PURE__*/ z.boolean(),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ published: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface ShareLink extends ShareLinkShape {}
