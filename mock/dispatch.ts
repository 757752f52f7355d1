import type { OperationDef } from '../src/contract/define.ts'
import type { OperationId } from '../src/contract/index.ts'
import type { Handler } from './handlers/types.ts'
import { Deferred, EventStream, Reply } from './handlers/types.ts'
import type { Caller } from './model/access.ts'
import { runMaintenance } from './model/maintenance.ts'
import type { State } from './model/state.ts'
import type { FaultEffect, Faults } from './core/faults.ts'
import { HttpError, unauthorized } from './core/http-error.ts'
import { parseInput } from './core/input.ts'
import type { RequestLog } from './core/request-log.ts'
import { routeTableFor } from './core/route-table.ts'
import type { Services } from './core/services.ts'

/** Thrown when a fault drops the connection: each transport turns it into its own network failure. */
export class DroppedConnection extends Error {
  constructor() {
    super('Connection dropped by an injected fault')
  }
}

export interface DispatcherOptions {
  operations: Iterable<OperationDef>
  handlers: Record<string, Handler<OperationDef>>
  state: () => State
  ready: () => Promise<void>
  /** Loads the libraries an operation needs (mock/handlers/libraries.ts); awaited before the state lock. */
  loadLibraries: (operationId: string) => Promise<void>
  faults: Faults
  log: RequestLog
  services: () => Services & { drain(): Promise<void> }
  /** Path prefix of the platform's base URL (e.g. `/api`), stripped before routing. */
  basePath: string
}

const JSON_HEADERS = { 'content-type': 'application/json' }

function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: { code: status, message } }), { status, headers: { ...JSON_HEADERS, ...headers } })
}

/** Waits `ms`, or less when the request is aborted meanwhile (its caller timed out or went away). */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })

/**
 * The platform's core: `(request) => response`. It routes with its own table, consults faults,
 * authenticates, parses input with the contract, and runs the handler under the state lock, so
 * overlapping requests never interleave inside one operation and a failed one changes nothing.
 */
export function createDispatcher(options: DispatcherOptions): (request: Request) => Promise<Response> {
  const routes = routeTableFor(options.operations)
  let tail: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn)
    tail = run.catch(() => undefined)
    return run
  }
  let requestCount = 0

  return async function dispatch(request: Request): Promise<Response> {
    await options.ready()
    const url = new URL(request.url)
    let pathname = url.pathname
    if (options.basePath && pathname.startsWith(options.basePath)) pathname = pathname.slice(options.basePath.length) || '/'
    // HEAD is a GET without the body, on every GET route.
    const head = request.method.toUpperCase() === 'HEAD'
    const match = routes.match(head ? 'GET' : request.method.toUpperCase(), pathname)
    const op = match.kind === 'found' ? match.op : undefined
    let body: unknown
    const finish = (response: Response): Response => {
      options.log.push({
        method: request.method.toUpperCase(),
        url: request.url,
        operationId: op?.id as OperationId | undefined,
        status: response.status,
        at: options.state().clock.now().toISOString(),
        body,
      })
      response.headers.set('x-request-id', `req_${++requestCount}`)
      if (head && response.body) {
        void response.body.cancel()
        return new Response(null, { status: response.status, headers: response.headers })
      }
      return response
    }

    const fault = options.faults.take(request.method.toUpperCase(), pathname, op?.id)
    if (fault?.before) {
      const early = await applyFault(fault.before, request.signal)
      if (early) return finish(early)
    }
    if (!fault?.after) return run()
    // The operation runs and its change is kept; only the answer the caller gets is faulty.
    const answer = await run()
    const late = await applyFault(fault.after, request.signal)
    if (late) {
      await answer.body?.cancel()
      late.headers.set('x-request-id', answer.headers.get('x-request-id') ?? '')
      return late
    }
    return answer

    async function run(): Promise<Response> {
      if (match.kind === 'none') return finish(errorResponse(404, `No operation matches ${request.method} ${pathname}`))
      if (match.kind === 'method') {
        return finish(errorResponse(405, `${request.method} is not allowed on ${pathname}`, { allow: match.allow.join(', ') }))
      }
      const handler = options.handlers[match.op.id]!
      try {
        const state = options.state()
        const caller = authenticate(state, request)
        const input = await parseInput(match.op, match.params, url, request)
        if (match.op.body) body = input
        // Outside the lock: a library loading on its first use never holds up other requests.
        await options.loadLibraries(match.op.id)
        const services = options.services()
        const result = await exclusive(async () => {
          const state = options.state()
          try {
            runMaintenance(state)
            return await handler({ input: input as never, caller, state, services, request, url })
          } finally {
            // Still under the lock: a journal sees whole operations, never half of one.
            state.changes?.commit(state)
          }
        })
        await services.drain()
        return finish(respond(match.op, result instanceof Deferred ? await result.settle() : result))
      } catch (error) {
        if (error instanceof HttpError) return finish(errorResponse(error.status, error.message, error.headers))
        if (error instanceof DroppedConnection) throw error
        // A bug of the mock, never the client's doing: say so plainly.
        console.error(`[docplat mock] ${match.op.id} failed:`, error)
        return finish(errorResponse(500, `Internal error in the mock while handling ${match.op.id}: ${String((error as Error)?.message ?? error)}`))
      }
    }
  }
}

/**
 * Applies one moment of a fault: waits its latency, then drops the connection or answers with
 * its status; `undefined` lets the request go on.
 */
async function applyFault(effect: FaultEffect, signal: AbortSignal): Promise<Response | undefined> {
  if (effect.latency) await sleep(effect.latency, signal)
  // A caller that gave up during the injected delay (a client timeout) got a failure: running
  // the request anyway would let a failed call change state.
  if (effect.drop || signal.aborted) throw new DroppedConnection()
  if (effect.status === undefined) return undefined
  const headers: Record<string, string> = effect.retryAfter !== undefined ? { 'retry-after': String(effect.retryAfter) } : {}
  return errorResponse(effect.status, effect.message ?? `Injected fault: ${effect.status}`, headers)
}

/** Reads the bearer token and finds its user; 401 otherwise. */
function authenticate(state: State, request: Request): Caller {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) throw unauthorized()
  const token = state.db.tokens.get(match[1]!)
  const user = token && state.db.users.get(token.user)
  if (!user) throw unauthorized('Unknown or revoked token')
  return { user, token: token.id }
}

function respond(op: OperationDef, result: unknown): Response {
  if (result instanceof EventStream) return sse(result.events)
  const status = result instanceof Reply ? result.status : op.status
  const body = result instanceof Reply ? result.body : result
  const headers = result instanceof Reply ? result.headers : {}
  if (!op.response || status === 204 || status === 205) return new Response(null, { status, headers })
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } })
}

function sse(events: AsyncIterable<unknown> | Iterable<unknown>): Response {
  const encoder = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for await (const event of events) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`))
      } finally {
        controller.close()
      }
    },
  })
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } })
}
