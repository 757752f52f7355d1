import type { Commit, Services } from '../../core/services.ts'
import { TunnelRefused } from '../../core/tunnels.ts'
import type { State } from '../state.ts'
import type { EventStatus, InstallationRecord, IntegrationEventRecord, IntegrationRecord, LogEntry } from './tables.ts'

/** How long the platform waits for a development tunnel before giving up on a delivery or a render. */
export const TUNNEL_TIMEOUT_MS = 10_000

/** The platform's outbound fetch. */
export type Fetch = Services['fetch']

/**
 * The header `@gitbook/runtime`'s `verifyIntegrationRequestSignature` checks: the HMAC-SHA256 of
 * the request's body, in lowercase hex, keyed by the integration's signing secret
 * (`environment.signingSecrets.integration`).
 */
const SIGNATURE_HEADER = 'x-gitbook-integration-signature'

/** Where a dispatch happens: an installation, and the space or site an event or a render is about. */
export interface DispatchScope {
  installation?: InstallationRecord | undefined
  spaceId?: string | undefined
  siteId?: string | undefined
}

/**
 * Builds a dispatch's `environment` (mock/present/environment.ts: the model does not present);
 * `undefined` when development mode is off.
 */
export type EnvironmentOf = (state: State, integration: IntegrationRecord, scope: DispatchScope) => object | undefined

/** What a development tunnel receives: the event and its environment, for one integration. */
export interface Dispatch {
  integration: string
  signingSecret: string
  event: { type: string; eventId: string } & Record<string, unknown>
  environment: object
}

/**
 * The request a dispatch is, as `@gitbook/runtime`'s `createIntegration` reads it: a POST of a
 * multipart form with the `event` and `environment` fields (JSON), signed with the integration's
 * signing secret, plus the `x-docplat-*` headers that name the event without reading the body.
 * Development tunnels get it on their URL as given: the platform's dispatcher is versioned
 * (`/v1`) only in production, and the library checks the path only there.
 */
export async function dispatchRequest(dispatch: Dispatch): Promise<{ headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }> {
  const form = new FormData()
  form.set('event', JSON.stringify(dispatch.event))
  form.set('environment', JSON.stringify(dispatch.environment))
  // Serialized once, so the signature covers exactly the bytes sent.
  const encoded = new Response(form)
  const body = new Uint8Array(await encoded.arrayBuffer())
  return {
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      'user-agent': 'docplat-mock',
      [SIGNATURE_HEADER]: await sign(dispatch.signingSecret, body),
      'x-docplat-integration': dispatch.integration,
      'x-docplat-event': dispatch.event.type,
      'x-docplat-event-id': dispatch.event.eventId,
    },
    body,
  }
}

/** HMAC-SHA256 of `body` keyed by `secret`, lowercase hex. */
async function sign(secret: string, body: Uint8Array<ArrayBuffer>): Promise<string> {
  const algorithm = { name: 'HMAC', hash: 'SHA-256' }
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), algorithm, false, ['sign'])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, body))
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')
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

/** An event ready to go to its tunnel: the request is built while the state is consistent (under the lock). */
export interface PreparedDelivery {
  event: IntegrationEventRecord
  url: string
  dispatch: Dispatch
}

/**
 * Prepares the delivery of an event bound for a development tunnel, or `undefined` when it is
 * bound for the runtime (or development mode went off since it was recorded).
 */
export function prepareDelivery(state: State, event: IntegrationEventRecord, environmentOf: EnvironmentOf): PreparedDelivery | undefined {
  const url = event.tunnelUrl
  const integration = state.db.integrations.get(event.integration)
  if (!url || !integration?.signingSecret) return undefined
  const installation = state.db.integrationInstallations.get(event.installation)
  const { payload } = event
  const environment = environmentOf(state, integration, {
    installation,
    spaceId: 'spaceId' in payload ? payload.spaceId : undefined,
    siteId: 'siteId' in payload ? payload.siteId : undefined,
  })
  if (!environment) return undefined
  return { event, url, dispatch: { integration: integration.name, signingSecret: integration.signingSecret, event: payload, environment } }
}

/**
 * Delivers a prepared event to its development tunnel. The outcome lands in the event's status
 * and trace through `commit` (under the state lock when the platform runs it in the background);
 * a failure never reaches the request that caused the event.
 */
export async function deliverEvent(state: State, prepared: PreparedDelivery, fetch: Fetch, commit: Commit): Promise<void> {
  const { event, url } = prepared
  let status: EventStatus
  let entry: Omit<LogEntry, 'timestamp'>
  try {
    const { headers, body } = await dispatchRequest(prepared.dispatch)
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(TUNNEL_TIMEOUT_MS) })
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
  await commit(() => {
    // The event may be gone meanwhile (unpublished); a replaced state keeps the old record to itself.
    if (state.db.integrationEvents.get(event.id) !== event) return
    state.db.integrationEvents.update(event, { status, logs: [...event.logs, { ...entry, timestamp: state.clock.stamp() }] })
  })
}

/**
 * Queues the deliveries of events bound for a tunnel to run once the request has committed,
 * outside the state lock (a tunnel may call the platform back while it handles an event). Their
 * requests are built now, from the state the operation leaves.
 */
export function scheduleDeliveries(
  state: State,
  services: Services,
  events: readonly IntegrationEventRecord[],
  environmentOf: EnvironmentOf,
): void {
  for (const event of events) {
    const prepared = prepareDelivery(state, event, environmentOf)
    if (prepared) services.after((commit) => deliverEvent(state, prepared, services.fetch, commit))
  }
}
