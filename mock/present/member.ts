import type { MemberRecord } from '../model/orgs/tables.ts'
import { memberSpaceCount, memberTeams } from '../model/orgs/members.ts'
import type { State } from '../model/state.ts'
import { presentUserById } from './user.ts'

/** A member, with the counts of spaces they can access and teams they are in. */
export function presentMember(state: State, member: MemberRecord) {
  return {
    object: 'member' as const,
    id: member.user,
    role: member.role,
    user: presentUserById(state, member.user),
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso,
    spaces: memberSpaceCount(state, member),
    teams: memberTeams(state, member).length,
  }
}
