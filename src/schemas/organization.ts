import * as z from 'zod/mini'
import { Role } from './shared.ts'
import type { OrganizationShape, OrganizationsByEmailDomainShape } from '../generated/shapes.ts'

/** An organization: owns members, teams, collections, spaces, sites and OpenAPI specs. */
export const Organization = z.looseObject({
  object: z.literal('organization'),
  id: z.string(),
  title: z.string(),
  createdAt: z.optional(z.string()),
  emailDomains: z.optional(z.array(z.string())),
  hostname: z.optional(z.string()),
  type: z.optional(z.string()),
  useCase: z.optional(z.string()),
  communityType: z.optional(z.string()),
  defaultRole: z.optional(z.nullable(Role)),
  defaultContent: z.optional(z.looseObject({ type: z.optional(z.string()), site: z.optional(z.string()) })),
  sso: z.optional(z.boolean()),
  ai: z.optional(z.boolean()),
  inviteLinks: z.optional(z.boolean()),
  plan: z.optional(z.string()),
  billing: z.optional(
    z.looseObject({
      interval: z.optional(z.string()),
      endDate: z.optional(z.string()),
      hasPaymentFailed: z.optional(z.boolean()),
      isScheduledToCancel: z.optional(z.boolean()),
    }),
  ),
  urls: z.optional(z.looseObject({ location: z.optional(z.string()), app: z.optional(z.string()), logo: z.optional(z.string()) })),
  /** The merge rules of the organization's change requests (`{ type: 'none' }`: merges need no review). */
  mergeRules: z.optional(z.looseObject({ type: z.string() })),
  /** The organization's trial: `status` and how many trials it consumed (`count`). */
  trial: z.optional(
    z.looseObject({
      status: z.optional(z.string()),
      count: z.optional(z.number()),
      endDate: z.optional(z.string()),
      decision: z.optional(z.string()),
    }),
  ),
  customHostname: z.optional(z.string()),
  blocked: z.optional(z.looseObject({ reason: z.optional(z.string()) })),
  internal_billingMigration: z.optional(
    z.looseObject({
      deadline: z.optional(z.string()),
      discountPercent: z.optional(z.number()),
      discountEndDate: z.optional(z.string()),
    }),
  ),
  permissions: z.optional(
    z.looseObject({
      view: z.optional(z.boolean()),
      admin: z.optional(z.boolean()),
      ownTeam: z.optional(z.boolean()),
      createContent: z.optional(z.boolean()),
      createOpenAPISpec: z.optional(z.boolean()),
      ingestConversations: z.optional(z.boolean()),
      viewBilling: z.optional(z.boolean()),
      listMembers: z.optional(z.boolean()),
      listTeams: z.optional(z.boolean()),
      listIntegrations: z.optional(z.boolean()),
      /** Whether the caller sees the organization in the app (any member, guests included). */
      access: z.optional(z.boolean()),
      /** Whether the caller may list the organization's integration installations. */
      listInstallations: z.optional(z.boolean()),
      /** Whether the caller may install integrations in the organization. */
      installIntegration: z.optional(z.boolean()),
    }),
  ),
})
export interface Organization extends OrganizationShape {}

/** Response of listing the organizations of an email domain: `{ organizations }`. */
export const OrganizationsByEmailDomain = z.looseObject({
  organizations: z.array(Organization),
})
export interface OrganizationsByEmailDomain extends OrganizationsByEmailDomainShape {}
