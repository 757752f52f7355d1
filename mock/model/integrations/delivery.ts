import type { Services } from '../../core/services.ts'
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

/** A failure's message, with "timed out" said plainly. */
export function failureMessage(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { message?: string } } | undefined
  if (e?.name === 'TimeoutError') return `no answer within ${TUNNEL_TIMEOUT_MS / 1000} s`
  const cause = e?.cause?.message ? ` (${e.cause.message})` : ''
  return `${e?.message ?? String(error)}${cause}`
}

async function excerpt(response: Response): Promise<string> {
  try {
    const text = (await response.text()).trim()
    return text.length > 200 ? `${text.slice(0, 200)}…` : text
  } catch {
    return ''
  }
}

/**
 * Delivers an event to its development tunnel: a POST of the payload as JSON. The outcome lands
 * in the event's status and trace; a failure never reaches the request that caused the event.
 */
export async function deliverEvent(state: State, event: IntegrationEventRecord, fetch: Fetch): Promise<void> {
  const url = event.tunnelUrl
  if (!url) return
  const integration = state.db.integrations.get(event.integration)
  const headers = tunnelHeaders(integration?.name ?? event.integration, { 'x-docplat-event': event.payload.type, 'x-docplat-event-id': event.id })
  let status: EventStatus
  let entry: Omit<LogEntry, 'timestamp'>
  try {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(event.payload), signal: AbortSignal.timeout(TUNNEL_TIMEOUT_MS) })
    if (response.ok) {
      await response.body?.cancel().catch(() => undefined)
      status = 'success'
      entry = { level: 'info', message: `Delivered to ${url}: HTTP ${response.status}` }
    } else {
      const body = await excerpt(response)
      status = 'failed'
      entry = { level: 'error', message: `Delivery to ${url} failed: HTTP ${response.status}${body ? `: ${body}` : ''}` }
    }
  } catch (error) {
    status = 'failed'
    entry = { level: 'error', message: `Delivery to ${url} failed: ${failureMessage(error)}` }
  }
  // The event may be gone meanwhile (unpublished); a replaced state keeps the old record to itself.
  if (state.db.integrationEvents.get(event.id) !== event) return
  state.db.integrationEvents.update(event, { status, logs: [...event.logs, { ...entry, timestamp: state.clock.stamp() }] })
}

/**
 * Queues the deliveries of events bound for a tunnel to run once the request has committed,
 * outside the state lock (a tunnel may call the platform back while it handles an event).
 */
export function scheduleDeliveries(state: State, services: Services, events: readonly IntegrationEventRecord[]): void {
  for (const event of events) if (event.tunnelUrl) services.after(() => deliverEvent(state, event, services.fetch))
}
