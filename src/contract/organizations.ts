import * as z from 'zod/mini'
import { Organization, OrganizationsByEmailDomain } from '../schemas/organization.ts'
import { List, Role } from '../schemas/shared.ts'
import { Id, pagination, Url } from './common.ts'
import { defineOperation } from './define.ts'

/** An email domain: dot-separated DNS labels ending in an alphabetic top-level domain. */
export const EmailDomain = z.string().check(z.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i))

/** Path parameters of everything under an organization. */
export const org = { organizationId: Id }
export const ORG = '/v1/orgs/{organizationId}'

export const listOrganizationsForAuthenticatedUser = defineOperation({
  id: 'listOrganizationsForAuthenticatedUser',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs',
  sdk: 'orgs.list',
  status: 200,
  summary: 'List the organizations the caller is a member of',
  query: z.object({ ...pagination }),
  response: List(Organization),
  paginated: true,
})

export const getOrganizationById = defineOperation({
  id: 'getOrganizationById',
  method: 'GET',
  idempotent: true,
  path: ORG,
  sdk: 'orgs.get',
  status: 200,
  summary: 'Get an organization',
  params: z.object(org),
  response: Organization,
})

export const updateOrganizationById = defineOperation({
  id: 'updateOrganizationById',
  method: 'PATCH',
  idempotent: true,
  path: ORG,
  sdk: 'orgs.update',
  status: 200,
  summary: 'Update an organization',
  params: z.object(org),
  body: z.object({
    title: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    emailDomains: z.optional(z.array(EmailDomain).check(z.maxLength(50))),
    hostname: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/))),
    defaultRole: z.optional(z.nullable(Role)),
    defaultContent: z.optional(z.object({ type: z.literal('site'), site: Id })),
    logo: z.optional(Url),
    sso: z.optional(z.boolean()),
    ai: z.optional(z.boolean()),
    inviteLinks: z.optional(z.boolean()),
  }),
  response: Organization,
})

export const deleteOrganizationInviteById = defineOperation({
  id: 'deleteOrganizationInviteById',
  method: 'DELETE',
  idempotent: true,
  path: `${ORG}/link-invites/{inviteId}`,
  sdk: 'orgs.deleteInvite',
  status: 205,
  summary: 'Delete an invite link',
  params: z.object({ ...org, inviteId: Id }),
})

export const getOrganizationsForEmailDomain = defineOperation({
  id: 'getOrganizationsForEmailDomain',
  method: 'GET',
  idempotent: true,
  path: '/v1/email-domains/{emailDomain}/orgs',
  sdk: 'orgs.listForEmailDomain',
  status: 200,
  summary: 'List the organizations that users of an email domain can join',
  params: z.object({ emailDomain: EmailDomain }),
  response: OrganizationsByEmailDomain,
})
