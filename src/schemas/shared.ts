import * as z from 'zod/mini'
import type { UserShape } from '../generated/shapes.ts'

/** Permission level on content (`defaultLevel`, `role`, `permission`, `defaultRole`); the spec lists every value. */
export const Role = z.enum(['admin', 'create', 'review', 'edit', 'comment', 'read'])
export type Role = z.infer<typeof Role>

/** A user as embedded in other resources (member, comment author, reviewer...). */
export const User = z.looseObject({
  object: z.literal('user'),
  id: z.string(),
  displayName: z.optional(z.string()),
  email: z.optional(z.string()),
  photoURL: z.optional(z.string()),
  urls: z.optional(z.looseObject({ location: z.optional(z.string()) })),
})
export interface User extends UserShape {}

/** Builds the paginated envelope every list endpoint returns, with items of the given schema. */
/*@__NO_SIDE_EFFECTS__*/
export function List<T extends z.core.$ZodType>(item: T) {
  return z.looseObject({
    items: z.array(item),
    count: z.number(),
    next: z.optional(z.looseObject({ page: z.string() })),
  })
}

/** Emoji field bound (space emoji, page emoji): at most 50 characters. */
export const Emoji = z.string().check(z.maxLength(50))
export type Emoji = z.infer<typeof Emoji>

/** Icon name bound (site sections, section groups): at most 50 characters. */
export const IconName = z.string().check(z.maxLength(50))
export type IconName = z.infer<typeof IconName>

/** Visibility condition expression of a site section or site space: 1 to 1024 characters. */
export const Condition = z.string().check(z.minLength(1), z.maxLength(1024))
export type Condition = z.infer<typeof Condition>

/** Slug used as a reference (OpenAPI specs): lowercase letters and digits in groups joined by single hyphens. */
export const Slug = z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/))
export type Slug = z.infer<typeof Slug>
