import * as z from 'zod/mini'
import { Role, User } from './shared.ts'
import { Space } from './space.ts'
import { Team } from './team.ts'
import type { MemberShape, MemberSpaceShape, MemberTeamShape, PingResultShape } from '../generated/shapes.ts'

/**
 * An organization member: a user with a role (null for guests). Callers who may not list the
 * organization's members (a guest reading a discussion's commenters) get the person only: no
 * `role`, no email, status or counts.
 */
export const Member = z.looseObject({
  object: z.literal('member'),
  id: z.string(),
  role: z.optional(z.nullable(Role)),
  user: User,
  disabled: z.optional(z.boolean()),
  joinedAt: z.optional(z.string()),
  lastSeenAt: z.optional(z.string()),
  sso: z.optional(z.boolean()),
  spaces: z.optional(z.number()),
  teams: z.optional(z.number()),
  /** How many of the organization's sites the member can see. */
  sites: z.optional(z.number()),
})
export interface Member extends MemberShape {}

/** Item of a member's spaces listing: the member's permission on one space. */
export const MemberSpace = z.looseObject({
  permission: Role,
  space: Space,
})
export interface MemberSpace extends MemberSpaceShape {}

/** Item of a member's teams listing: the team and the member's role in it (example `owner`, so any string). */
export const MemberTeam = z.looseObject({
  team: Team,
  member: z.looseObject({ role: z.optional(z.string()) }),
})
export interface MemberTeam extends MemberTeamShape {}

/** Response of the ping operation: optionally a JWT to attach to the user. */
export const PingResult = z.looseObject({
  serviceVisitorClaims: z.optional(z.string()),
})
export interface PingResult extends PingResultShape {}
