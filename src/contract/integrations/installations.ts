import * as z from 'zod/mini'
import { Installation, SiteInstallation, SpaceInstallation } from '../../schemas/installation.ts'
import { List } from '../../schemas/shared.ts'
import { pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { ExternalId, INTEGRATION, integration } from './common.ts'

/** Query of the space and site installation lists. */
const entryQuery = {
  ...pagination,
  externalId: z.optional(ExternalId),
  /** true: each entry holds the full Space or Site; false (default): its ID. */
  extended: z.optional(z.boolean()),
}

export const listIntegrationInstallations = defineOperation({
  id: 'listIntegrationInstallations',
  method: 'GET',
  idempotent: true,
  path: `${INTEGRATION}/installations`,
  sdk: 'integrations.installations.list',
  status: 200,
  summary: 'List the installations of an integration the caller can see, oldest first',
  params: z.object(integration),
  query: z.object({ ...pagination, externalId: z.optional(ExternalId) }),
  response: List(Installation),
  paginated: true,
})

export const installIntegration = defineOperation({
  id: 'installIntegration',
  method: 'POST',
  idempotent: false,
  path: `${INTEGRATION}/installations`,
  sdk: 'integrations.installations.create',
  status: 201,
  summary: 'Install an integration in an organization the caller administers',
  params: z.object(integration),
  body: z.object({ organization: z.string().check(z.minLength(1), z.maxLength(256)) }),
  response: Installation,
})

export const listIntegrationSpaceInstallations = defineOperation({
  id: 'listIntegrationSpaceInstallations',
  method: 'GET',
  idempotent: true,
  path: `${INTEGRATION}/spaces`,
  sdk: 'integrations.listSpaceInstallations',
  status: 200,
  summary: 'List the spaces an integration is installed on that the caller can see',
  params: z.object(integration),
  query: z.object(entryQuery),
  response: List(SpaceInstallation),
  paginated: true,
})

export const listIntegrationSiteInstallations = defineOperation({
  id: 'listIntegrationSiteInstallations',
  method: 'GET',
  idempotent: true,
  path: `${INTEGRATION}/sites`,
  sdk: 'integrations.listSiteInstallations',
  status: 200,
  summary: 'List the sites an integration is installed on that the caller can see',
  params: z.object(integration),
  query: z.object(entryQuery),
  response: List(SiteInstallation),
  paginated: true,
})
