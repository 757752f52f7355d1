import { AFTER_WAIT_MS, type Capabilities } from '../../base/capabilities.ts'
import { readBytesUpTo } from '../../base/input.ts'
import { TunnelRefused } from '../../base/tunnels.ts'
import type { State } from '../state.ts'
import type { EventStatus, InstallationRecord, IntegrationEventRecord, IntegrationRecord, LogEntry } from '../../tables/integrations.ts'

/** How long the platform waits for a development tunnel before giving up on a delivery or a render. */
export const TUNNEL_TIMEOUT_MS = 10_000

/**
 * The most the platform reads of a development tunnel's answer (1 MiB, as a request body): a
 * render's UI object, or an event's answer, read to its end only to know it arrived whole. Past
 * it the read stops and the stream is cancelled, so a tunnel answering without end costs the
 * server this much memory at most.
 */
export const MAX_TUNNEL_ANSWER_BYTES = 1024 * 1024

/** Why an answer past {@link MAX_TUNNEL_ANSWER_BYTES} failed, naming the limit. */
const TOO_LARGE_ANSWER = `the tunnel's answer is larger than ${MAX_TUNNEL_ANSWER_BYTES} bytes (1 MiB), the most the platform reads of it`

/** Thrown when a tunnel's answer passes {@link MAX_TUNNEL_ANSWER_BYTES}. */
export class TunnelAnswerTooLarge extends Error {
  override name = 'TunnelAnswerTooLarge'
  constructor() {
    super(TOO_LARGE_ANSWER)
  }
}

/**
 * Reads a tunnel's answer up to {@link MAX_TUNNEL_ANSWER_BYTES}, throwing {@link TunnelAnswerTooLarge}
 * past it (a declared length past it is refused before reading); `keep: false` only reads it to its end.
 */
export async function readTunnelAnswer(response: Response, keep = true): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? '0')
  if (declared > MAX_TUNNEL_ANSWER_BYTES) {
    await response.body?.cancel().catch(() => undefined)
    throw new TunnelAnswerTooLarge()
  }
  if (!response.body) return new Uint8Array(0)
  return readBytesUpTo(response.body, MAX_TUNNEL_ANSWER_BYTES, () => new TunnelAnswerTooLarge(), keep)
}

/** The platform's outbound fetch. */
export type Fetch = Capabilities['fetch']

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
 * Development tunnels get it on their URL as given: the platform's API is versioned
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
 * Why a render's call to its tunnel failed, as its caller reads it: a refused host (saying how to
 * allow it), the bound of the answer, the deadline, or one message for everything else. Whoever
 * may render gets this, not only the tunnel's owner, so whether a port was closed, refused the
 * request or answered an error status stays unknown.
 */
export function failureMessage(error: unknown): string {
  if (error instanceof TunnelRefused || error instanceof TunnelAnswerTooLarge) return error.message
  if ((error as { name?: string } | undefined)?.name === 'TimeoutError') return `no answer within ${TUNNEL_TIMEOUT_MS / 1000} s`
  return NO_PROTOCOL_ANSWER
}

/** The one message of {@link failureMessage} for a tunnel that is unreachable, answers an error status or something else than the protocol's. */
export const NO_PROTOCOL_ANSWER =
  'the tunnel did not answer as the integration protocol requires (unreachable, an error status, or not the expected JSON)'

/**
 * Why a delivery failed before any answer, for its trace, which only the owner organization's
 * admins (who chose the tunnel) read: as {@link failureMessage}, but naming the connection
 * error's code (`ECONNREFUSED`, `ENOTFOUND`...).
 */
function deliveryFailure(error: unknown): string {
  if (error instanceof TunnelRefused || error instanceof TunnelAnswerTooLarge) return error.message
  if ((error as { name?: string } | undefined)?.name === 'TimeoutError') return `no answer within ${TUNNEL_TIMEOUT_MS / 1000} s`
  const code = connectionCode(error)
  return code ? `could not connect to the tunnel (${code})` : 'could not connect to the tunnel'
}

/** The system or client error code of a failed fetch, looked for down its `cause` chain. */
function connectionCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (typeof current.code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(current.code)) return current.code
    current = current.cause as typeof current
  }
  return undefined
}

/** The most of an error answer's body a trace keeps: enough to read an error page's message. */
const TRACE_BODY_BYTES = 512

const REDACTED = '[redacted]'

/**
 * The values a dispatch handed the tunnel that must never come back in a trace: its signing
 * secret, the integration's secrets and the API tokens of its environment.
 */
function secretsOf(dispatch: Dispatch): string[] {
  const environment = dispatch.environment as { secrets?: Record<string, unknown>; apiTokens?: Record<string, unknown> }
  const values = [dispatch.signingSecret, ...Object.values(environment.secrets ?? {}), ...Object.values(environment.apiTokens ?? {})]
  // Longest first, so a secret containing another is replaced whole.
  return values.filter((v): v is string => typeof v === 'string' && v.length >= 6).sort((a, b) => b.length - a.length)
}

/**
 * Removes secrets from what a tunnel answered: the dispatch's own secrets wherever they appear,
 * and anything shaped like a credential (the platform's tokens and secrets, bearer values, JWTs,
 * HMAC-SHA256 signatures in hex).
 */
function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) out = out.split(secret).join(REDACTED)
  return out
    .replace(/\bdp[a-z]_[A-Za-z0-9_-]{6,}/g, REDACTED)
    .replace(/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`)
    .replace(/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED)
    .replace(/\b[0-9a-fA-F]{64}\b/g, REDACTED)
}

/**
 * The start of an error answer for a trace: twice {@link TRACE_BODY_BYTES} are read (then the
 * stream is cancelled), secrets are redacted, and the first {@link TRACE_BODY_BYTES} bytes of what
 * is left are kept, so a secret that starts within them is redacted whole. Quoted as JSON, so the
 * trace stays one line whatever the body holds.
 */
async function answerStart(response: Response, secrets: readonly string[]): Promise<string> {
  let bytes: Uint8Array
  try {
    bytes = await readStart(response, 2 * TRACE_BODY_BYTES)
  } catch {
    return 'its body did not arrive'
  }
  if (bytes.length === 0) return 'an empty body'
  const text = redactSecrets(new TextDecoder().decode(bytes), secrets)
  const encoded = new TextEncoder().encode(text)
  if (encoded.length <= TRACE_BODY_BYTES && bytes.length < 2 * TRACE_BODY_BYTES) return JSON.stringify(text)
  // Cut on a character boundary: decoding a cut multi-byte character would add a replacement character.
  let end = TRACE_BODY_BYTES
  while (end > 0 && (encoded[end]! & 0xc0) === 0x80) end--
  return `${JSON.stringify(new TextDecoder().decode(encoded.subarray(0, end)))} (first ${TRACE_BODY_BYTES} bytes)`
}

/** Reads at most `limit` bytes of a body, then cancels the rest. */
async function readStart(response: Response, limit: number): Promise<Uint8Array> {
  const reader = response.body?.getReader()
  if (!reader) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    while (total < limit) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      total += value.length
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  const out = new Uint8Array(Math.min(total, limit))
  let offset = 0
  for (const chunk of chunks) {
    if (offset >= out.length) break
    out.set(chunk.subarray(0, out.length - offset), offset)
    offset += chunk.length
  }
  return out
}

/** One delivery, read under the state lock: the event and the dispatch that carries it to its tunnel. */
export interface Delivery {
  readonly event: IntegrationEventRecord
  readonly url: string
  readonly dispatch: Dispatch
}

/** What became of one delivery: the event's new status and the line its trace gets. */
export interface DeliveryOutcome {
  status: EventStatus
  entry: Omit<LogEntry, 'timestamp'>
}

/**
 * The deliveries of the events bound for a development tunnel, built now from the state the
 * operation leaves (under the lock). An event bound for the runtime, or whose development mode
 * went off since it was recorded, has none.
 */
export function deliveriesOf(state: State, events: readonly IntegrationEventRecord[], environmentOf: EnvironmentOf): Delivery[] {
  return events.flatMap((event) => {
    const url = event.tunnelUrl
    const integration = state.tables.integrations.get(event.integration)
    if (!url || !integration?.signingSecret) return []
    const installation = event.installation !== undefined ? state.tables.integrationInstallations.get(event.installation) : undefined
    const { payload } = event
    const environment = environmentOf(state, integration, {
      installation,
      spaceId: 'spaceId' in payload ? payload.spaceId : undefined,
      siteId: 'siteId' in payload ? payload.siteId : undefined,
    })
    if (!environment) return []
    const dispatch = { integration: integration.name, signingSecret: integration.signingSecret, event: payload, environment }
    return [{ event, url, dispatch }]
  })
}

/**
 * Sends one delivery to its development tunnel (the dispatch protocol of `@gitbook/runtime`).
 * Reads nothing of the state, so it runs outside the state lock (a tunnel may call the platform
 * back while it handles an event); a failure is an outcome, never an error of the request that
 * caused the event.
 */
export async function send(fetch: Fetch, { url, dispatch }: Delivery): Promise<DeliveryOutcome> {
  try {
    const { headers, body } = await dispatchRequest(dispatch)
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(TUNNEL_TIMEOUT_MS) })
    if (!response.ok) {
      // Redirects are not followed (fetch is called without them): a 3xx is a failure like any other status.
      const start = await answerStart(response, secretsOf(dispatch))
      const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
      return {
        status: 'failed',
        entry: { level: 'error', message: `Delivery to ${url} failed: the tunnel answered ${status} with ${start}` },
      }
    }
    // A delivery has arrived when the whole answer has, within the bound; a successful answer's
    // body means nothing to the platform, so it is not kept.
    await readTunnelAnswer(response, false)
    return { status: 'success', entry: { level: 'info', message: `Delivered to ${url}` } }
  } catch (error) {
    return { status: 'failed', entry: { level: 'error', message: `Delivery to ${url} failed: ${deliveryFailure(error)}` } }
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

/** What a bounded delivery uses: the outbound fetch, the state lock's `commit` for late outcomes, and `keep` for `settled()`. */
export type DeliveryCapabilities = Pick<Capabilities, 'fetch' | 'commit' | 'keep'>

/**
 * The one way deliveries are sent, for API calls, the control plane and builders alike: together,
 * outside the state lock, waited for at most {@link AFTER_WAIT_MS}. Resolves with the outcomes in
 * by then, for the caller to write before it answers; a delivery still under way goes on in the
 * background (its own {@link TUNNEL_TIMEOUT_MS} deadline, tracked by `keep` for `settled()`) and
 * writes its outcome as an operation of its own under the lock (`commit`), never inside another
 * request's transaction.
 */
export async function sendWithin(
  state: State,
  capabilities: DeliveryCapabilities,
  deliveries: readonly Delivery[],
): Promise<Map<IntegrationEventRecord, DeliveryOutcome>> {
  const { fetch, commit, keep } = capabilities
  const outcomes = new Map<IntegrationEventRecord, DeliveryOutcome>()
  if (deliveries.length === 0) return outcomes
  let answered = false
  const running = deliveries.map(async (delivery) => {
    const outcome = await send(fetch, delivery)
    // In time, the caller writes it before answering; later, it is written on its own.
    if (!answered) outcomes.set(delivery.event, outcome)
    else await commit(() => recordDelivery(state, delivery.event, outcome))
  })
  for (const delivery of running) keep(delivery)
  // The caller waits a little, so a quick tunnel's outcome shows in its answer; a stuck one goes on alone.
  let timer: ReturnType<typeof setTimeout> | undefined
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, AFTER_WAIT_MS)))
  await Promise.race([Promise.all(running), bound]).finally(() => clearTimeout(timer))
  answered = true
  return outcomes
}

/**
 * Delivers events for a caller that holds no lock (the control API, builders): {@link sendWithin},
 * then the outcomes in time written under the lock before the caller resolves.
 */
export async function deliverEvents(
  state: State,
  events: readonly IntegrationEventRecord[],
  capabilities: DeliveryCapabilities,
  environmentOf: EnvironmentOf,
): Promise<void> {
  const outcomes = await sendWithin(state, capabilities, deliveriesOf(state, events, environmentOf))
  if (outcomes.size === 0) return
  await capabilities.commit(() => {
    for (const [event, outcome] of outcomes) recordDelivery(state, event, outcome)
  })
}
