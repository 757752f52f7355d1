import { membership, organizationPermissions, type Caller } from '../model/access.ts'
import type { OrganizationRecord } from '../tables/orgs.ts'
import type { State } from '../model/state.ts'

/**
 * What every organization answer carries, members' or not: the fields the published description
 * requires of an organization, derived the same way for both.
 */
function organizationCore(state: State, org: OrganizationRecord) {
  return {
    object: 'organization' as const,
    id: org.id,
    title: org.title,
    createdAt: org.createdAt,
    emailDomains: org.emailDomains,
    hostname: org.hostname,
    type: org.type,
    inviteLinks: org.inviteLinks,
    plan: org.plan,
    urls: {
      location: `${state.urls.api}/v1/orgs/${org.id}`,
      app: `${state.urls.app}/o/${org.id}`,
      ...(org.logo ? { logo: org.logo } : {}),
    },
    // The mock keeps no merge rules: a change request merges without required reviews, which is
    // what the platform calls `none`.
    mergeRules: { type: 'none' as const },
    // No trial is ever started here: on the free plan one could be, on a paid plan none applies.
    trial: { status: org.plan.startsWith('free') ? ('none' as const) : ('notapplicable' as const), count: 0 },
  }
}

export function presentOrganization(state: State, caller: Caller, org: OrganizationRecord) {
  const member = membership(state, org.id, caller.user.id)
  const core = organizationCore(state, org)
  return {
    object: core.object,
    id: core.id,
    title: core.title,
    createdAt: core.createdAt,
    emailDomains: core.emailDomains,
    hostname: core.hostname,
    type: core.type,
    useCase: org.useCase,
    ...(org.communityType ? { communityType: org.communityType } : {}),
    defaultRole: org.defaultRole,
    // Only while the site still exists: a default that points nowhere is no default.
    ...(org.defaultContent && state.tables.sites.get(org.defaultContent.site) ? { defaultContent: org.defaultContent } : {}),
    sso: org.sso,
    ai: org.ai,
    inviteLinks: core.inviteLinks,
    plan: core.plan,
    ...(org.customHostname ? { customHostname: org.customHostname } : {}),
    urls: core.urls,
    mergeRules: core.mergeRules,
    trial: core.trial,
    permissions: {
      ...organizationPermissions(member),
      // Seeing the organization in the app is being a member of it, guests included.
      access: member !== undefined,
      // Installations are listed by whoever lists integrations; installing takes an admin.
      listInstallations: member !== undefined && member.role !== null,
      installIntegration: member?.role === 'admin',
    },
  }
}

/**
 * The card of an organization a caller could join (`listForEmailDomain`) but is not a member of:
 * what the published description requires of an organization, derived as for members, and no
 * more (its settings, default role and content are the members' to see). Every permission is
 * false, which tells "join" from "open".
 */
export function presentOrganizationCard(state: State, org: OrganizationRecord) {
  return {
    ...organizationCore(state, org),
    permissions: { ...organizationPermissions(undefined), access: false, listInstallations: false, installIntegration: false },
  }
}
