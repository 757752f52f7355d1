import * as z from 'zod/mini'
import type { SiteShape } from '../generated/shapes.ts'

/**
 * Who can read a published site. The spec names no values; these are the site audiences the
 * mock implements (the same words as space visibility). Responses accept any string.
 */
export const SiteVisibility = z.enum(['public', 'unlisted', 'share-link', 'visitor-auth'])
export type SiteVisibility = z.infer<typeof SiteVisibility>

/**
 * A published site of an organization. The spec shows no operations on sites themselves;
 * docplat adds listing and reading them (`sites.list`, `sites.get`), see `docs/decisions/sites.md`.
 */
export const Site = z.looseObject({
  object: z.literal('site'),
  id: z.string(),
  title: z.optional(z.string()),
  hostname: z.optional(z.string()),
  visibility: z.optional(z.string()),
  /** The site's type (`basic`, `premium`, `ultimate`...), from its organization's plan. */
  type: z.optional(z.string()),
  /** The type currently applied (a frozen site is `basic`). */
  appliedType: z.optional(z.string()),
  /** The site's default level: `inherit` (its content's levels apply) or a role. */
  defaultLevel: z.optional(z.nullable(z.string())),
  /** Whether the site is live (reachable by its audience). */
  published: z.optional(z.boolean()),
  /** When the site was created. */
  createdAt: z.optional(z.string()),
  /** How many site spaces the site publishes. */
  siteSpaces: z.optional(z.number()),
  /** The premium features enabled on the site, each with the plan it belongs to. */
  features: z.optional(
    z.array(z.looseObject({ id: z.optional(z.string()), plan: z.optional(z.string()), frozen: z.optional(z.boolean()) })),
  ),
  urls: z.optional(
    z.looseObject({
      published: z.optional(z.string()),
      app: z.optional(z.string()),
      location: z.optional(z.string()),
      /** The site's preview in the app. */
      preview: z.optional(z.string()),
    }),
  ),
  /**
   * The caller's rights on the site: `view` and `access` (read it, open it in the app), `admin`
   * (manage settings and publish), `edit`, `create` (content and structure), `installIntegration`,
   * `viewAdaptiveSchema` and `editAdaptiveSchema`.
   */
  permissions: z.optional(
    z.looseObject({
      view: z.optional(z.boolean()),
      admin: z.optional(z.boolean()),
      access: z.optional(z.boolean()),
      edit: z.optional(z.boolean()),
      create: z.optional(z.boolean()),
      installIntegration: z.optional(z.boolean()),
      viewAdaptiveSchema: z.optional(z.boolean()),
      editAdaptiveSchema: z.optional(z.boolean()),
    }),
  ),
})
export interface Site extends SiteShape {}
