import { organizationPermissions } from '../access.ts'
import type { MemberRecord } from '../../tables/orgs.ts'

/**
 * Who may do what with an organization's services. Translation settings and OpenAPI
 * specifications are organization configuration: every member with a role reads them (guests
 * see only content shared with them, so not these); changing them takes the organization
 * permission that creating the matching content takes. SAML providers are admin-only.
 * Presenters report these objects and handlers enforce them, so the two agree.
 */

const fullMember = (member: MemberRecord | undefined) => member !== undefined && member.role !== null

/** The caller's permissions on the organization's translation settings. */
export function translationPermissions(member: MemberRecord | undefined) {
  return { view: fullMember(member), edit: organizationPermissions(member).createContent }
}

/** The caller's permissions on the organization's OpenAPI specifications. */
export function openAPISpecPermissions(member: MemberRecord | undefined) {
  return { view: fullMember(member), edit: organizationPermissions(member).createOpenAPISpec }
}
