import type { IntegrationEventRecord } from '../tables/integrations.ts'
import type { State } from '../model/state.ts'

/** An integration event; integrations are known by name, so `integrationId` is the name. */
export function presentIntegrationEvent(state: State, event: IntegrationEventRecord) {
  return {
    object: 'integration-event' as const,
    id: event.id,
    integrationId: state.tables.integrations.get(event.integration)?.name ?? event.integration,
    ...(event.installation !== undefined ? { installationId: event.installation } : {}),
    createdAt: event.createdAt,
    payload: event.payload,
    status: event.status,
  }
}

/** An event with the trace of its dispatch. */
export function presentIntegrationEventWithTrace(state: State, event: IntegrationEventRecord) {
  return { event: presentIntegrationEvent(state, event), trace: { logs: event.logs } }
}
