import * as z from 'zod/mini'
import { List } from '../schemas/shared.ts'
import { Team, TeamTitle } from '../schemas/team.ts'
import { Id, pagination } from './common.ts'
import { defineOperation } from './define.ts'
import { ORG, org } from './organizations.ts'

const team = { ...org, teamId: Id }

export const listTeamsInOrganizationById = defineOperation({
  id: 'listTeamsInOrganizationById',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/teams`,
  sdk: 'orgs.teams.list',
  status: 200,
  summary: 'List the teams of an organization',
  params: z.object(org),
  query: z.object({ ...pagination, owner: z.optional(Id), title: z.optional(z.string().check(z.maxLength(64))) }),
  response: List(Team),
  paginated: true,
})

export const createOrganizationTeam = defineOperation({
  id: 'createOrganizationTeam',
  method: 'PUT',
  idempotent: false,
  path: `${ORG}/teams`,
  sdk: 'orgs.teams.create',
  status: 201,
  summary: 'Create a team',
  params: z.object(org),
  body: z.object({ title: TeamTitle, members: z.optional(z.array(Id).check(z.maxLength(1000))) }),
  response: Team,
})

export const getTeamInOrganizationById = defineOperation({
  id: 'getTeamInOrganizationById',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/teams/{teamId}`,
  sdk: 'orgs.teams.get',
  status: 200,
  summary: 'Get a team',
  params: z.object(team),
  response: Team,
})

export const removeTeamFromOrganizationById = defineOperation({
  id: 'removeTeamFromOrganizationById',
  method: 'DELETE',
  idempotent: true,
  path: `${ORG}/teams/{teamId}`,
  sdk: 'orgs.teams.delete',
  status: 204,
  summary: 'Delete a team',
  params: z.object(team),
})

export const updateTeamInOrganizationById = defineOperation({
  id: 'updateTeamInOrganizationById',
  method: 'PATCH',
  idempotent: true,
  path: `${ORG}/teams/{teamId}`,
  sdk: 'orgs.teams.update',
  status: 200,
  summary: 'Rename a team',
  params: z.object(team),
  body: z.object({ title: TeamTitle }),
  response: Team,
})
