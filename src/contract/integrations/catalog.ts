import * as z from 'zod/mini'
import { Integration, IntegrationCategory, IntegrationScope, IntegrationTarget } from '../../schemas/integration.ts'
import { PublishBody } from '../../schemas/integration-input.ts'
import { List } from '../../schemas/shared.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { INTEGRATION, integration } from './common.ts'

export const listIntegrations = defineOperation({
  id: 'listIntegrations',
  method: 'GET',
  idempotent: true,
  path: '/v1/integrations',
  sdk: 'integrations.list',
  status: 200,
  summary: 'List the integrations the caller can see, by name, with optional filters',
  query: z.object({
    ...pagination,
    /** Text contained in the name, title or description (case-insensitive). */
    search: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
    category: z.optional(IntegrationCategory),
    /** Only integrations with a block unfurling links of this domain. */
    blockDomain: z.optional(z.string().check(z.maxLength(253), z.regex(/^[a-zA-Z0-9-_.]+$/))),
    /** true: only integrations with blocks; false: only those without. */
    blocks: z.optional(z.boolean()),
    /** true: only integrations with content sources; false: only those without. */
    contentSources: z.optional(z.boolean()),
    /** ID of the owner organization. */
    owner: z.optional(Id),
    scope: z.optional(IntegrationScope),
    /** Only integrations installable at this target (those targeting `all` included). */
    target: z.optional(IntegrationTarget),
  }),
  response: List(Integration),
  paginated: true,
})

export const getIntegrationByName = defineOperation({
  id: 'getIntegrationByName',
  method: 'GET',
  idempotent: true,
  path: INTEGRATION,
  sdk: 'integrations.get',
  status: 200,
  summary: 'Get an integration by its name',
  params: z.object(integration),
  response: Integration,
})

export const publishIntegration = defineOperation({
  id: 'publishIntegration',
  method: 'POST',
  idempotent: false,
  path: INTEGRATION,
  sdk: 'integrations.publish',
  status: 200,
  summary: 'Publish an integration, or a new version of it',
  params: z.object(integration),
  body: PublishBody,
  response: Integration,
})

export const unpublishIntegration = defineOperation({
  id: 'unpublishIntegration',
  method: 'DELETE',
  idempotent: true,
  path: INTEGRATION,
  sdk: 'integrations.unpublish',
  status: 205,
  summary: 'Unpublish an integration with its installations and events',
  params: z.object(integration),
})
