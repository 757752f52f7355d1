/**
 * The HTTP server's one request path: an ordered list of steps over the plain request and answer,
 * each doing one thing and calling the next (LocalStack's handler chain is the model). Every
 * request takes every step, API and control plane alike; docs/architecture.md draws the list.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { OperationDef } from '../../src/contract/define.ts'
import { operations } from '../../src/contract/index.ts'
import { errorAnswer } from '../base/error-answer.ts'
import type { MockLog } from '../base/logger.ts'
import { MAX_BODY_BYTES } from '../base/input.ts'
import { routeTableFor } from '../base/route-table.ts'
import { DroppedConnection } from '../dispatch.ts'
import { RawExchange } from '../control/exchange-messages.ts'
import { isControlPath, type ControlPlane } from '../control/plane.ts'
import type { RequestSummary } from './access-log.ts'
import { answerBytes, type EdgeAnswer } from './answer.ts'
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

/** A platform the server serves: how it answers, and its control plane (if on). */
export interface Tenant {
  /** The platform's core (or its WHATWG `dispatch`, adapted). */
  answer(request: NativeRequest): Answerish
  /** Its control plane under `/_docplat/`, which also keeps what the inspector shows; `undefined` when off. */
  control: ControlPlane | undefined
}

/** One request on its way through the steps: what it is, and what earlier steps found out. */
export interface Passage {
  readonly req: IncomingMessage
  readonly res: ServerResponse
  readonly request: NativeRequest
  /** `performance.now()` at arrival, for durations. */
  readonly arrived: number
  /** Wall-clock milliseconds at arrival, for the access log. */
  readonly at: number
  /** The platform the request is for: set by the "which platform" step. */
  tenant: Tenant | undefined
  /** The control plane's route that answered, if it did (its reads are not printed). */
  controlRoute: string | undefined
  /** Called once the request is over, its answer written or its connection gone (the platform's request in flight ends). */
  finished?: (() => void) | undefined
  /** Where the server's own failures are told (`startMockServer({ logger })`). */
  readonly logger: MockLog
}

/** An answer now, or later. */
export type Answerish = EdgeAnswer | Promise<EdgeAnswer>

/** One step: answers itself, or calls `next` and may look at or add to the answer. */
export type Step = (passage: Passage, next: () => Answerish) => Answerish

/** `look(answer)` once there is an answer: at once when it is there. */
function whenAnswered(answer: Answerish, look: (answer: EdgeAnswer) => EdgeAnswer): Answerish {
  return answer instanceof Promise ? answer.then(look) : look(answer)
}

/** Runs `passage` through `steps` in order; the last step must answer. */
export function runSteps(steps: readonly Step[], passage: Passage): Answerish {
  const at = (index: number): Answerish => {
    const step = steps[index]
    if (!step) throw new Error('The last step of the pipeline called next')
    return step(passage, () => at(index + 1))
  }
  return at(0)
}

/** The client went away before its request was read: nobody is left to answer, or to log. */
export class ClientGone extends Error {
  constructor() {
    super('The client closed the connection before its request was read')
  }
}

const routes = routeTableFor(Object.values(operations) as OperationDef[])

function since(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10
}

/**
 * The access log: one {@link RequestSummary} per answered request (0 for a dropped connection).
 * The control plane's reads are left out: the inspector polls, and its reads would drown what the
 * app sent.
 */
export function accessLog(onRequest: ((entry: RequestSummary) => void) | undefined): Step {
  if (!onRequest) return (_, next) => next()
  return (passage, next) => {
    const { request } = passage
    const method = request.method.toUpperCase()
    const preflight = isPreflight(request)
    const summary = (status: number, operationId: string | undefined): RequestSummary => ({
      at: new Date(passage.at).toISOString(),
      method,
      path: `${request.prefix}${request.pathname}${request.search === '' ? '' : `?${request.search}`}`,
      status,
      // A preflight is answered by the server itself, before any platform: nothing to time.
      duration: preflight ? 0 : since(passage.arrived),
      ...(operationId !== undefined ? { operationId } : {}),
    })
    const dropped = (error: unknown): never => {
      if (error instanceof DroppedConnection) onRequest(summary(0, operationOf(passage, undefined)))
      throw error
    }
    const answered = (answer: EdgeAnswer): EdgeAnswer => {
      if (passage.controlRoute === undefined || (method !== 'GET' && method !== 'HEAD'))
        onRequest(summary(answer.status, operationOf(passage, answer)))
      return answer
    }
    let answer: Answerish
    try {
      answer = next()
    } catch (error) {
      return dropped(error)
    }
    return answer instanceof Promise ? answer.then(answered, dropped) : answered(answer)
  }
}

/** The operation a request was for: as the core or the control plane said, else as the contract routes it. */
function operationOf(passage: Passage, answer: EdgeAnswer | undefined): string | undefined {
  if (passage.controlRoute !== undefined) return passage.controlRoute
  if (answer?.operationId !== undefined) return answer.operationId
  const match = routes.match(passage.request.method.toUpperCase(), passage.request.pathname)
  return match.kind === 'found' ? match.op.id : undefined
}

/**
 * CORS: refuses a request from an origin the policy does not allow (403, before anything runs),
 * answers preflights, and adds the policy's headers to every other answer, errors included.
 */
export function cors(policy: CorsPolicy): Step {
  const on = corsOn(policy)
  return (passage, next) => {
    const { request } = passage
    const origin = request.header('origin')
    if (!originAllowed(policy, origin, request.header('host'))) return { ...refusedOrigin(policy, origin!), connection: 'drain' }
    if (!on) return next()
    if (isPreflight(request)) return preflightAnswer(policy, request)
    return whenAnswered(next(), (answer) => {
      const headers = corsHeaders(policy, origin)
      for (const name in headers) answer.headers[name] ??= headers[name]!
      return answer
    })
  }
}

/** Hosts: a request for a name the server does not answer (DNS rebinding) is refused with 403 before anything runs. */
export function hosts(policy: HostPolicy): Step {
  if (policy === true) return (_, next) => next()
  return (passage, next) => {
    const host = passage.request.header('host')
    if (!hostAllowed(policy, host)) return { ...refusedHost(host!), connection: 'drain' }
    return next()
  }
}

/** Whatever goes wrong below is the mock's bug, never the client's: a 500 saying so, never a crash. */
export const guard: Step = (passage, next) => {
  const failed = (error: unknown): EdgeAnswer => {
    if (error instanceof DroppedConnection || error instanceof ClientGone) throw error
    passage.logger.error('the server failed to handle a request:', error)
    return errorAnswer(500, `Internal error in the mock server: ${messageOf(error)}`)
  }
  try {
    const answer = next()
    return answer instanceof Promise ? answer.catch(failed) : answer
  } catch (error) {
    return failed(error)
  }
}

/**
 * Which platform the request is for, resolved per request: every later step reads
 * `passage.tenant`, never a platform of its own.
 */
export function whichPlatform(resolve: (passage: Passage) => Tenant): Step {
  return (passage, next) => {
    passage.tenant = resolve(passage)
    return next()
  }
}

/** The most bytes the body of this request may hold: the platform's limit, or more for a state upload. */
export function bodyLimit(tenant: Tenant | undefined, request: NativeRequest): number {
  return tenant?.control?.bodyLimit(request.method, request.pathname, (name) => request.header(name)) ?? MAX_BODY_BYTES
}

/** What Node treats as asking for `100 Continue` (it emits `checkContinue` for these). */
const EXPECT_CONTINUE = /(?:^|\W)100-continue(?:$|\W)/i

/** Methods a WHATWG `Request` cannot carry: refused whoever serves the request. */
const FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT'])

/**
 * Body limits: reads the body, at most its limit; a larger one is refused (413) before it is read
 * when its length is declared, and an unreadable one ends the connection (400). Requests allowed
 * more than the platform's limit (state uploads) are handled one at a time, so memory stays bounded.
 */
export function bodyLimits(): Step {
  let largeBodies: Promise<unknown> = Promise.resolve()
  const oneAtATime = (socket: Socket, run: () => Answerish): Promise<EdgeAnswer> => {
    // Silence while waiting for its turn is the server's doing, not the client's: the idle timeout
    // resumes when the body is read.
    const idle = socket.timeout ?? 0
    if (idle > 0) socket.setTimeout(0)
    const ran = largeBodies.then(() => {
      if (idle > 0 && !socket.destroyed) socket.setTimeout(idle)
      return run()
    })
    largeBodies = ran.catch(() => undefined)
    return ran
  }
  return (passage, next) => {
    const limit = bodyLimit(passage.tenant, passage.request)
    const read = (): Answerish => {
      const { req, res, request } = passage
      const declared = Number(req.headers['content-length'] ?? 0)
      if (req.headers.expect !== undefined && EXPECT_CONTINUE.test(req.headers.expect) && !(declared > limit)) res.writeContinue()
      const method = request.method
      if (method === 'GET' || method === 'HEAD') return next()
      return readThenNext()
    }
    const readThenNext = async (): Promise<EdgeAnswer> => {
      const { req, res, request } = passage
      const method = request.method
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
      return next()
    }
    return limit > MAX_BODY_BYTES ? oneAtATime(passage.req.socket, read) : read()
  }
}

/** Refuses the methods no platform takes (`TRACE`, `TRACK`), as a server behind a fetch would. */
export const refuseMethods: Step = (passage, next) => {
  const method = passage.request.method.toUpperCase()
  if (FORBIDDEN_METHODS.has(method)) return errorAnswer(405, `${method} is not allowed`)
  return next()
}

/** The control plane: its paths (`/_docplat/...`, `/openapi.json`, `/`) never reach the platform. */
export const controlPlane: Step = (passage, next) => {
  const { request } = passage
  if (!isControlPath(request.pathname)) return next()
  return answerControl(passage, next)
}

/** A control plane path: its answer, or (no control plane) a word on where the API is. */
async function answerControl(passage: Passage, next: () => Answerish): Promise<EdgeAnswer> {
  const { request } = passage
  const control = passage.tenant?.control
  if (control) {
    const { answer, operationId } = await control.handle(request)
    passage.controlRoute = operationId ?? ''
    return answer
  }
  if (request.pathname !== '/') return next()
  // No inspector to send a person to: say where the API is.
  return errorAnswer(
    404,
    `No operation matches ${request.method.toUpperCase()} /: the API is under /v1/ (this server's control plane and its inspector are off)`,
  )
}

/**
 * The request journal's part at the edge: how long the request took, on the platform's request log
 * entry, and what went over the wire (headers and bodies), for the inspector to show. Only with a
 * control plane: nothing else could read them.
 */
export const journal: Step = (passage, next) => whenAnswered(next(), (answer) => journalled(passage, answer))

function journalled(passage: Passage, answer: EdgeAnswer): EdgeAnswer {
  const control = passage.tenant?.control
  const id = answer.logged
  const log = control?.log()
  if (id === undefined || log === undefined) return answer
  log.timed(id, passage.at, since(passage.arrived))
  const details = control!.details
  if (details?.keeps) {
    const { request } = passage
    const body = answer.body
    const sent = body === null ? undefined : typeof body === 'string' ? answerBytes(answer as Parameters<typeof answerBytes>[0]) : body
    details.add(
      id,
      new RawExchange(
        request.rawHeaders,
        HOP_BY_HOP,
        request.body(),
        answer.headers,
        sent instanceof Uint8Array || typeof sent === 'string' || sent === undefined ? sent : null,
      ),
    )
  }
  return answer
}

/** The platform answers: its core, or its WHATWG `dispatch`. */
export const dispatch: Step = (passage) => passage.tenant!.answer(passage.request)

function messageOf(error: unknown): string {
  return String((error as Error)?.message ?? error)
}
