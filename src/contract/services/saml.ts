import * as z from 'zod/mini'
import { SAMLCertificate, SAMLEntityID, SAMLProvider, SAMLProviderLabel, SAMLSSOURL, SSOLogins } from '../../schemas/saml-provider.ts'
import { List, Role } from '../../schemas/shared.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { ORG, org } from '../organizations.ts'

const provider = { ...org, samlProviderId: Id }
const PROVIDER = `${ORG}/saml/{samlProviderId}`

/** Default team and role of the members a provider signs in; `defaultTeam: null` means none. */
const defaults = {
  defaultTeam: z.optional(z.nullable(Id)),
  defaultRole: z.optional(z.nullable(Role)),
}

export const listSAMLProvidersInOrganizationById = defineOperation({
  id: 'listSAMLProvidersInOrganizationById',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/saml`,
  sdk: 'orgs.saml.list',
  status: 200,
  summary: 'List the SAML providers of an organization',
  params: z.object(org),
  query: z.object({ ...pagination }),
  response: List(SAMLProvider),
  paginated: true,
})

export const createOrganizationSAMLProvider = defineOperation({
  id: 'createOrganizationSAMLProvider',
  method: 'POST',
  idempotent: false,
  path: `${ORG}/saml`,
  sdk: 'orgs.saml.create',
  status: 201,
  summary: 'Add a SAML provider for single sign-on',
  params: z.object(org),
  body: z.object({ label: SAMLProviderLabel, entityID: SAMLEntityID, certificate: SAMLCertificate, ssoURL: SAMLSSOURL, ...defaults }),
  response: SAMLProvider,
})

export const getOrganizationSAMLProviderById = defineOperation({
  id: 'getOrganizationSAMLProviderById',
  method: 'GET',
  idempotent: true,
  path: PROVIDER,
  sdk: 'orgs.saml.get',
  status: 200,
  summary: 'Get a SAML provider',
  params: z.object(provider),
  response: SAMLProvider,
})

export const updateOrganizationSAMLProvider = defineOperation({
  id: 'updateOrganizationSAMLProvider',
  method: 'PATCH',
  idempotent: true,
  path: PROVIDER,
  sdk: 'orgs.saml.update',
  status: 200,
  summary: 'Update a SAML provider (every field optional)',
  params: z.object(provider),
  body: z.object({
    label: z.optional(SAMLProviderLabel),
    entityID: z.optional(SAMLEntityID),
    certificate: z.optional(SAMLCertificate),
    ssoURL: z.optional(SAMLSSOURL),
    ...defaults,
  }),
  response: SAMLProvider,
})

export const deleteOrganizationSAMLProvider = defineOperation({
  id: 'deleteOrganizationSAMLProvider',
  method: 'DELETE',
  idempotent: true,
  path: PROVIDER,
  sdk: 'orgs.saml.delete',
  status: 205,
  summary: 'Delete a SAML provider',
  params: z.object(provider),
})

export const listSSOProviderLoginsInOrganization = defineOperation({
  id: 'listSSOProviderLoginsInOrganization',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/sso`,
  sdk: 'orgs.listSSOProviders',
  status: 200,
  summary: 'List where to start signing in to an organization through SSO',
  params: z.object(org),
  response: SSOLogins,
})
