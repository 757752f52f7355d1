import type { MemberRecord } from '../model/orgs/tables.ts'
import { memberSpaceCount, memberTeamCount } from '../model/orgs/members.ts'
import type { State } from '../model/state.ts'
import { presentUserById, seesMemberDetails, type Audience } from './user.ts'

/**
 * A member, with the counts of spaces they can access and teams they are in. An audience that
 * may not list the organization's members (a guest reading commenters) gets the person only: ID,
 * name and picture, no email, role, status or counts.
 */
export function presentMember(state: State, member: MemberRecord, audience: Audience) {
  if (!seesMemberDetails(audience, member.user)) {
    return { object: 'member' as const, id: member.user, user: presentUserById(state, member.user, audience) }
  }
  return {
    object: 'member' as const,
    id: member.user,
    role: member.role,
    user: presentUserById(state, member.user, audience),
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso,
    spaces: memberSpaceCount(state, member),
    teams: memberTeamCount(state, member),
  }
}
