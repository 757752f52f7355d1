/**
 * The HTTP server's one request path: named stages over the plain request and answer, read top
 * to bottom in {@link answerRequest} (LocalStack's handler chain and stripe-mock's `HandleRequest`
 * are the models). Every request takes every stage, API and control plane alike, until one
 * answers; docs/architecture.md draws the list.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { OperationDef } from '../../src/contract/define.ts'
import { operations } from '../../src/contract/index.ts'
import { errorAnswer, internalErrorAnswer } from '../base/error-answer.ts'
import type { MockLog } from '../base/logger.ts'
import { MAX_BODY_BYTES } from '../base/input.ts'
import { routeTableFor } from '../base/route-table.ts'
import { DroppedConnection } from '../core.ts'
import { RawExchange } from '../control/exchange-messages.ts'
import { isControlPath, type ControlPlane } from '../control/plane.ts'
import type { RequestSummary } from './access-log.ts'
import { answerText, type EdgeAnswer } from './answer.ts'
import { BodyTooLarge, readBody } from './body.ts'
import {
  corsHeaders,
  corsOn,
  hostAllowed,
  isPreflight,
  originAllowed,
  preflightAnswer,
  refusedHost,
  refusedOrigin,
  type CorsPolicy,
  type HostPolicy,
} from './cors.ts'
import { HOP_BY_HOP, type NativeRequest } from './native-request.ts'

/** A platform the server serves: how it answers, its control plane (if on), and its state file (if any). */
export interface Tenant {
  /** The platform's core (or its WHATWG `dispatch`, adapted). */
  answer(request: NativeRequest): Promise<EdgeAnswer>
  /** Its control plane under `/_docplat/`, which also keeps what the inspector shows; `undefined` when off. */
  control: ControlPlane | undefined
  /**
   * Saves what an answered request changed (`docplat-mock serve --state`): the answer leaves only
   * once it resolves. `undefined` when the platform keeps no state file.
   */
  persist?: (() => Promise<void>) | undefined
}

/** What every request of one server shares: its policies, and how to find the platform a request is for. */
export interface Edge {
  /** Told of every answered request (the CLI prints a line from it). */
  readonly onRequest: ((entry: RequestSummary) => void) | undefined
  readonly cors: CorsPolicy
  /** Whether the CORS policy adds headers and answers preflights (`cors: false` does neither). */
  readonly corsOn: boolean
  readonly hosts: HostPolicy
  /** The platform a request is for, per request. */
  readonly resolve: (passage: Passage) => Tenant
  /** Requests allowed more than the platform's body limit (state uploads) take turns. */
  readonly largeBodies: Turns
  /** Where the server's own failures are told (`startMockServer({ logger })`). */
  readonly logger: MockLog
  /** The last `Host` the policy allowed: a server's clients send the same one, checked once. */
  allowedHost: string | undefined
  /** Wall-clock milliseconds as ISO text, the last kept (requests of the same millisecond share it). */
  readonly isoAt: (ms: number) => string
}

/** The {@link Edge} of a server. */
export function edgeOf(options: {
  onRequest: Edge['onRequest']
  cors: CorsPolicy
  hosts: HostPolicy
  resolve: Edge['resolve']
  logger: MockLog
}): Edge {
  let lastMs = Number.NaN
  let lastIso = ''
  const isoAt = (ms: number) => (ms === lastMs ? lastIso : ((lastMs = ms), (lastIso = new Date(ms).toISOString())))
  return { ...options, corsOn: corsOn(options.cors), largeBodies: new Turns(), allowedHost: undefined, isoAt }
}

/** One request on its way through the stages: what it is, and what earlier stages found out. */
export interface Passage {
  readonly req: IncomingMessage
  readonly res: ServerResponse
  readonly request: NativeRequest
  /** `performance.now()` at arrival, for durations. */
  readonly arrived: number
  /** Wall-clock milliseconds at arrival, for the access log. */
  readonly at: number
  /** The request's `Origin` header, read once for the CORS stages. */
  readonly origin: string | undefined
  /** The platform the request is for: set by `whichPlatform`. */
  tenant: Tenant | undefined
  /** The control plane's route that answered, if it did (its reads are not printed). */
  controlRoute: string | undefined
  /** Called once the request is over, its answer written or its connection gone (the platform's request in flight ends). */
  finished?: (() => void) | undefined
}

/** The client went away before its request was read: nobody is left to answer, or to log. */
export class ClientGone extends Error {
  constructor() {
    super('The client closed the connection before its request was read')
  }
}

/** The platform answered and changed its state, but the state file could not be written. */
class StateNotSaved extends Error {
  constructor(cause: unknown) {
    super(String((cause as Error)?.message ?? cause), { cause })
  }
}

/**
 * The server's main line: every request takes these stages, in this order, until one answers
 * (docs/architecture.md, "Through the Node server"). Whatever the stages after `hosts` throw goes
 * through `failure`.
 */
export async function answerRequest(edge: Edge, passage: Passage): Promise<EdgeAnswer> {
  const refused = refuseOrigin(edge, passage) ?? preflight(edge, passage) ?? refuseHost(edge, passage)
  if (refused) return accessLog(edge, passage, refused)
  let answer: EdgeAnswer
  try {
    answer = await platformStages(passage, edge)
  } catch (error) {
    answer = failure(edge, passage, error)
  }
  return accessLog(edge, passage, addCorsHeaders(edge, passage, answer))
}

/** The stages past the server's policies: the platform's, or its control plane's. */
async function platformStages(passage: Passage, edge: Edge): Promise<EdgeAnswer> {
  whichPlatform(edge, passage)
  const limit = bodyLimit(passage.tenant, passage.request)
  const endTurn = limit > MAX_BODY_BYTES ? await edge.largeBodies.turn(passage.req.socket) : undefined
  try {
    const refused = (await bodyLimits(passage, limit)) ?? refuseMethods(passage)
    if (refused) return refused
    const control = await controlPlane(passage)
    if (control) return control
    const answer = await platformAnswer(passage)
    await persistence(passage, answer)
    return inspector(passage, answer)
  } finally {
    endTurn?.()
  }
}

/**
 * The failure list: a dropped connection (no answer; the access log counts it as 0), a client
 * gone (nobody to answer), a state file not saved, else the mock's bug. Both of the last two are
 * the one 500 (`internalErrorAnswer`).
 */
function failure(edge: Edge, passage: Passage, error: unknown): EdgeAnswer {
  if (error instanceof DroppedConnection) {
    edge.onRequest?.(summary(edge, passage, 0, operationOf(passage, undefined)))
    throw error
  }
  if (error instanceof ClientGone) throw error
  if (error instanceof StateNotSaved) return internalErrorAnswer(error.cause, { during: 'saving' }, edge.logger)
  return internalErrorAnswer(error, { during: 'server' }, edge.logger)
}

const routes = routeTableFor(Object.values(operations) as OperationDef[])

function since(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10
}

/** The access log's line of a request. */
function summary(edge: Edge, passage: Passage, status: number, operationId: string | undefined): RequestSummary {
  const { request } = passage
  return {
    at: edge.isoAt(passage.at),
    method: request.method.toUpperCase(),
    path: `${request.prefix}${request.pathname}${request.search === '' ? '' : `?${request.search}`}`,
    status,
    // A preflight is answered by the server itself, before any platform: nothing to time.
    duration: isPreflight(request) ? 0 : since(passage.arrived),
    ...(operationId !== undefined ? { operationId } : {}),
  }
}

/**
 * The access log: one {@link RequestSummary} per answered request (0 for a dropped connection,
 * from `failure`). The control plane's reads are left out: the inspector polls, and its reads
 * would drown what the app sent.
 */
function accessLog(edge: Edge, passage: Passage, answer: EdgeAnswer): EdgeAnswer {
  if (!edge.onRequest) return answer
  const method = passage.request.method.toUpperCase()
  if (passage.controlRoute === undefined || (method !== 'GET' && method !== 'HEAD'))
    edge.onRequest(summary(edge, passage, answer.status, operationOf(passage, answer)))
  return answer
}

/** The operation a request was for: as the core or the control plane said, else as the contract routes it. */
function operationOf(passage: Passage, answer: EdgeAnswer | undefined): string | undefined {
  if (passage.controlRoute !== undefined) return passage.controlRoute
  if (answer?.operationId !== undefined) return answer.operationId
  const match = routes.match(passage.request.method.toUpperCase(), passage.request.pathname)
  return match.kind === 'found' ? match.op.id : undefined
}

/** CORS: a request from an origin the policy does not allow is refused (403) before anything runs. */
function refuseOrigin(edge: Edge, passage: Passage): EdgeAnswer | undefined {
  const { origin } = passage
  // Not a browser's cross-origin request (curl, the SDK in Node): nothing to check.
  if (origin === undefined || originAllowed(edge.cors, origin, passage.request.header('host'))) return undefined
  return { ...refusedOrigin(edge.cors, origin!), connection: 'drain' }
}

/** CORS: a preflight is answered by the server itself. */
function preflight(edge: Edge, passage: Passage): EdgeAnswer | undefined {
  return edge.corsOn && isPreflight(passage.request) ? preflightAnswer(edge.cors, passage.request) : undefined
}

/** CORS: the policy's headers on every answer past the refusals, errors included. */
function addCorsHeaders(edge: Edge, passage: Passage, answer: EdgeAnswer): EdgeAnswer {
  if (!edge.corsOn) return answer
  const headers = corsHeaders(edge.cors, passage.origin)
  for (const name in headers) answer.headers[name] ??= headers[name]!
  return answer
}

/** Hosts: a request for a name the server does not answer (DNS rebinding) is refused with 403 before anything runs. */
function refuseHost(edge: Edge, passage: Passage): EdgeAnswer | undefined {
  if (edge.hosts === true) return undefined
  const host = passage.request.header('host')
  if (host !== undefined && host === edge.allowedHost) return undefined
  if (!hostAllowed(edge.hosts, host)) return { ...refusedHost(host!), connection: 'drain' }
  edge.allowedHost = host
  return undefined
}

/** Which platform the request is for, resolved per request: every later stage reads `passage.tenant`. */
function whichPlatform(edge: Edge, passage: Passage): void {
  passage.tenant = edge.resolve(passage)
}

/** The most bytes the body of this request may hold: the platform's limit, or more for a state upload. */
export function bodyLimit(tenant: Tenant | undefined, request: NativeRequest): number {
  return tenant?.control?.bodyLimit(request.method, request.pathname, (name) => request.header(name)) ?? MAX_BODY_BYTES
}

/**
 * Turns, one at a time, for requests allowed more than the platform's body limit (state
 * uploads), so memory stays bounded: each holds its turn until it has its answer.
 */
export class Turns {
  #tail: Promise<void> = Promise.resolve()

  /** Waits for a turn; resolves with what ends it. */
  async turn(socket: Socket): Promise<() => void> {
    const before = this.#tail
    let end!: () => void
    this.#tail = new Promise<void>((resolve) => (end = resolve))
    // Silence while waiting for its turn is the server's doing, not the client's: the idle timeout
    // resumes when the turn comes.
    const idle = socket.timeout ?? 0
    if (idle > 0) socket.setTimeout(0)
    await before
    if (idle > 0 && !socket.destroyed) socket.setTimeout(idle)
    return end
  }
}

/** What Node treats as asking for `100 Continue` (it emits `checkContinue` for these). */
const EXPECT_CONTINUE = /(?:^|\W)100-continue(?:$|\W)/i

/** Methods a WHATWG `Request` cannot carry: refused whoever serves the request. */
const FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT'])

/**
 * Body limits: reads the body, at most `limit` bytes; a larger one is refused (413) before it is
 * read when its length is declared, and an unreadable one ends the connection (400).
 */
async function bodyLimits(passage: Passage, limit: number): Promise<EdgeAnswer | undefined> {
  const { req, res, request } = passage
  const declared = Number(req.headers['content-length'] ?? 0)
  if (req.headers.expect !== undefined && EXPECT_CONTINUE.test(req.headers.expect) && !(declared > limit)) res.writeContinue()
  const method = request.method
  if (method === 'GET' || method === 'HEAD') return undefined
  try {
    request.received(await readBody(req, limit))
  } catch (error) {
    if (res.destroyed || (req.destroyed && !req.complete)) throw new ClientGone()
    if (error instanceof BodyTooLarge) return { ...errorAnswer(413, error.message), connection: 'drain' }
    const upper = method.toUpperCase()
    const forbidden = FORBIDDEN_METHODS.has(upper)
    return {
      ...errorAnswer(forbidden ? 405 : 400, forbidden ? `${upper} is not allowed` : `Malformed request: ${messageOf(error)}`),
      connection: 'end',
    }
  }
  return undefined
}

/** Refuses the methods no platform takes (`TRACE`, `TRACK`), as a server behind a fetch would. */
function refuseMethods(passage: Passage): EdgeAnswer | undefined {
  const method = passage.request.method.toUpperCase()
  return FORBIDDEN_METHODS.has(method) ? errorAnswer(405, `${method} is not allowed`) : undefined
}

/**
 * The control plane: its paths (`/_docplat/...`, `/openapi.json`, `/`) never reach the platform.
 * Without a control plane, `/` says where the API is.
 */
async function controlPlane(passage: Passage): Promise<EdgeAnswer | undefined> {
  const { request } = passage
  if (!isControlPath(request.pathname)) return undefined
  const control = passage.tenant?.control
  if (control) {
    const { answer, operationId } = await control.handle(request)
    passage.controlRoute = operationId ?? ''
    return answer
  }
  if (request.pathname !== '/') return undefined
  // No inspector to send a person to: say where the API is.
  return errorAnswer(
    404,
    `No operation matches ${request.method.toUpperCase()} /: the API is under /v1/ (this server's control plane and its inspector are off)`,
  )
}

/** The platform answers: its core, or its WHATWG `dispatch`. */
function platformAnswer(passage: Passage): Promise<EdgeAnswer> {
  return passage.tenant!.answer(passage.request)
}

/** Persistence (`--state`): the answer leaves only once what the request changed is in the state file. */
async function persistence(passage: Passage, answer: EdgeAnswer): Promise<void> {
  const persist = passage.tenant!.persist
  if (!persist) return
  try {
    await persist()
  } catch (error) {
    const body = answer.body
    if (body !== null && typeof body !== 'string' && !(body instanceof Uint8Array))
      void (body as AsyncGenerator<string>).return?.(undefined)?.catch(() => undefined)
    throw new StateNotSaved(error)
  }
}

/**
 * The inspector's part at the edge: how long the request took, on the platform's request log
 * entry, and what went over the wire (headers and bodies), for the inspector to show. Only with a
 * control plane: nothing else could read them.
 */
function inspector(passage: Passage, answer: EdgeAnswer): EdgeAnswer {
  const control = passage.tenant?.control
  const id = answer.logged
  const log = control?.log()
  if (id === undefined || log === undefined) return answer
  log.timed(id, passage.at, since(passage.arrived))
  const details = control!.details
  if (details?.keeps) {
    const { request } = passage
    const body = answer.body
    const text = typeof body === 'string' ? answerText(answer as Parameters<typeof answerText>[0]) : undefined
    const sent = body === null ? undefined : text ? text.text : body instanceof Uint8Array ? body : null
    details.add(id, new RawExchange(request.rawHeaders, HOP_BY_HOP, request.body(), answer.headers, sent, text?.length))
  }
  return answer
}

function messageOf(error: unknown): string {
  return String((error as Error)?.message ?? error)
}
