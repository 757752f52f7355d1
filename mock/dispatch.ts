import type { OperationDef } from '../src/contract/define.ts'
import type { OperationId } from '../src/contract/index.ts'
import type { Handler } from './handlers/types.ts'
import { Deferred, MAX_PREPARES } from './handlers/deferred.ts'
import { EventStream, Reply } from './handlers/types.ts'
import type { Caller } from './model/access.ts'
import { runMaintenance } from './model/maintenance.ts'
import type { State } from './model/state.ts'
import { Transaction, type Transact } from './model/transaction.ts'
import type { FaultEffect, FaultOutcome, Faults } from './base/faults.ts'
import { errorAnswer } from './base/error-answer.ts'
import { mockLog, type MockLog } from './base/logger.ts'
import { HttpError, unauthorized } from './base/http-error.ts'
import { parseInput } from './base/input.ts'
import { refusal, unknownFields, unrouted } from './base/near-miss.ts'
import type { InjectedFault, LoggedRequest, NearMiss, RequestLog } from './base/request-log.ts'
import { routeTableFor } from './base/route-table.ts'
import { nextTurn } from './base/turns.ts'
import type { Commit, Capabilities } from './base/capabilities.ts'
import type { SourceReader } from './base/source-limits.ts'

/** Thrown when a fault drops the connection: each transport turns it into its own network failure. */
export class DroppedConnection extends Error {
  constructor() {
    super('Connection dropped by an injected fault')
  }
}

/**
 * A request as the platform's core reads it, whatever carried it: a WHATWG `Request`
 * (`platform.fetch`, MSW) or a Node `IncomingMessage` (the server), adapted without copying more
 * than the core looks at.
 */
export interface PlainRequest {
  /** The method as sent (any case). */
  readonly method: string
  /** The absolute URL as the client addressed it, query included (for the request log). */
  readonly url: string
  /** The path, still percent-encoded, without the query. */
  readonly pathname: string
  /** The query string without its `?`; `''` when there is none. */
  readonly search: string
  /** A header's value by its lower-case name; `undefined` when absent (repeated ones joined with `, `). */
  header(name: string): string | undefined
  /**
   * The body's bytes, read whole; `undefined` (or empty) when there is none. Throws an
   * `HttpError` 413 when it is larger than `MAX_BODY_BYTES`. Called at most once, and only by
   * operations that take a body.
   */
  body(): Uint8Array | undefined | Promise<Uint8Array | undefined>
  /** Lets go of a body the operation does not take. */
  discard?(): void
  /** Aborted when the caller gives up (a client timeout, a closed connection). */
  readonly signal: AbortSignal
  /**
   * A reader of OpenAPI sources off the event loop that the transport lends (the Node server's
   * worker thread), used instead of the platform's in-thread one. @internal
   */
  readonly readSource?: SourceReader | undefined
}

/** The core's answer: plain data each transport writes its own way. */
export interface PlainAnswer {
  status: number
  /** Lower-case header names. */
  headers: Record<string, string>
  /**
   * The body: JSON text, `null` for none (204, HEAD), or Server-Sent Events, each string one
   * whole event (`data: ...\n\n`) to send as it comes.
   */
  body: string | null | AsyncIterable<string>
  /** The operation the request matched, if any. */
  operationId?: string | undefined
  /** The ID of the request log's entry for this request (`RequestLog.push`), when it keeps one. */
  logged?: number | undefined
  /** Set when the request was a near miss (no operation, or refused by validation or authentication). */
  miss?: NearMiss | undefined
}

/**
 * The platform's core as a function, transport-neutral: a {@link PlainRequest} in, a
 * {@link PlainAnswer} out. What `platform.handle` is, and what `platform.fetch`, MSW and the Node
 * server all call.
 */
export type PlainHandler = (request: PlainRequest) => Promise<PlainAnswer>

/**
 * The core as the Node server calls it: the answer itself when the request needs nothing to wait
 * for (no scenario being built, no fault, no body to read, the lock free, a handler that finishes
 * in the call), else its promise. A request answered in its own turn skips a dozen promise hops.
 */
export type InTurnHandler = (request: PlainRequest) => PlainAnswer | Promise<PlainAnswer>

/** Where a {@link Dispatcher} (and a handler standing for one) carries its {@link InTurnHandler}. */
export const IN_TURN: unique symbol = Symbol('docplat.inTurn')

/** The in-turn core behind `handle`, or `handle` itself when it carries none. */
export function inTurn(handle: PlainHandler & { readonly [IN_TURN]?: InTurnHandler }): InTurnHandler {
  return handle[IN_TURN] ?? handle
}

export interface DispatcherOptions {
  operations: Iterable<OperationDef>
  handlers: Record<string, Handler<OperationDef>>
  state: () => State
  /** What requests wait for first (a scenario being built, a restore); `undefined` when nothing. */
  ready: () => Promise<void> | undefined
  /**
   * Loads the libraries an operation needs (mock/handlers/libraries.ts), awaited before the state
   * lock; `undefined` when they are loaded.
   */
  loadLibraries: (operationId: string) => Promise<void> | undefined
  faults: Faults
  log: RequestLog
  /** What handlers use beyond the state; the dispatcher adds `commit`, as it holds the lock. */
  capabilities: Omit<Capabilities, 'commit'>
  /** Path prefix of the platform's base URL (e.g. `/api`), stripped before routing. */
  basePath: string
  /** The state lock, shared with the platform's other writers (builders, controls); a lock of its own when left out. */
  lock?: StateLock | undefined
  /** Told of each near miss once it is in the log. */
  onMiss?: ((entry: LoggedRequest) => void) | undefined
  /** Where the mock's own failures are told (its 500s, a background write). Default stderr. */
  logger?: MockLog | undefined
}

const JSON_TYPE = 'application/json'

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

/** The longest client name the request log keeps: the log's memory is bounded whatever clients send. */
const MAX_CLIENT_CHARS = 256

/** The request log's `client` field: how the caller named itself, if it did. */
function clientOf(request: PlainRequest): { client?: string } {
  const client = request.header('x-docplat-client') ?? request.header('user-agent')
  if (client === undefined || client === '') return {}
  // A copy when cut: a slice would keep the whole header text alive for as long as the log keeps the entry.
  return {
    client:
      client.length > MAX_CLIENT_CHARS ? new TextDecoder().decode(new TextEncoder().encode(client.slice(0, MAX_CLIENT_CHARS))) : client,
  }
}

/** Stops a stream nobody will read (a HEAD, or an answer a fault replaced). */
function release(body: PlainAnswer['body']): void {
  if (body !== null && typeof body !== 'string') void (body as AsyncGenerator<string>).return?.(undefined)?.catch(() => undefined)
}

/**
 * The platform's core: `(request) => answer`. It routes with its own table, consults faults,
 * authenticates, parses input with the contract, and runs the handler under the state lock, so
 * overlapping requests never interleave inside one operation and a failed one changes nothing.
 */
/**
 * The platform's core ({@link createDispatcher}): answers requests, and runs `commit` under the same
 * lock, for work that ends after the call that started it (a delivery's outcome), API or control.
 */
export type Dispatcher = PlainHandler & { readonly commit: Commit; readonly [IN_TURN]: InTurnHandler }

/**
 * The state lock: one operation (or control write) at a time over a platform's state. Nobody
 * holds it: `exclusive(fn)` runs `fn` now, and when `fn` ends in the same call the lock is let go
 * at once (nothing else can have run meanwhile). Else `fn` waits its turn.
 */
export interface StateLock {
  exclusive<T>(fn: () => T | Promise<T>): T | Promise<T>
}

export function createStateLock(): StateLock {
  let tail: Promise<unknown> = Promise.resolve()
  /** Holders running or waiting. */
  let holders = 0
  const unlock = () => void holders--
  return {
    exclusive<T>(fn: () => T | Promise<T>): T | Promise<T> {
      if (holders === 0) {
        holders++
        let out: T | Promise<T>
        try {
          out = fn()
        } catch (error) {
          holders--
          throw error
        }
        if (!(out instanceof Promise)) {
          holders--
          return out
        }
        tail = out.then(unlock, unlock)
        return out
      }
      holders++
      const run = tail.then(fn)
      tail = run.then(unlock, unlock)
      return run
    },
  }
}

/**
 * Writes outside any request (builders, the control plane's changes, late delivery outcomes) as
 * operations of their own: under `lock`, one transaction each, so a write that throws halfway
 * changes nothing and no request ever sees (or rolls back) half of one; journaled when it ends.
 */
export function transactOn(lock: StateLock, state: () => State): Transact {
  return async (write) =>
    lock.exclusive(() => {
      const current = state()
      return journaled(current, () => transaction(current, 'a write outside requests', () => write(current)))
    })
}

/**
 * Runs `run` (a transaction, under the lock) and then closes the journal's entry, whether it
 * kept or undid its writes: still under the lock, so a journal sees whole operations, never half
 * of one (and nothing of one rolled back).
 */
function journaled<T>(state: State, run: () => T | Promise<T>): T | Promise<T> {
  let out: T | Promise<T>
  try {
    out = run()
  } catch (error) {
    state.changes?.commit(state)
    throw error
  }
  if (out instanceof Promise) return out.finally(() => state.changes?.commit(state))
  state.changes?.commit(state)
  return out
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const routes = routeTableFor(options.operations)
  const operationList = [...options.operations]
  const lock = options.lock ?? createStateLock()
  const { exclusive } = lock
  const transact = transactOn(lock, options.state)
  let requestCount = 0
  /** Work that ends after its request (a delivery's outcome) writes as an operation of its own. */
  const commit: Commit = (write) =>
    transact(write).catch((error: unknown) => (options.logger ?? mockLog()).error('background write failed:', error))
  const capabilities: Capabilities = { ...options.capabilities, commit }
  // A server lends one source reader for all its requests: the capabilities with it are made once
  // per reader, not once per request.
  let lentReader: Capabilities['readSource'] | undefined
  let lentCapabilities = capabilities
  const capabilitiesFor = (reader: Capabilities['readSource'] | undefined): Capabilities => {
    if (reader === undefined) return capabilities
    if (reader !== lentReader) {
      lentReader = reader
      lentCapabilities = { ...capabilities, readSource: reader }
    }
    return lentCapabilities
  }

  // `platform.handle` promises its answer, whatever happens (a bug thrown in the call included).
  const handle = async (request: PlainRequest): Promise<PlainAnswer> => dispatch(request)
  return Object.assign(handle, { commit, [IN_TURN]: dispatch })

  function dispatch(request: PlainRequest): PlainAnswer | Promise<PlainAnswer> {
    const waiting = options.ready()
    // A caller that gave up while the scenario was being built never reaches the platform: no
    // fault taken, nothing run (a later request gets the fault meant for it).
    if (waiting) return waiting.then(() => (request.signal.aborted ? dropped() : dispatch(request)))
    let pathname = request.pathname
    if (options.basePath && pathname.startsWith(options.basePath)) pathname = pathname.slice(options.basePath.length) || '/'
    const method = request.method.toUpperCase()
    // HEAD is a GET without the body, on every GET route.
    const head = method === 'HEAD'
    const match = routes.match(head ? 'GET' : method, pathname)
    const op = match.kind === 'found' ? match.op : undefined
    let body: unknown
    let miss: NearMiss | undefined
    let tokenName: string | undefined
    /**
     * Whether the request waited (a fault's latency, its body, a library) before asking for the
     * lock: then, or when the lock was held, a caller who gave up meanwhile is dropped before the
     * operation runs. A request that reaches a free lock in its own turn never reads its signal,
     * which the server makes only on demand.
     */
    let waited = false
    const finish = (answer: PlainAnswer): PlainAnswer => {
      const entry: LoggedRequest = {
        method,
        url: request.url,
        operationId: op?.id as OperationId | undefined,
        status: answer.status,
        ...clientOf(request),
        at: options.state().clock.now().toISOString(),
        body,
        ...(tokenName !== undefined ? { tokenName } : {}),
        ...(miss ? { miss } : {}),
        ...(injected ? { fault: injected } : {}),
      }
      // A near miss found before authentication still names the known token it carried: beyond
      // loopback, --strict stops only for callers holding one.
      if (miss && tokenName === undefined) {
        const known = knownToken(options.state(), request)
        if (known !== undefined) entry.tokenName = known
      }
      answer.logged = options.log.push(entry)
      if (miss) {
        answer.miss = miss
        options.onMiss?.(entry)
      }
      answer.headers['x-request-id'] = `req_${++requestCount}`
      answer.operationId = op?.id
      if (head && answer.body !== null) {
        release(answer.body)
        answer.body = null
      }
      return answer
    }

    const fault = options.faults.take(method, pathname, op?.id)
    // Known before anything runs: the draws of latency and which effect acts are made here.
    const injected = fault && injectedBy(fault)
    return fault ? faulty(fault) : run()

    async function faulty(fault: FaultOutcome): Promise<PlainAnswer> {
      waited = true
      if (fault.before) {
        const early = await applyFault(fault.before, request.signal)
        if (early) return finish(early)
      }
      if (!fault.after) return run()
      // The operation runs and its change is kept; only the answer the caller gets is faulty.
      const answer = await run()
      const late = await applyFault(fault.after, request.signal)
      if (late) {
        release(answer.body)
        late.headers['x-request-id'] = answer.headers['x-request-id'] ?? ''
        late.operationId = answer.operationId
        late.logged = answer.logged
        late.miss = answer.miss
        return late
      }
      return answer
    }

    function run(): PlainAnswer | Promise<PlainAnswer> {
      if (match.kind !== 'found') {
        const none = match.kind === 'none'
        const message = none ? `No operation matches ${request.method} ${pathname}` : `${request.method} is not allowed on ${pathname}`
        miss = unrouted(operationList, method, pathname, message)
        return finish(errorAnswer(none ? 404 : 405, message, none ? undefined : { allow: match.allow.join(', ') }))
      }
      const handler = options.handlers[match.op.id]!
      const opDef = match.op
      /** What is being checked, while a refusal is a near miss rather than the operation's own answer. */
      let checking: 'authentication' | 'validation' | undefined = 'authentication'
      const fail = (error: unknown): PlainAnswer => {
        if (error instanceof HttpError) {
          if (checking) miss = refusal(opDef, checking, error.message)
          return finish(errorAnswer(error.status, error.message, error.headers))
        }
        if (error instanceof DroppedConnection)
          throw error
          // A bug of the mock, never the client's doing: say so plainly.
        ;(options.logger ?? mockLog()).error(`${opDef.id} failed:`, error)
        return finish(
          errorAnswer(500, `Internal error in the mock while handling ${opDef.id}: ${String((error as Error)?.message ?? error)}`),
        )
      }
      let caller: Caller
      /**
       * The state the request works on: the one it authenticated against, until its first run
       * under the lock, which moves it to a state restored or reset meanwhile (authenticating
       * again); from then on, whatever replaces the state, the request sees only the one it began.
       */
      let pinned: State
      const attempt = <T>(run: () => T | Promise<T>, first = false) => {
        let inCall = true
        const out = exclusive(() => {
          if (first && (waited || !inCall) && request.signal.aborted) throw new DroppedConnection()
          if (first && options.state() !== pinned) signIn(options.state())
          const state = pinned
          return journaled(state, () => {
            // Clock-driven and idempotent: its writes are kept whatever the operation does, but
            // a failure halfway through it undoes them, as any failed run does.
            maintain(state)
            return transaction(state, opDef.id, run)
          })
        })
        inCall = false
        return out
      }
      const afterInput = (input: Record<string, unknown>): PlainAnswer | Promise<PlainAnswer> => {
        try {
          checking = undefined
          if (opDef.body) body = input
          // Outside the lock: a library loading on its first use never holds up other requests.
          const loading = options.loadLibraries(opDef.id)
          if (loading) {
            waited = true
            return loading.then(() => execute(input)).catch(fail)
          }
          return execute(input)
        } catch (error) {
          return fail(error)
        }
      }
      const execute = (input: Record<string, unknown>): PlainAnswer | Promise<PlainAnswer> => {
        const lent = capabilitiesFor(request.readSource)
        const runHandler = (prepared: number) => () =>
          handler({ input: input as never, caller, state: pinned, capabilities: lent, prepared })
        const first = attempt(runHandler(0), true)
        const settle = (result: unknown): PlainAnswer | Promise<PlainAnswer> =>
          result instanceof Deferred ? deferred(result).catch(fail) : finish(respond(opDef, result))
        const deferred = async (start: Deferred<unknown>): Promise<PlainAnswer> => {
          let result: unknown = start
          // Work the operation finishes after the lock (a Deferred): outside it, then back its way.
          for (let prepared = 0; result instanceof Deferred; ) {
            const way = result.way
            if (way.kind === 'answer') {
              result = await way.work()
            } else if (way.kind === 'finish') {
              const value = await way.work()
              result = await attempt(() => way.last(value, pinned))
            } else {
              if (++prepared > MAX_PREPARES) throw new Error(`${opDef.id} asked to prepare more than ${MAX_PREPARES} times`)
              // A turn first, so requests already on their way queue for the lock before the
              // operation runs again, however quick the work is.
              await nextTurn()
              await way.work()
              result = await attempt(runHandler(prepared))
            }
          }
          return finish(respond(opDef, result))
        }
        if (first instanceof Promise) return first.then(settle).catch(fail)
        return settle(first)
      }
      const signIn = (state: State) => {
        pinned = state
        checking = 'authentication'
        caller = authenticate(state, request)
        tokenName = state.tables.tokens.get(caller.token)?.label
        checking = undefined
      }
      try {
        signIn(options.state())
        checking = 'validation'
        const parsed = parseInput(opDef, match.params, request.search, request, (fields) => {
          miss = unknownFields(opDef, fields)
        })
        if (parsed instanceof Promise) {
          waited = true
          return parsed.then(afterInput, fail)
        }
        return afterInput(parsed)
      } catch (error) {
        return fail(error)
      }
    }
  }
}

/**
 * Runs one round of an operation as a transaction: kept when it returns, rolled back when it
 * throws (an `HttpError`, a bug, a dropped connection), so a failed request changes nothing. A
 * round that asks to prepare ({@link Deferred.prepare}) will run again: a write made before asking
 * would be made twice, so it is undone and reported as the bug it is.
 */
function transaction<T>(state: State, operationId: string, run: () => T | Promise<T>): T | Promise<T> {
  const tx = new Transaction(state)
  let result: T | Promise<T>
  try {
    result = run()
  } catch (error) {
    tx.rollback()
    throw error
  }
  if (result instanceof Promise)
    return result.then(
      (value) => settleTransaction(tx, operationId, value),
      (error) => {
        tx.rollback()
        throw error
      },
    )
  return settleTransaction(tx, operationId, result)
}

function settleTransaction<T>(tx: Transaction, operationId: string, result: T): T {
  const written = tx.firstWrite
  if (result instanceof Deferred && result.way.kind === 'prepare' && written !== undefined) {
    tx.rollback()
    throw new Error(`${operationId} wrote to ${written} before asking to prepare: a Prepare must come before any write`)
  }
  tx.commit()
  return result
}

/** What a request its caller gave up on before the platform began it comes to: no answer, as a dropped connection. */
function dropped(): never {
  throw new DroppedConnection()
}

/** Runs the clock's work (purges, processing) as a transaction of its own, committed before the operation's. */
function maintain(state: State): void {
  const tx = new Transaction(state)
  try {
    runMaintenance(state)
  } catch (error) {
    tx.rollback()
    throw error
  }
  tx.commit()
}

/**
 * What the request log records of the faults taken for a request: a status or a drop before the
 * operation is its answer (what comes after then never acts); else the operation runs and what
 * acts after it replaces its answer.
 */
function injectedBy({ before, after }: FaultOutcome): InjectedFault {
  const answered = before !== undefined && (before.status !== undefined || before.drop === true)
  const acting = answered ? before : (after ?? before)
  const ids = answered ? before.ids : [...(before?.ids ?? []), ...(after?.ids ?? [])]
  const latency = Math.round((before?.latency ?? 0) + (answered ? 0 : (after?.latency ?? 0)))
  return {
    ids,
    ...(!answered && after ? { after: true as const } : {}),
    // As applyFault acts: a drop wins over a status.
    ...(acting?.drop ? { drop: true as const } : acting?.status !== undefined ? { status: acting.status } : {}),
    ...(latency > 0 ? { latency } : {}),
  }
}

/**
 * Applies one moment of a fault: waits its latency, then drops the connection or answers with
 * its status; `undefined` lets the request go on.
 */
async function applyFault(effect: FaultEffect, signal: AbortSignal): Promise<PlainAnswer | undefined> {
  if (effect.latency) await sleep(effect.latency, signal)
  // A caller that gave up during the injected delay (a client timeout) got a failure: running
  // the request anyway would let a failed call change state.
  if (effect.drop || signal.aborted) throw new DroppedConnection()
  if (effect.status === undefined) return undefined
  const headers: Record<string, string> = effect.retryAfter !== undefined ? { 'retry-after': String(effect.retryAfter) } : {}
  return errorAnswer(effect.status, effect.message ?? `Injected fault: ${effect.status}`, headers)
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** Reads the bearer token and finds its user; 401 otherwise. */
function authenticate(state: State, request: PlainRequest): Caller {
  const match = BEARER.exec(request.header('authorization') ?? '')
  if (!match) throw unauthorized()
  const token = state.tables.tokens.get(match[1]!)
  const user = token && state.tables.users.get(token.user)
  if (!user) throw unauthorized('Unknown or revoked token')
  return { user, token: token.id }
}

/** The label of the platform's token a request carries, if it carries one of a known user; never throws. */
function knownToken(state: State, request: PlainRequest): string | undefined {
  const match = BEARER.exec(request.header('authorization') ?? '')
  const token = match ? state.tables.tokens.get(match[1]!) : undefined
  return token && state.tables.users.get(token.user) ? token.label : undefined
}

function respond(op: OperationDef, result: unknown): PlainAnswer {
  if (result instanceof EventStream) {
    return { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: sse(result.events) }
  }
  const status = result instanceof Reply ? result.status : op.status
  const body = result instanceof Reply ? result.body : result
  const headers = result instanceof Reply ? result.headers : undefined
  if (!op.response || status === 204 || status === 205) return { status, headers: { ...headers }, body: null }
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(body) }
}

async function* sse(events: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<string> {
  for await (const event of events) yield `data: ${JSON.stringify(event)}\n\n`
}
