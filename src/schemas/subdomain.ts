import * as z from 'zod/mini'
import type { SubdomainShape } from '../generated/shapes.ts'

/** Subdomain name bound: 3 to 32 lowercase letters, digits or inner hyphens. */
export const SubdomainName = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/))
export type SubdomainName = z.infer<typeof SubdomainName>

/** A subdomain of the platform and what it points to. */
export const Subdomain = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('subdomain'),
  subdomain: /*@__PURE__*/ z.string(),
  target: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), organization: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
  isActive: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
})
export interface Subdomain extends SubdomainShape {}
