import * as z from 'zod/mini'
import { Member, MemberSpace, MemberTeam, PingResult } from '../schemas/member.ts'
import { List, Role, User } from '../schemas/shared.ts'
import { Id, Order, pagination } from './common.ts'
import { defineOperation } from './define.ts'
import { ORG, org } from './organizations.ts'

const member = { ...org, userId: Id }

export const listMembersInOrganizationById = defineOperation({
  id: 'listMembersInOrganizationById',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/members`,
  sdk: 'orgs.members.list',
  status: 200,
  summary: 'List the members of an organization',
  params: z.object(org),
  query: z.object({
    ...pagination,
    order: z.optional(Order),
    role: z.optional(Role),
    search: z.optional(z.string().check(z.maxLength(256))),
    sort: z.optional(z.enum(['joinedAt', 'lastSeenAt', 'name'])),
  }),
  response: List(Member),
  paginated: true,
})

export const getMemberInOrganizationById = defineOperation({
  id: 'getMemberInOrganizationById',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/members/{userId}`,
  sdk: 'orgs.members.get',
  status: 200,
  summary: 'Get a member of an organization',
  params: z.object(member),
  response: Member,
})

export const removeMemberFromOrganizationById = defineOperation({
  id: 'removeMemberFromOrganizationById',
  method: 'DELETE',
  idempotent: true,
  path: `${ORG}/members/{userId}`,
  sdk: 'orgs.members.remove',
  status: 204,
  summary: 'Remove a member from an organization',
  params: z.object(member),
})

export const updateMemberInOrganizationById = defineOperation({
  id: 'updateMemberInOrganizationById',
  method: 'PATCH',
  idempotent: true,
  path: `${ORG}/members/{userId}`,
  sdk: 'orgs.members.update',
  status: 200,
  summary: "Change a member's role",
  params: z.object(member),
  body: z.object({ role: z.nullable(Role) }),
  response: Member,
})

export const updateOrganizationMemberLastSeenAt = defineOperation({
  id: 'updateOrganizationMemberLastSeenAt',
  method: 'POST',
  idempotent: true,
  path: `${ORG}/ping`,
  sdk: 'orgs.ping',
  status: 200,
  summary: "Record the caller's activity and get a visitor JWT",
  params: z.object(org),
  response: PingResult,
})

export const setUserAsSSOMemberForOrganization = defineOperation({
  id: 'setUserAsSSOMemberForOrganization',
  method: 'POST',
  idempotent: true,
  path: `${ORG}/members/{userId}/sso`,
  sdk: 'orgs.members.setSSO',
  status: 200,
  summary: 'Make a member an SSO member',
  params: z.object(member),
  response: Member,
})

export const listSpacesForOrganizationMember = defineOperation({
  id: 'listSpacesForOrganizationMember',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/members/{userId}/spaces`,
  sdk: 'orgs.members.listSpaces',
  status: 200,
  summary: 'List the spaces a member can access, with their permission',
  params: z.object(member),
  query: z.object({ ...pagination, order: z.optional(Order) }),
  response: List(MemberSpace),
  paginated: true,
})

export const listTeamsForOrganizationMember = defineOperation({
  id: 'listTeamsForOrganizationMember',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/members/{userId}/teams`,
  sdk: 'orgs.members.listTeams',
  status: 200,
  summary: 'List the teams of a member',
  params: z.object(member),
  query: z.object({ ...pagination, title: z.optional(z.string().check(z.maxLength(64))) }),
  response: List(MemberTeam),
  paginated: true,
})

// getAuthenticatedUser is an addition to the spec: the live service has it (`GET /v1/user`, the
// published API description's `User`), and the platform's own CLI calls it for `auth` and
// `whoami`. See docs/decisions/organizations.md.

export const getAuthenticatedUser = defineOperation({
  id: 'getAuthenticatedUser',
  method: 'GET',
  idempotent: true,
  path: '/v1/user',
  sdk: 'user.get',
  status: 200,
  summary: 'Get the user the token belongs to',
  response: User,
})
