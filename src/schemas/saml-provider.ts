import * as z from 'zod/mini'
import { Role } from './shared.ts'
import { Team } from './team.ts'
import type { SAMLProviderShape, SSOLoginShape, SSOLoginsShape } from '../generated/shapes.ts'

/** Label of a SAML provider, shown on the login page: 1 to 100 characters. */
export const SAMLProviderLabel = z.string().check(z.minLength(1), z.maxLength(100))
export type SAMLProviderLabel = z.infer<typeof SAMLProviderLabel>

/** The identity provider's entity ID (a URI): 1 to 1024 characters, no whitespace. */
export const SAMLEntityID = z.string().check(z.maxLength(1024), z.regex(/^\S+$/))
export type SAMLEntityID = z.infer<typeof SAMLEntityID>

/**
 * The identity provider's signing certificate in PEM form (`-----BEGIN CERTIFICATE-----`,
 * base64 DER, `-----END CERTIFICATE-----`): at most 16384 characters.
 */
export const SAMLCertificate = z.string().check(z.minLength(1), z.maxLength(16384))
export type SAMLCertificate = z.infer<typeof SAMLCertificate>

/** The identity provider's single sign-on URL: http(s), at most 2048 characters. */
export const SAMLSSOURL = z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))
export type SAMLSSOURL = z.infer<typeof SAMLSSOURL>

/** A SAML identity provider configured for an organization's single sign-on. */
export const SAMLProvider = z.looseObject({
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
export interface SAMLProvider extends SAMLProviderShape {}

/** An SSO login option of an organization: where to start signing in. */
export const SSOLogin = z.looseObject({
  id: z.string(),
  label: z.optional(z.string()),
  startURL: z.optional(z.string()),
})
export interface SSOLogin extends SSOLoginShape {}

/** Response of listing an organization's SSO logins: `{ items }` (not paginated). */
export const SSOLogins = z.looseObject({ items: z.array(SSOLogin) })
export interface SSOLogins extends SSOLoginsShape {}
