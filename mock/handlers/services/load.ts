import { forbidden, notFound } from '../../base/http-error.ts'
import type { Caller } from '../../model/access.ts'
import type { MemberRecord, OrganizationRecord } from '../../tables/orgs.ts'
import type { State } from '../../model/state.ts'
import { loadOrganization } from '../load.ts'

/** The caller's `{ view, edit }` on one kind of organization configuration. */
type PermissionsOf = (member: MemberRecord) => { view: boolean; edit: boolean }

/**
 * The organization for a list of its configuration: members who may not view that kind of
 * configuration (guests) get a 403, since the organization itself is visible to them.
 */
export function loadForList(
  state: State,
  caller: Caller,
  organizationId: string,
  permissionsOf: PermissionsOf,
  what: string,
): OrganizationRecord {
  const { org, member } = loadOrganization(state, caller, organizationId)
  if (!permissionsOf(member).view) throw forbidden(`Missing permission "view" on the ${what} of organization ${org.id}`)
  return org
}

/**
 * One item of an organization's configuration: 404 when the caller may not view it (or it does
 * not exist), 403 when `need` is missing from the permissions object the presenter reports.
 */
export function loadItem<T>(
  state: State,
  caller: Caller,
  organizationId: string,
  permissionsOf: PermissionsOf,
  find: (organization: string) => T,
  describe: string,
  need?: 'edit',
): T {
  const { org, member } = loadOrganization(state, caller, organizationId)
  const permissions = permissionsOf(member)
  if (!permissions.view) throw notFound(`${describe} not found`)
  const item = find(org.id)
  if (need && !permissions[need]) throw forbidden(`Missing permission "${need}" on ${describe}`)
  return item
}
