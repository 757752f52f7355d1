import * as z from 'zod/mini'
import { Role } from './shared.ts'
import { Team } from './team.ts'

/** A SAML identity provider configured for an organization's single sign-on. */
export const SAMLProvider = /*@__PURE__*/ z.looseObject({
  object: z.literal('saml-provider'),
  id: z.string(),
  label: z.optional(z.string()),
  ssoURL: z.optional(z.string()),
  entityID: z.optional(z.string()),
  certificate: z.optional(z.string()),
  defaultTeam: z.optional(Team),
  defaultRole: z.optional(z.nullable(Role)),
  createdAt: z.optional(z.string()),
  status: z.optional(z.string()),
  service: z.optional(
    z.looseObject({
      acsURL: z.optional(z.string()),
      startURL: z.optional(z.string()),
      entityID: z.optional(z.string()),
    }),
  ),
  urls: z.optional(z.looseObject({ location: z.optional(z.string()) })),
})
export interface SAMLProvider extends z.infer<typeof SAMLProvider> {}

/** An SSO login option of an organization: where to start signing in. */
export const SSOLogin = /*@__PURE__*/ z.looseObject({
  id: z.string(),
  label: z.optional(z.string()),
  startURL: z.optional(z.string()),
})
export interface SSOLogin extends z.infer<typeof SSOLogin> {}

/** Response of listing an organization's SSO logins: `{ items }` (not paginated). */
export const SSOLogins = /*@__PURE__*/ z.looseObject({ items: z.array(SSOLogin) })
export interface SSOLogins extends z.infer<typeof SSOLogins> {}
