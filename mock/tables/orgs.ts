import * as z from 'zod/mini'
import { Role } from '../../src/schemas/shared.ts'
import { Table, type Stored } from './table.ts'

const base = { id: z.string(), seq: z.number() }
const NullableRole = z.nullable(Role)

export const UserRecord = z.object({
  ...base,
  displayName: z.string(),
  email: z.string(),
  photoURL: z.optional(z.string()),
})
export type UserRecord = Stored<z.infer<typeof UserRecord>>

/** An API token; `id` is the secret itself, so lookup by token is a map hit. */
export const TokenRecord = z.object({ ...base, user: z.string(), label: z.string() })
export type TokenRecord = Stored<z.infer<typeof TokenRecord>>

export const OrganizationRecord = z.object({
  ...base,
  title: z.string(),
  createdAt: z.string(),
  emailDomains: z.array(z.string()),
  hostname: z.string(),
  type: z.string(),
  useCase: z.string(),
  communityType: z.optional(z.string()),
  defaultRole: NullableRole,
  defaultContent: z.optional(z.object({ type: z.string(), site: z.string() })),
  logo: z.optional(z.string()),
  customHostname: z.optional(z.string()),
  sso: z.boolean(),
  ai: z.boolean(),
  inviteLinks: z.boolean(),
  plan: z.string(),
  /** Signs the visitor JWTs that ping returns. */
  visitorSecret: z.string(),
})
export type OrganizationRecord = Stored<z.infer<typeof OrganizationRecord>>

/** A user's membership of an organization; `role` null is a guest. `id` is `org:user`. */
export const MemberRecord = z.object({
  ...base,
  organization: z.string(),
  user: z.string(),
  role: NullableRole,
  disabled: z.boolean(),
  sso: z.boolean(),
  joinedAt: z.string(),
  lastSeenAt: z.optional(z.string()),
})
export type MemberRecord = Stored<z.infer<typeof MemberRecord>>

export const TeamRecord = z.object({ ...base, organization: z.string(), title: z.string(), createdAt: z.string() })
export type TeamRecord = Stored<z.infer<typeof TeamRecord>>

/** A user in a team; `role` is `owner` (manages the team) or `member`. `id` is `team:user`. */
export const TeamMemberRecord = z.object({ ...base, team: z.string(), user: z.string(), role: z.enum(['owner', 'member']) })
export type TeamMemberRecord = Stored<z.infer<typeof TeamMemberRecord>>

/** An invite link into an organization. */
export const InviteRecord = z.object({ ...base, organization: z.string(), role: NullableRole, createdAt: z.string() })
export type InviteRecord = Stored<z.infer<typeof InviteRecord>>

export function createOrgTables() {
  const users = new Table<UserRecord>(UserRecord)
  const tokens = new Table<TokenRecord>(TokenRecord)
  const organizations = new Table<OrganizationRecord>(OrganizationRecord)
  const members = new Table<MemberRecord>(MemberRecord)
  const teams = new Table<TeamRecord>(TeamRecord)
  const teamMembers = new Table<TeamMemberRecord>(TeamMemberRecord)
  const invites = new Table<InviteRecord>(InviteRecord)
  return {
    users,
    tokens,
    organizations,
    members,
    teams,
    teamMembers,
    invites,
    /** Members of an organization, newest first by join time (the default list order). */
    membersByOrg: members.index(
      (m) => m.organization,
      (m) => [Date.parse(m.joinedAt), m.seq],
    ),
    membersByUser: members.index(
      (m) => m.user,
      (m) => [m.seq],
    ),
    tokensByUser: tokens.index(
      (t) => t.user,
      (t) => [t.seq],
    ),
    teamsByOrg: teams.index(
      (t) => t.organization,
      (t) => [t.seq],
    ),
    teamMembersByTeam: teamMembers.index(
      (m) => m.team,
      (m) => [m.seq],
    ),
    teamMembersByUser: teamMembers.index(
      (m) => m.user,
      (m) => [m.seq],
    ),
    invitesByOrg: invites.index(
      (i) => i.organization,
      (i) => [i.seq],
    ),
  }
}
