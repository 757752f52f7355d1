import * as z from 'zod/mini'
import type { TeamShape } from '../generated/shapes.ts'

/** Team title bound: 1 to 64 characters. */
export const TeamTitle = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(64))
export type TeamTitle = z.infer<typeof TeamTitle>

/** A team: a named group of organization members. */
export const Team = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('team'),
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  members: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
  spaces: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  permissions: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ admin: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()), view: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()) })),
})
export interface Team extends TeamShape {}
