import * as z from 'zod/mini'
import type { RedirectDestinationShape, SiteRedirectShape, RedirectResolutionShape } from '../generated/shapes.ts'

/** Redirect source: absolute path of `/`-separated segments of letters, digits, `-`, `.`, `_`, `~` or `%XX`. */
export const RedirectSource = z.string().check(z.maxLength(2048), z.regex(/^(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)+$/))
export type RedirectSource = z.infer<typeof RedirectSource>

/** Where a site redirect leads (kind example `site-section`). */
export const RedirectDestination = z.looseObject({
  kind: z.optional(z.string()),
  siteSectionId: z.optional(z.string()),
})
export interface RedirectDestination extends RedirectDestinationShape {}

/** A site redirect: sends visitors of a source path to a destination. */
export const SiteRedirect = z.looseObject({
  object: z.literal('site-redirect'),
  id: z.string(),
  source: z.string(),
  /** Whether the redirect is a draft, not live. */
  draft: z.optional(z.boolean()),
  /** Whether the wildcard-matched suffix of the source is appended to the destination. */
  captureWildcard: z.optional(z.boolean()),
  /** Whether the redirect is permanent (308) rather than temporary (307). */
  permanent: z.optional(z.boolean()),
  destination: RedirectDestination,
  /** When the redirect was created. */
  createdAt: z.optional(z.string()),
})
export interface SiteRedirect extends SiteRedirectShape {}

/** Response of resolving a path against a site's redirects: `{ redirect, target }`. */
export const RedirectResolution = z.looseObject({
  redirect: SiteRedirect,
  target: z.string(),
})
export interface RedirectResolution extends RedirectResolutionShape {}
