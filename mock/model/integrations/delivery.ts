import type { Services } from '../../core/services.ts'
import { TunnelRefused } from '../../core/tunnels.ts'
import type { State } from '../state.ts'
import type { EventStatus, IntegrationEventRecord, LogEntry } from './tables.ts'

/** How long the platform waits for a development tunnel before giving up on a delivery or a render. */
export const TUNNEL_TIMEOUT_MS = 10_000

/** The platform's outbound fetch. */
export type Fetch = Services['fetch']

/** Headers every request to a development tunnel carries. */
export function tunnelHeaders(integration: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/json', 'user-agent': 'docplat-mock', 'x-docplat-integration': integration, ...extra }
}

/**
 * Why a call to a tunnel failed, as the platform reports it (event traces, render errors). The
 * integration protocol needs only "answered as it should" or not: whether the port was closed,
 * refused the request or answered an error status, and what it said, stay unknown, so a tunnel
 * cannot be used to map or read the services around the mock. A refused host says how to allow it.
 */
export function failureMessage(error: unknown): string {
  if (error instanceof TunnelRefused) return error.message
  if ((error as { name?: string } | undefined)?.name === 'TimeoutError') return `no answer within ${TUNNEL_TIMEOUT_MS / 1000} s`
  return NO_PROTOCOL_ANSWER
}

/** The one message for a tunnel that is unreachable, answers an error status or something else than the protocol's. */
export const NO_PROTOCOL_ANSWER =
  'the tunnel did not answer as the integration protocol requires (unreachable, an error status, or not the expected JSON)'

/**
 * Delivers an event to its development tunnel: a POST of the payload as JSON. The outcome lands
 * in the event's status and trace; a failure never reaches the request that caused the event.
 */
export async function deliverEvent(state: State, event: IntegrationEventRecord, fetch: Fetch): Promise<void> {
  const url = event.tunnelUrl
  if (!url) return
  const integration = state.tables.integrations.get(event.integration)
  const headers = tunnelHeaders(integration?.name ?? event.integration, {
    'x-docplat-event': event.payload.type,
    'x-docplat-event-id': event.id,
  })
  let status: EventStatus
  let entry: Omit<LogEntry, 'timestamp'>
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(event.payload),
      signal: AbortSignal.timeout(TUNNEL_TIMEOUT_MS),
    })
    // What the tunnel said is never kept: a trace is no window onto the tunnel's host.
    await response.body?.cancel().catch(() => undefined)
    if (response.ok) {
      status = 'success'
      entry = { level: 'info', message: `Delivered to ${url}` }
    } else {
      status = 'failed'
      entry = { level: 'error', message: `Delivery to ${url} failed: ${NO_PROTOCOL_ANSWER}` }
    }
  } catch (error) {
    status = 'failed'
    entry = { level: 'error', message: `Delivery to ${url} failed: ${failureMessage(error)}` }
  }
  // The event may be gone meanwhile (unpublished); a replaced state keeps the old record to itself.
  if (state.tables.integrationEvents.get(event.id) !== event) return
  state.tables.integrationEvents.update(event, { status, logs: [...event.logs, { ...entry, timestamp: state.clock.stamp() }] })
}

/**
 * Queues the deliveries of events bound for a tunnel to run once the request has committed,
 * outside the state lock (a tunnel may call the platform back while it handles an event).
 */
export function scheduleDeliveries(state: State, services: Services, events: readonly IntegrationEventRecord[]): void {
  for (const event of events) if (event.tunnelUrl) services.after(() => deliverEvent(state, event, services.fetch))
}
