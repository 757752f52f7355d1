import * as z from 'zod/mini'
import { IntegrationEvent, IntegrationEventWithTrace } from '../../schemas/integration-event.ts'
import { List } from '../../schemas/shared.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { INTEGRATION, integration } from './common.ts'

export const listIntegrationEvents = defineOperation({
  id: 'listIntegrationEvents',
  method: 'GET',
  idempotent: true,
  path: `${INTEGRATION}/events`,
  sdk: 'integrations.events.list',
  status: 200,
  summary: 'List the events dispatched to an integration, newest first',
  params: z.object(integration),
  query: z.object({ ...pagination }),
  response: List(IntegrationEvent),
  paginated: true,
})

export const getIntegrationEvent = defineOperation({
  id: 'getIntegrationEvent',
  method: 'GET',
  idempotent: true,
  path: `${INTEGRATION}/events/{eventId}`,
  sdk: 'integrations.events.get',
  status: 200,
  summary: 'Get an event of an integration with the trace of its dispatch',
  params: z.object({ ...integration, eventId: Id }),
  response: IntegrationEventWithTrace,
})
