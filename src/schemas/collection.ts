import * as z from 'zod/mini'
import { Role } from './shared.ts'
import type { CollectionShape } from '../generated/shapes.ts'

/** Collection title bound: at most 50 characters. */
export const CollectionTitle = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(50))
export type CollectionTitle = z.infer<typeof CollectionTitle>

/** Collection description bound: at most 100 characters. */
export const CollectionDescription = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(100))
export type CollectionDescription = z.infer<typeof CollectionDescription>

/** A collection: groups spaces (and nested collections) inside an organization. */
export const Collection = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('collection'),
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  description: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  organization: /*@__PURE__*/ z.string(),
  parent: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  defaultLevel: /*@__PURE__*/ z.nullable(Role),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
  permissions: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      view: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      admin: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      viewInviteLinks: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      create: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
    }),
  ),
})
export interface Collection extends CollectionShape {}
