import * as z from 'zod/mini'
import type { UserShape } from '../generated/shapes.ts'

/** Permission level on content (`defaultLevel`, `role`, `permission`, `defaultRole`); the spec lists every value. */
export const Role = /*@__PURE__*/ z.enum(['admin', 'create', 'review', 'edit', 'comment', 'read'])
export type Role = z.infer<typeof Role>

/** A user as embedded in other resources (member, comment author, reviewer...). */
export const User = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('user'),
  id: /*@__PURE__*/ z.string(),
  displayName: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  email: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  photoURL: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface User extends UserShape {}

/** Builds the paginated envelope every list endpoint returns, with items of the given schema. */
/*@__NO_SIDE_EFFECTS__*/
export function List<T extends z.core.$ZodType>(item: T) {
  return /*@__PURE__*/ z.looseObject({
    items: z.array(item),
    count: z.number(),
    next: z.optional(z.looseObject({ page: z.string() })),
  })
}

/** Emoji field bound (space emoji, page emoji): at most 50 characters. */
export const Emoji = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(50))
export type Emoji = z.infer<typeof Emoji>

/** Icon name bound (site sections, section groups): at most 50 characters. */
export const IconName = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(50))
export type IconName = z.infer<typeof IconName>

/** Visibility condition expression of a site section or site space: 1 to 1024 characters. */
export const Condition = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(1024))
export type Condition = z.infer<typeof Condition>

/** Slug used as a reference (OpenAPI specs): lowercase letters and digits in groups joined by single hyphens. */
export const Slug = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/))
export type Slug = z.infer<typeof Slug>
