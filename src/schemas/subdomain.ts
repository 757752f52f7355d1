import * as z from 'zod/mini'
import type { SubdomainShape } from '../generated/shapes.ts'

/** Subdomain name bound: 3 to 32 lowercase letters, digits or inner hyphens. */
export const SubdomainName = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/))
export type SubdomainName = z.infer<typeof SubdomainName>

/** A subdomain of the platform and what it points to. */
export const Subdomain = z.looseObject({
  object: z.literal('subdomain'),
  subdomain: z.string(),
  target: z.optional(z.looseObject({ type: z.optional(z.string()), organization: z.optional(z.string()) })),
  isActive: z.optional(z.boolean()),
})
export interface Subdomain extends SubdomainShape {}
