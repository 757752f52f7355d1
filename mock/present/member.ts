import type { MemberRecord } from '../tables/orgs.ts'
import { memberSpaceCount, memberTeamCount } from '../model/orgs/members.ts'
import type { State } from '../model/state.ts'
import { presentUserById, seesMemberDetails, type Audience } from './user.ts'

/**
 * A member, with the counts of spaces they can access and teams they are in. An audience that
 * may not list the organization's members (a guest reading commenters) gets the person only: ID,
 * name and picture, no email, role, status or counts.
 */
export function presentMember(state: State, member: MemberRecord, audience: Audience) {
  const user = presentUserById(state, member.user, audience)
  if (!seesMemberDetails(audience, member.user)) return { object: 'member' as const, id: member.user, user }
  // Written out whole, not spread: a page presents 100 of these per request, and a literal of a
  // fixed shape is the cheapest object to build and to serialize.
  const spaces = memberSpaceCount(state, member)
  const teams = memberTeamCount(state, member)
  // Every member sees every site of the organization (the site rules), so this counts its sites.
  const sites = state.indexes.sitesByOrg.get(member.organization).length
  return member.lastSeenAt
    ? {
        object: 'member' as const,
        id: member.user,
        role: member.role,
        user,
        disabled: member.disabled,
        joinedAt: member.joinedAt,
        lastSeenAt: member.lastSeenAt,
        sso: member.sso,
        spaces,
        teams,
        sites,
      }
    : {
        object: 'member' as const,
        id: member.user,
        role: member.role,
        user,
        disabled: member.disabled,
        joinedAt: member.joinedAt,
        sso: member.sso,
        spaces,
        teams,
        sites,
      }
}
