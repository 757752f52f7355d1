import * as z from 'zod/mini'
import { Role } from './shared.ts'
import type { CollectionShape } from '../generated/shapes.ts'

/** Collection title bound: at most 50 characters. */
export const CollectionTitle = z.string().check(z.maxLength(50))
export type CollectionTitle = z.infer<typeof CollectionTitle>

/** Collection description bound: at most 100 characters. */
export const CollectionDescription = z.string().check(z.maxLength(100))
export type CollectionDescription = z.infer<typeof CollectionDescription>

/** A collection: groups spaces (and nested collections) inside an organization. */
export const Collection = z.looseObject({
  object: z.literal('collection'),
  id: z.string(),
  title: z.string(),
  description: z.optional(z.string()),
  organization: z.string(),
  parent: z.optional(z.string()),
  defaultLevel: z.nullable(Role),
  urls: z.optional(z.looseObject({ location: z.optional(z.string()), app: z.optional(z.string()) })),
  permissions: z.optional(
    z.looseObject({
      view: z.optional(z.boolean()),
      admin: z.optional(z.boolean()),
      viewInviteLinks: z.optional(z.boolean()),
      create: z.optional(z.boolean()),
    }),
  ),
})
export interface Collection extends CollectionShape {}
