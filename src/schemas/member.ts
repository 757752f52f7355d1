import * as z from 'zod/mini'
import { Role, User } from './shared.ts'
import { Space } from './space.ts'
import { Team } from './team.ts'
import type { MemberShape, MemberSpaceShape, MemberTeamShape, PingResultShape } from '../generated/shapes.ts'

/** An organization member: a user with a role (null for guests). */
export const Member = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('member'),
  id: /*@__PURE__*/ z.string(),
  role: /*@__PURE__*/ z.nullable(Role),
  user: User,
  disabled: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  joinedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  lastSeenAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  sso: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  spaces: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
  teams: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
})
export interface Member extends MemberShape {}

/** Item of a member's spaces listing: the member's permission on one space. */
export const MemberSpace = /*@__PURE__*/ z.looseObject({
  permission: Role,
  space: Space,
})
export interface MemberSpace extends MemberSpaceShape {}

/** Item of a member's teams listing: the team and the member's role in it (example `owner`, so any string). */
export const MemberTeam = /*@__PURE__*/ z.looseObject({
  team: Team,
  member: /*@__PURE__*/ z.looseObject({ role: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) }),
})
export interface MemberTeam extends MemberTeamShape {}

/** Response of the ping operation: optionally a JWT to attach to the user. */
export const PingResult = /*@__PURE__*/ z.looseObject({
  serviceVisitorClaims: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})
export interface PingResult extends PingResultShape {}
