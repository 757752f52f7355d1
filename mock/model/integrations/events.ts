import { insert, newId, type State } from '../state.ts'
import type { EventPayload, InstallationRecord, IntegrationEventRecord, IntegrationRecord, LogEntry } from '../../tables/integrations.ts'

/**
 * Where an event of an installation in `organization` goes: the development tunnel while
 * development mode is on (for every organization with `all`, else only the owner's), otherwise
 * the integration's runtime (undefined).
 */
export function tunnelFor(integration: IntegrationRecord, organization: string): string | undefined {
  const dev = integration.dev
  return dev && (dev.all || organization === integration.organization) ? dev.tunnelUrl : undefined
}

/**
 * Records an event for an installation. Bound for the tunnel, it stays `pending` until the
 * delivery (sent after the request commits, its outcome written under the lock) settles it. Bound for the runtime, it is settled at
 * once: the mock's runtime acknowledges events without running the integration's script.
 */
export function recordEvent(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  fields: Omit<EventPayload, 'eventId' | 'installationId'>,
): IntegrationEventRecord {
  return record(state, integration, installation, installation.organization, fields)
}

/**
 * Records a `task` event: for the installation that queued it, else for the owner organization's
 * installation when there is one. It goes where that organization's events go.
 */
export function recordTaskEvent(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord | undefined,
  task: Record<string, unknown>,
): IntegrationEventRecord {
  return record(state, integration, installation, installation?.organization ?? integration.organization, { type: 'task', task })
}

function record(
  state: State,
  integration: IntegrationRecord,
  installation: InstallationRecord | undefined,
  organization: string,
  fields: Omit<EventPayload, 'eventId' | 'installationId'>,
): IntegrationEventRecord {
  const id = newId(state)
  const now = state.clock.stamp()
  const tunnelUrl = tunnelFor(integration, organization)
  const log = (level: LogEntry['level'], message: string): LogEntry => ({ level, message, timestamp: now })
  const logs = [log('debug', `Event ${fields.type} created${installation ? ` for installation ${installation.id}` : ''}`)]
  if (tunnelUrl) logs.push(log('info', `Dispatching to the development tunnel ${tunnelUrl}`))
  else {
    logs.push(log('info', `Dispatched to the integration runtime ${integration.runtime} (version ${integration.version})`))
    logs.push(log('debug', 'Acknowledged by the mock runtime, which does not run integration scripts'))
  }
  return insert(state, state.tables.integrationEvents, {
    id,
    integration: integration.id,
    ...(installation ? { installation: installation.id } : {}),
    createdAt: now,
    payload: { eventId: id, ...(installation ? { installationId: installation.id } : {}), ...fields },
    status: tunnelUrl ? 'pending' : 'success',
    ...(tunnelUrl ? { tunnelUrl } : {}),
    logs,
  })
}

/** The event of an integration with this ID, if any. */
export function eventOf(state: State, integration: IntegrationRecord, eventId: string): IntegrationEventRecord | undefined {
  const event = state.tables.integrationEvents.get(eventId)
  return event?.integration === integration.id ? event : undefined
}
