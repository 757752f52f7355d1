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
import { errorAnswer, internalErrorAnswer } from './base/error-answer.ts'
import { mockLog, type MockLog } from './base/logger.ts'
import { HttpError, unauthorized } from './base/http-error.ts'
import { parseInput } from './base/input.ts'
import { refusal, unknownFields, unrouted as unroutedMiss } from './base/near-miss.ts'
import type { InjectedFault, LoggedRequest, NearMiss, RequestLog } from './base/request-log.ts'
import { routeTableFor, type RouteMatch } from './base/route-table.ts'
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

export interface CoreOptions {
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
  /** What handlers use beyond the state; the core adds `commit`, as it holds the lock. */
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
 * The platform's core ({@link createCore}): answers requests, and runs `commit` under the same
 * lock, for work that ends after the call that started it (a delivery's outcome), API or control.
 */
export type Core = PlainHandler & { readonly commit: Commit }

/**
 * The state lock: one operation (or control write) at a time over a platform's state. Nobody
 * holds it: `exclusive(fn)` runs `fn` at once when the lock is free (within the call), else when
 * every holder before it has ended, in the order they asked.
 */
export interface StateLock {
  exclusive<T>(fn: () => T | Promise<T>): Promise<T>
}

export function createStateLock(): StateLock {
  let tail: Promise<unknown> = Promise.resolve()
  /** Holders running or waiting. */
  let holders = 0
  const unlock = () => void holders--
  return {
    exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
      const run = holders++ === 0 ? now(fn) : tail.then(fn)
      tail = run.then(unlock, unlock)
      return run
    },
  }
}

/** Runs `fn` within the call, a throw becoming a rejection. */
function now<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn())
  } catch (error) {
    return Promise.reject(error)
  }
}

/**
 * Writes outside any request (builders, the control plane's changes, late delivery outcomes) as
 * operations of their own: under `lock`, one transaction each, so a write that throws halfway
 * changes nothing and no request ever sees (or rolls back) half of one; journaled when it ends.
 */
export function transactOn(lock: StateLock, state: () => State): Transact {
  return (write) =>
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
async function journaled<T>(state: State, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } finally {
    state.changes?.commit(state)
  }
}

/**
 * One request on its way through the core's stages: what it is, and what each stage found out.
 * The request log's entry, the near miss and the answer are all read from it.
 */
export interface Call {
  readonly request: PlainRequest
  /** The method, upper case. */
  readonly method: string
  /** A HEAD, answered as its GET without the body. */
  readonly head: boolean
  /** The path routed: the request's, the platform's base path taken off (by `route`). */
  pathname: string
  /** What the route table found (by `route`). */
  route: RouteMatch | undefined
  /** The operation the request is for, when a route matched. */
  operation: OperationDef | undefined
  /** The fault taken for this request, if any (by `fault`), and what the request log says of it. */
  fault: FaultOutcome | undefined
  injected: InjectedFault | undefined
  /**
   * The state the request works on (by `authenticate`): the one it authenticated against, until
   * its first round under the lock, which moves it to a state restored or reset meanwhile
   * (authenticating again); from then on, whatever replaces the state, the request sees only the
   * one it began on.
   */
  state: State | undefined
  /** Who called (by `authenticate`), and the label of the token they used. */
  caller: Caller | undefined
  tokenName: string | undefined
  /** What is being checked, while a refusal is a near miss rather than the operation's own answer. */
  checking: 'authentication' | 'validation' | undefined
  /** The parsed path, query and body (by `parse`). */
  input: Record<string, unknown> | undefined
  /** Set when the request is a near miss (no operation, refused by validation or authentication, unknown fields). */
  miss: NearMiss | undefined
  /**
   * Whether the request waited (a fault's latency, its body, a library) before asking for the
   * lock: then, or when the lock was held, a caller who gave up meanwhile is dropped before the
   * operation runs. A request that reaches a free lock without waiting never reads its signal,
   * which the server makes only on demand.
   */
  waited: boolean
  /** The answer, once `log` has it. */
  answer: PlainAnswer | undefined
  /** `performance.now()` when the core took the request and when it logged its answer. */
  readonly timings: { readonly arrived: number; answered?: number | undefined }
}

/** A new {@link Call} for `request`, before any stage. */
function callOf(request: PlainRequest): Call {
  const method = request.method.toUpperCase()
  return {
    request,
    method,
    head: method === 'HEAD',
    pathname: request.pathname,
    route: undefined,
    operation: undefined,
    fault: undefined,
    injected: undefined,
    state: undefined,
    caller: undefined,
    tokenName: undefined,
    checking: undefined,
    input: undefined,
    miss: undefined,
    waited: false,
    answer: undefined,
    timings: { arrived: performance.now() },
  }
}

/**
 * The platform's core: `(request) => answer`. One {@link Call} record goes through named stages,
 * in this order (docs/architecture.md, "A request's path"): `ready`, `route`, `fault`,
 * `authenticate`, `parse`, `libraries`, `transaction` (under the state lock, so overlapping requests
 * never interleave inside one operation and a failed one changes nothing), `respond`, `log`. What
 * fails goes through `failure`, the one place a 500 is made for an operation.
 */
export function createCore(options: CoreOptions): Core {
  const routes = routeTableFor(options.operations)
  const operationList = [...options.operations]
  const lock = options.lock ?? createStateLock()
  const transact = transactOn(lock, options.state)
  const logger = options.logger ?? mockLog()
  let requestCount = 0
  // The request log's time of the last request, kept for those of the same platform millisecond
  // (many, on a busy server): formatting a date is a cost of every request.
  let stampedMs = Number.NaN
  let stamped = ''
  const isoAt = (ms: number): string => (ms === stampedMs ? stamped : ((stampedMs = ms), (stamped = new Date(ms).toISOString())))
  /** Work that ends after its request (a delivery's outcome) writes as an operation of its own. */
  const commit: Commit = (write) => transact(write).catch((error: unknown) => logger.error('background write failed:', error))
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

  return Object.assign(answerCall, { commit })

  /** The main line: the request's {@link Call}, then each stage in turn, the first answer returned. */
  async function answerCall(request: PlainRequest): Promise<PlainAnswer> {
    const call = callOf(request)
    await ready(call)
    route(call)
    fault(call)
    if (call.fault?.before) {
      const early = await faultBefore(call)
      if (early) return log(call, early)
    }
    const answer = await operate(call)
    if (call.fault?.after) return faultAfter(call, answer)
    return answer
  }

  /** The operation's own stages; a failure anywhere among them is answered by `failure`. */
  async function operate(call: Call): Promise<PlainAnswer> {
    if (call.route?.kind !== 'found') return log(call, unrouted(call))
    try {
      authenticate(call)
      await parse(call)
      await libraries(call)
      const result = await transactionOf(call)
      return log(call, respond(call.route.op, result))
    } catch (error) {
      return log(call, failure(call, error))
    }
  }

  /**
   * Waits for the scenario (or a restore) when it is still being built. A caller that gave up
   * meanwhile never reaches the platform: no fault taken, nothing run (a later request gets the
   * fault meant for it).
   */
  async function ready(call: Call): Promise<void> {
    for (let waiting = options.ready(); waiting; waiting = options.ready()) {
      await waiting
      if (call.request.signal.aborted) throw new DroppedConnection()
    }
  }

  /** Strips the base path and finds the operation; HEAD is a GET without the body, on every GET route. */
  function route(call: Call): void {
    const { basePath } = options
    if (basePath && call.pathname.startsWith(basePath)) call.pathname = call.pathname.slice(basePath.length) || '/'
    call.route = routes.match(call.head ? 'GET' : call.method, call.pathname)
    call.operation = call.route.kind === 'found' ? call.route.op : undefined
  }

  /** Takes a matching fault: the draws of latency and of which effect acts are made here, before anything runs. */
  function fault(call: Call): void {
    call.fault = options.faults.take(call.method, call.pathname, call.operation?.id)
    if (call.fault) {
      call.injected = injectedBy(call.fault)
      call.waited = true
    }
  }

  /** A fault's moment before the operation: its latency, then its answer (or a drop) if it has one. */
  function faultBefore(call: Call): Promise<PlainAnswer | undefined> {
    return applyFault(call.fault!.before!, call.request.signal)
  }

  /** A fault's moment after the operation: the operation's change is kept, only the answer is faulty. */
  async function faultAfter(call: Call, answer: PlainAnswer): Promise<PlainAnswer> {
    const late = await applyFault(call.fault!.after!, call.request.signal)
    if (!late) return answer
    release(answer.body)
    late.headers['x-request-id'] = answer.headers['x-request-id'] ?? ''
    late.operationId = answer.operationId
    late.logged = answer.logged
    late.miss = answer.miss
    return late
  }

  /** No operation at this path (404), or none with this method (405 with `Allow`): a near miss. */
  function unrouted(call: Call): PlainAnswer {
    const route = call.route!
    const none = route.kind === 'none'
    const { method } = call.request
    const message = none ? `No operation matches ${method} ${call.pathname}` : `${method} is not allowed on ${call.pathname}`
    call.miss = unroutedMiss(operationList, call.method, call.pathname, message)
    return errorAnswer(none ? 404 : 405, message, route.kind === 'method' ? { allow: route.allow.join(', ') } : undefined)
  }

  /** The bearer token's user in the current state, which the request then works on; or 401. */
  function authenticate(call: Call): void {
    call.checking = 'authentication'
    const state = options.state()
    call.state = state
    const caller = bearerCaller(state, call.request)
    call.caller = caller
    call.tokenName = state.tables.tokens.get(caller.token)?.label
    call.checking = undefined
  }

  /** Path, query and body through the contract's schemas: 400 naming the field. */
  async function parse(call: Call): Promise<void> {
    call.checking = 'validation'
    const op = call.operation!
    const params = call.route?.kind === 'found' ? call.route.params : {}
    const parsing = parseInput(op, params, call.request.search, call.request, (fields) => {
      call.miss = unknownFields(op, fields)
    })
    // A body to read is a wait: a caller who gave up meanwhile is not run.
    if (op.body) call.waited = true
    call.input = await parsing
    call.checking = undefined
  }

  /** Loads, outside the lock, a library the operation needs on first use: it never holds up other requests. */
  async function libraries(call: Call): Promise<void> {
    const loading = options.loadLibraries(call.operation!.id)
    if (!loading) return
    call.waited = true
    await loading
  }

  /**
   * Runs the handler under the state lock as one transaction, then any work it deferred
   * (a {@link Deferred}) outside the lock, back its way.
   */
  async function transactionOf(call: Call): Promise<unknown> {
    const op = call.operation!
    const handler = options.handlers[op.id]!
    const lent = capabilitiesFor(call.request.readSource)
    const run = (prepared: number) =>
      function runHandler() {
        return handler({ input: call.input as never, caller: call.caller!, state: call.state!, capabilities: lent, prepared })
      }
    let result = await locked(call, run(0), true)
    for (let prepared = 0; result instanceof Deferred; ) {
      const way = result.way
      if (way.kind === 'answer') {
        result = await way.work()
      } else if (way.kind === 'finish') {
        const value = await way.work()
        result = await locked(call, () => way.last(value, call.state!))
      } else {
        if (++prepared > MAX_PREPARES) throw new Error(`${op.id} asked to prepare more than ${MAX_PREPARES} times`)
        // A turn first, so requests already on their way queue for the lock before the
        // operation runs again, however quick the work is.
        await nextTurn()
        await way.work()
        result = await locked(call, run(prepared))
      }
    }
    return result
  }

  /**
   * One round of the operation under the lock: the clock's maintenance (purges, processing
   * states), then `run`, as a transaction, journaled when it ends. The first round drops a caller
   * who gave up while the request waited or the lock was held.
   */
  function locked<T>(call: Call, run: () => T | Promise<T>, first = false): Promise<T> {
    let inCall = true
    const out = lock.exclusive(function underLock() {
      if (first && (call.waited || !inCall) && call.request.signal.aborted) throw new DroppedConnection()
      // A state restored or reset while the request waited: it runs on the new one, signed in again.
      if (first && options.state() !== call.state) authenticate(call)
      const state = call.state!
      return journaled(state, function maintainThenRun() {
        // The clock's maintenance first (purges, processing states), in the operation's round.
        return transaction(state, call.operation!.id, run, true)
      })
    })
    inCall = false
    return out
  }

  /**
   * The failure list: a refusal the client caused (an `HttpError`, a near miss while checking), a
   * dropped connection (no answer at all), else a bug of the mock: the one 500 of the core.
   */
  function failure(call: Call, error: unknown): PlainAnswer {
    if (error instanceof HttpError) {
      if (call.checking) call.miss = refusal(call.operation!, call.checking, error.message)
      return errorAnswer(error.status, error.message, error.headers)
    }
    if (error instanceof DroppedConnection) throw error
    return internalErrorAnswer(error, { during: 'operation', operationId: call.operation!.id }, logger)
  }

  /** Logs the request in the request log and gives the answer its `x-request-id` (and a HEAD no body). */
  function log(call: Call, answer: PlainAnswer): PlainAnswer {
    const { request, miss, tokenName, injected } = call
    const state = options.state()
    const entry: LoggedRequest = {
      method: call.method,
      url: request.url,
      operationId: call.operation?.id as OperationId | undefined,
      status: answer.status,
      ...clientOf(request),
      at: isoAt(state.clock.ms()),
      body: call.operation?.body ? call.input : undefined,
      ...(tokenName !== undefined ? { tokenName } : {}),
      ...(miss ? { miss } : {}),
      ...(injected ? { fault: injected } : {}),
    }
    // A near miss found before authentication still names the known token it carried: beyond
    // loopback, --strict stops only for callers holding one.
    if (miss && tokenName === undefined) {
      const known = knownToken(state, request)
      if (known !== undefined) entry.tokenName = known
    }
    answer.logged = options.log.push(entry)
    if (miss) {
      answer.miss = miss
      options.onMiss?.(entry)
    }
    answer.headers['x-request-id'] = `req_${++requestCount}`
    answer.operationId = call.operation?.id
    if (call.head && answer.body !== null) {
      release(answer.body)
      answer.body = null
    }
    call.answer = answer
    call.timings.answered = performance.now()
    return answer
  }
}

/**
 * Runs one round of an operation as a transaction: kept when it returns, rolled back when it
 * throws (an `HttpError`, a bug, a dropped connection), so a failed request changes nothing. A
 * round that asks to prepare ({@link Deferred.prepare}) will run again: a write made before asking
 * would be made twice, so it is undone and reported as the bug it is.
 *
 * With `maintain`, the clock's work (purges, processing states) runs first, in the same rounds. It
 * is clock-driven and idempotent, so what it writes is kept whatever the operation does:
 * committed on its own before the operation runs in a transaction of its own.
 */
async function transaction<T>(state: State, operationId: string, run: () => T | Promise<T>, maintain = false): Promise<T> {
  let tx: Transaction
  let result: T
  for (let round = 1; ; round++) {
    tx = new Transaction(state)
    try {
      if (maintain) {
        runMaintenance(state)
        if (runAgain(tx, round)) continue
        tx.commit()
        tx = new Transaction(state)
        maintain = false
      }
      result = await run()
    } catch (error) {
      if (runAgain(tx, round)) continue
      tx.rollback()
      throw error
    }
    if (!runAgain(tx, round)) break
  }
  const written = tx.firstWrite
  if (result instanceof Deferred && result.way.kind === 'prepare' && written !== undefined) {
    tx.rollback()
    throw new Error(`${operationId} wrote to ${written} before asking to prepare: a Prepare must come before any write`)
  }
  tx.commit()
  return result
}

/**
 * Whether `tx` must run again: it met a record shared with other platforms (a shared start),
 * which its rollback, done here, made the state's own (mock/tables/table.ts). Bounded, as each
 * round owns more.
 */
function runAgain(tx: Transaction, round: number): boolean {
  if (!tx.sharedWrite) return false
  tx.rollback()
  if (round > MAX_SHARED_ROUNDS) throw new Error(`A transaction still met shared records after ${MAX_SHARED_ROUNDS} rounds`)
  return true
}

/** Rounds a transaction may run to make the shared records it updates its own: two per table is plenty. */
const MAX_SHARED_ROUNDS = 100

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
function bearerCaller(state: State, request: PlainRequest): Caller {
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
