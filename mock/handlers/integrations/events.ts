import type * as contract from '../../../src/contract/integrations/events.ts'
import { notFound } from '../../base/http-error.ts'
import { paginate } from '../../base/paginate.ts'
import { eventOf } from '../../model/integrations/events.ts'
import { presentIntegrationEvent, presentIntegrationEventWithTrace } from '../../present/integration-event.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { loadIntegration } from './load.ts'

/** Events are the integration's own logs: its owner's admins read them. */
export const eventHandlers: Handlers<OpsOf<typeof contract>> = {
  listIntegrationEvents: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName, 'admin')
    const events = state.indexes.integrationEventsByIntegration.get(integration.id)
    return paginate(
      `events:${integration.id}`,
      events,
      (e) => [e.seq],
      input,
      (e) => presentIntegrationEvent(state, e),
      true,
    )
  },

  getIntegrationEvent: ({ state, caller, input }) => {
    const integration = loadIntegration(state, caller, input.integrationName, 'admin')
    const event = eventOf(state, integration, input.eventId)
    if (!event) throw notFound(`Event ${input.eventId} not found for integration "${integration.name}"`)
    return presentIntegrationEventWithTrace(state, event)
  },
}
