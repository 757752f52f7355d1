import * as z from 'zod/mini'

/** Redirect source: absolute path of `/`-separated segments of letters, digits, `-`, `.`, `_`, `~` or `%XX`. */
export const RedirectSource = /*@__PURE__*/ z.string().check(z.maxLength(2048), z.regex(/^(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)+$/))
export type RedirectSource = z.infer<typeof RedirectSource>

/** Where a site redirect leads (kind example `site-section`). */
export const RedirectDestination = /*@__PURE__*/ z.looseObject({
  kind: z.optional(z.string()),
  siteSectionId: z.optional(z.string()),
})
export interface RedirectDestination extends z.infer<typeof RedirectDestination> {}

/** A site redirect: sends visitors of a source path to a destination. */
export const SiteRedirect = /*@__PURE__*/ z.looseObject({
  object: z.literal('site-redirect'),
  id: z.string(),
  source: z.string(),
  destination: RedirectDestination,
})
export interface SiteRedirect extends z.infer<typeof SiteRedirect> {}

/** Response of resolving a path against a site's redirects: `{ redirect, target }`. */
export const RedirectResolution = /*@__PURE__*/ z.looseObject({
  redirect: SiteRedirect,
  target: z.string(),
})
export interface RedirectResolution extends z.infer<typeof RedirectResolution> {}
