import * as z from 'zod/mini'
import type { RedirectDestinationShape, SiteRedirectShape, RedirectResolutionShape } from '../generated/shapes.ts'

/** Redirect source: absolute path of `/`-separated segments of letters, digits, `-`, `.`, `_`, `~` or `%XX`. */
export const RedirectSource = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(2048), /*@__PURE__*/ z.regex(/^(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)+$/))
export type RedirectSource = z.infer<typeof RedirectSource>

/** Where a site redirect leads (kind example `site-section`). */
export const RedirectDestination = /*@__PURE__*/ z.looseObject({
  kind: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  siteSectionId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface RedirectDestination extends RedirectDestinationShape {}

/** A site redirect: sends visitors of a source path to a destination. */
export const SiteRedirect = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('site-redirect'),
  id: /*@__PURE__*/ z.string(),
  source: /*@__PURE__*/ z.string(),
  destination: RedirectDestination,
})
export interface SiteRedirect extends SiteRedirectShape {}

/** Response of resolving a path against a site's redirects: `{ redirect, target }`. */
export const RedirectResolution = /*@__PURE__*/ z.looseObject({
  redirect: SiteRedirect,
  target: /*@__PURE__*/ z.string(),
})
export interface RedirectResolution extends RedirectResolutionShape {}
