import * as z from 'zod/mini'
import { Role } from './shared.ts'
import { Team } from './team.ts'
import type { SAMLProviderShape, SSOLoginShape, SSOLoginsShape } from '../generated/shapes.ts'

/** Label of a SAML provider, shown on the login page: 1 to 100 characters. */
export const SAMLProviderLabel = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100))
export type SAMLProviderLabel = z.infer<typeof SAMLProviderLabel>

/** The identity provider's entity ID (a URI): 1 to 1024 characters, no whitespace. */
export const SAMLEntityID = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(1024), /*@__PURE__*/ z.regex(/^\S+$/))
export type SAMLEntityID = z.infer<typeof SAMLEntityID>

/**
 * The identity provider's signing certificate in PEM form (`-----BEGIN CERTIFICATE-----`,
 * base64 DER, `-----END CERTIFICATE-----`): at most 16384 characters.
 */
export const SAMLCertificate = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(16384))
export type SAMLCertificate = z.infer<typeof SAMLCertificate>

/** The identity provider's single sign-on URL: http(s), at most 2048 characters. */
export const SAMLSSOURL = /*@__PURE__*/ z.url({ protocol: /^https?$/ }).check(/*@__PURE__*/ z.maxLength(2048))
export type SAMLSSOURL = z.infer<typeof SAMLSSOURL>

/** A SAML identity provider configured for an organization's single sign-on. */
export const SAMLProvider = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('saml-provider'),
  id: /*@__PURE__*/ z.string(),
  label: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  ssoURL: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  entityID: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  certificate: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  defaultTeam: /*@__PURE__*/ z.optional(Team),
  defaultRole: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(Role)),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  service: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      acsURL: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      startURL: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      entityID: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
    }),
  ),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface SAMLProvider extends SAMLProviderShape {}

/** An SSO login option of an organization: where to start signing in. */
export const SSOLogin = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  label: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  startURL: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface SSOLogin extends SSOLoginShape {}

/** Response of listing an organization's SSO logins: `{ items }` (not paginated). */
export const SSOLogins = /*@__PURE__*/ z.looseObject({ items: /*@__PURE__*/ z.array(SSOLogin) })
export interface SSOLogins extends SSOLoginsShape {}
