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

/** One delivery, read under the state lock: what is sent where, for which event. */
export interface Delivery {
  readonly event: IntegrationEventRecord
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: string
}

/** What became of one delivery: the event's new status and the line its trace gets. */
export interface DeliveryOutcome {
  status: EventStatus
  entry: Omit<LogEntry, 'timestamp'>
}

/** The deliveries of the events bound for a development tunnel: everything they send, read now. */
export function deliveriesOf(state: State, events: readonly IntegrationEventRecord[]): Delivery[] {
  return events.flatMap((event) => {
    if (!event.tunnelUrl) return []
    const name = state.tables.integrations.get(event.integration)?.name ?? event.integration
    const headers = tunnelHeaders(name, { 'x-docplat-event': event.payload.type, 'x-docplat-event-id': event.id })
    return [{ event, url: event.tunnelUrl, headers, body: JSON.stringify(event.payload) }]
  })
}

/**
 * Sends one delivery to its development tunnel: a POST of the payload as JSON. Reads nothing of
 * the state, so it runs outside the state lock (a tunnel may call the platform back while it
 * handles an event); a failure is an outcome, never an error of the request that caused the event.
 */
export async function send(fetch: Fetch, { url, headers, body }: Delivery): Promise<DeliveryOutcome> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(TUNNEL_TIMEOUT_MS) })
    // What the tunnel said is never kept: a trace is no window onto the tunnel's host.
    await response.body?.cancel().catch(() => undefined)
    if (response.ok) return { status: 'success', entry: { level: 'info', message: `Delivered to ${url}` } }
    return { status: 'failed', entry: { level: 'error', message: `Delivery to ${url} failed: ${NO_PROTOCOL_ANSWER}` } }
  } catch (error) {
    return { status: 'failed', entry: { level: 'error', message: `Delivery to ${url} failed: ${failureMessage(error)}` } }
  }
}

/** Writes a delivery's outcome into its event's status and trace. */
export function recordDelivery(state: State, event: IntegrationEventRecord, outcome: DeliveryOutcome): void {
  // The event may be gone meanwhile (unpublished); a replaced state keeps the old record to itself.
  if (state.tables.integrationEvents.get(event.id) !== event) return
  state.tables.integrationEvents.update(event, {
    status: outcome.status,
    logs: [...event.logs, { ...outcome.entry, timestamp: state.clock.stamp() }],
  })
}

/** Delivers an event and records the outcome in one go: for builders, which hold no lock. */
export async function deliverEvent(state: State, event: IntegrationEventRecord, fetch: Fetch): Promise<void> {
  for (const delivery of deliveriesOf(state, [event])) recordDelivery(state, event, await send(fetch, delivery))
}
