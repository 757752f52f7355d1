import * as z from 'zod/mini'
import { Role } from './shared.ts'
import type { OrganizationShape, OrganizationsByEmailDomainShape } from '../generated/shapes.ts'

/** An organization: owns members, teams, collections, spaces, sites and OpenAPI specs. */
export const Organization = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('organization'),
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  emailDomains: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  hostname: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  useCase: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  communityType: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  defaultRole: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(Role)),
  defaultContent: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ type: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), site: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
  sso: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  ai: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  inviteLinks: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  plan: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  billing: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      interval: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      endDate: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      hasPaymentFailed: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      isScheduledToCancel: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
    }),
  ),
  urls: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({ location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), logo: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) }),
  ),
  trial: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({ status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), endDate: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()), decision: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) }),
  ),
  customHostname: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  blocked: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ reason: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
  internal_billingMigration: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      deadline: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      discountPercent: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
      discountEndDate: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
    }),
  ),
  permissions: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      view: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      admin: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      ownTeam: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      createContent: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      createOpenAPISpec: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      ingestConversations: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      viewBilling: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      listMembers: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      listTeams: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      listIntegrations: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
    }),
  ),
})
export interface Organization extends OrganizationShape {}

/** Response of listing the organizations of an email domain: `{ organizations }`. */
export const OrganizationsByEmailDomain = /*@__PURE__*/ z.looseObject({
  organizations: /*@__PURE__*/ z.array(Organization),
})
export interface OrganizationsByEmailDomain extends OrganizationsByEmailDomainShape {}
