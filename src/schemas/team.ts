import * as z from 'zod/mini'
import type { TeamShape } from '../generated/shapes.ts'

/** Team title bound: 1 to 64 characters. */
export const TeamTitle = z.string().check(z.minLength(1), z.maxLength(64))
export type TeamTitle = z.infer<typeof TeamTitle>

/** A team: a named group of organization members. */
export const Team = z.looseObject({
  object: z.literal('team'),
  id: z.string(),
  title: z.string(),
  members: z.optional(z.number()),
  spaces: z.optional(z.number()),
  createdAt: z.optional(z.string()),
  permissions: z.optional(z.looseObject({ admin: z.optional(z.boolean()), view: z.optional(z.boolean()) })),
})
export interface Team extends TeamShape {}
