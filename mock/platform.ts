import type { HttpHandler } from 'msw'
import { operations, type OperationId } from '../src/contract/index.ts'
import type { OperationDef } from '../src/contract/define.ts'
import { DEFAULT_BASE_URL } from '../src/core/options.ts'
import type { Logger } from '../src/core/logger.ts'
import { mockLog } from './base/logger.ts'
import { Clock } from './base/clock.ts'
import { createCore, createStateLock, DroppedConnection, transactOn, type PlainHandler } from './core.ts'
import { fetchDispatch } from './fetch-adapter.ts'
import { Faults } from './base/faults.ts'
import { ByteBudget } from './base/byte-budget.ts'
import { RequestLog, type LoggedRequest, type RequestLogOptions } from './base/request-log.ts'
import { UnmatchedRequestError, verifyRequestOrder, verifyRequests, type OrderedStep, type RequestExpectation } from './verify/verify.ts'
import { guardTunnels, tunnelRefusal, type TunnelPolicy } from './base/tunnels.ts'
import type { Capabilities } from './base/capabilities.ts'
import { handlers as operationHandlers } from './handlers/index.ts'
import { operationLibraries } from './handlers/libraries.ts'
import { mswHandlers, requireMsw } from './msw.ts'
import type { Handler } from './handlers/types.ts'
import { ChangeLog } from './model/changes.ts'
import { Libraries } from './tables/libraries.ts'
import { readTextSliced } from './model/services/openapi-source.ts'
import type { SerializedState } from './model/state.ts'
import type { BeforeWrite } from './tables/undo-log.ts'
import type { Tables } from './tables/db.ts'
import { createBuilders, type Builders } from './scenarios/builders.ts'
import { createIntegrationControls, type IntegrationControls } from './scenarios/integration-controls.ts'
import type { DeliveryCapabilities } from './model/integrations/delivery.ts'
import type { IntegrationDev } from './node/dev/loop.ts'
import { loadDevLoop } from './node/dev/load.ts'
import type { DemoTokenName, Scenario, ScenarioName } from './scenarios/index.ts'
import type { SharedStart } from './scenarios/shared-start.ts'
import { createStateLifecycle, DEFAULT_NOW, type LifecycleOptions, type StateLifecycle } from './lifecycle.ts'

export { DEFAULT_NOW, isSerializedState } from './lifecycle.ts'

/** Options of {@link createMockPlatform}. */
export interface MockPlatformOptions {
  /**
   * `'demo'` (default), `'empty'`, or a function that builds state with the builders. Any other
   * name throws at once, listing the known ones.
   */
  scenario?: ScenarioName | Scenario | undefined
  /**
   * Start from a state shared with other platforms instead of a scenario (`sharedStart(snapshot)`):
   * its records are not copied, so a platform costs what it writes, not what it starts with.
   * A write never shows in another platform; `reset()` returns to the start.
   */
  start?: SharedStart | undefined
  /** Seed of IDs and tokens: the same seed gives the same scenario. Default `'docplat'`. */
  seed?: string | undefined
  /** Platform time at start. Default 2026-01-15T09:00:00Z; time then flows unless `freeze` is set. */
  now?: Date | string | number | undefined
  /** Stop the clock at `now` (it then moves only with `clock.advance`). */
  freeze?: boolean | undefined
  /** Base URL the handlers answer on, without `/v1`. Default: the SDK's default base URL. */
  baseUrl?: string | undefined
  /** Base URL of the web app in `urls.app`. */
  appUrl?: string | undefined
  /** Bounds of `platform.requests`: entries, and body characters each. */
  requestLog?: RequestLogOptions | undefined
  /**
   * The bytes of memory kept about past requests (`platform.requests`, and the exchanges
   * a server given this platform keeps for its inspector): a number of bytes, a {@link ByteBudget} to share
   * with a server, or `false` to keep nothing. The oldest entries go first. Default 32 MiB.
   */
  requestJournal?: number | ByteBudget | false | undefined
  /** The platform's outbound `fetch` (development-mode deliveries). Default: the global `fetch`. */
  fetch?: ((input: Request | string | URL, init?: RequestInit) => Promise<Response>) | undefined
  /**
   * Draw share keys, visitor signing secrets and the tokens of users built without a `tokenName`
   * from a stream seeded by `seed` instead of `crypto.getRandomValues`: for fixtures that must
   * not change between runs. Never on a platform others can reach. Default `false`.
   */
  deterministicSecrets?: boolean | undefined
  /**
   * The scenario's named tokens (`platform.tokens`): `'seeded'` (default) derives them from `seed`,
   * so they are the same on every start (and well known for the default seed: fine in tests and
   * on loopback); `'random'` makes fresh ones from `crypto.getRandomValues` on every start, as
   * `docplat-mock serve` does off loopback.
   */
  scenarioTokens?: 'seeded' | 'random' | undefined
  /**
   * Hosts besides loopback that development-mode tunnels may point at (`example.test`,
   * `tunnel.example.test:8443`). Default none: a tunnel URL on any other host is refused.
   */
  tunnelAllow?: readonly string[] | undefined
  /**
   * Whether development-mode tunnels may point at loopback (127.0.0.0/8, `::1`, `localhost`)
   * without being named in `tunnelAllow`. Default `true`: a developer's local integration.
   * `docplat-mock serve` turns it off when it listens beyond loopback, where an organization admin
   * could otherwise read the host's own local services through render; give it `false` when you
   * serve a platform beyond loopback with `startMockServer`.
   */
  tunnelLoopback?: boolean | undefined
  /**
   * Fail loudly on the first near miss (a request that matched no operation, was refused by
   * validation or authentication, or sent a body field its operation does not take):
   * `platform.fetch` and `platform.dispatch` (so MSW) reject with an {@link UnmatchedRequestError}
   * naming the closest operation (or the unknown field and the one it is near), instead of
   * answering. The request stays in the log; one with an unknown field has run, its change kept,
   * as without `strict`. A server serving the platform answers it as usual (see `--strict` of the CLI).
   * Default `false`.
   */
  strict?: boolean | undefined
  /** Told of each near miss once it is in the log, however it arrived (the CLI's `--strict` uses it). */
  onUnmatched?: ((request: LoggedRequest) => void) | undefined
  /**
   * Where the mock's own messages go: a 500 it answered for a bug of its own (with the error and its
   * stack), work after an answer that failed. The SDK's `Logger`: `console`, a pino or winston
   * logger, or any object with `debug`, `info`, `warn` and `error`. Default: stderr (the console in
   * a browser), each line prefixed `[docplat mock]`.
   */
  logger?: Logger | undefined
}

/** The contract's operations, one list for every platform (its route table is built once). */
const OPERATIONS = Object.values(operations) as OperationDef[]

/**
 * The tokens of a platform by name: the demo's names are known (`tokens.admin` is a string);
 * others, such as those builders add with `tokenName`, may be missing.
 */
export type MockTokens<TokenName extends string = string> = Readonly<Record<TokenName, string>> & Readonly<Record<string, string>>

/** A running mock of the whole platform; `TokenName` names the tokens its scenario gives. */
export interface MockPlatform<TokenName extends string = string> {
  /** Base URL the platform answers on. */
  readonly baseUrl: string
  /**
   * MSW handlers, in Node: `setupServer(...platform.handlers)`. Needs msw (an optional peer):
   * without it, reading this throws an error saying how to install it. In a browser, use
   * `startMockWorker(platform)` from `docplat/mock/browser`.
   */
  readonly handlers: HttpHandler[]
  /** A `fetch` answering from the platform directly, no interception: `createClient({ fetch: platform.fetch })`. */
  readonly fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
  /** The platform's core: a request in, a response out. */
  readonly dispatch: (request: Request) => Promise<Response>
  /**
   * The same core without WHATWG objects: a plain request in (method, path, query, a header
   * getter, the body's bytes), a plain answer out (status, headers, JSON text or a stream of
   * events). What the Node server calls; `dispatch` is this behind a `Request` and a `Response`.
   */
  readonly handle: PlainHandler
  /**
   * Resolves once the scenario, and every restore and reset asked for so far, is in place;
   * requests wait for the scenario on their own.
   */
  readonly ready: Promise<void>
  /**
   * The stored records, one table per resource: `get(id)`, `all()`, `size`, and ad-hoc queries in
   * @msw/data's query language (`findMany((q) => q.where({ ... }))`, mock/tables/query.ts). Await `ready` first.
   */
  readonly db: Tables
  /** Build state in a line: organizations, users with tokens, teams, collections, spaces, grants. */
  readonly builders: Builders
  /** The scenario's tokens by name: `admin`, `create`, `review`, `edit`, `comment`, `read`, `guest`, `outsider` in the demo. */
  readonly tokens: MockTokens<TokenName>
  /** Platform time: `now()`, `advance('7d')`, `freeze()`. */
  readonly clock: Clock
  /** Inject latency, error statuses, dropped connections and 429s. */
  readonly faults: Faults
  /** The handled requests, for assertions. */
  readonly requests: RequestLog
  /**
   * Integrations, what the API cannot do: change an installation (configuration, the spaces and
   * sites it targets), emit any event type the mock records, read development mode. Await `ready` first.
   */
  readonly integrations: IntegrationControls & IntegrationDev
  /**
   * Checks that the platform received requests to an operation matching `expectation` (by
   * default at least one; `times: 0` for never, `1` for once), and returns them. Otherwise throws
   * a `VerificationError` whose message lists what was received instead, closest first (near
   * misses included, with their reason). Works with any test framework.
   *
   * @example
   * ```ts
   * import { createClient } from 'docplat'
   * import { createMockPlatform } from 'docplat/mock'
   *
   * const platform = createMockPlatform({ scenario: 'demo' })
   * const client = createClient({ token: platform.tokens.admin, fetch: platform.fetch })
   * const [org] = (await client.orgs.list()).items
   * await client.collections.create({ organizationId: org!.id, title: 'Roadmap' })
   *
   * platform.verify('createCollection', { times: 1, body: { title: 'Roadmap' }, tokenName: 'admin' })
   * platform.verify('deleteSpaceById', { times: 0 })
   * ```
   */
  verify(operationId: OperationId, expectation?: RequestExpectation): LoggedRequest[]
  /**
   * Checks that requests matching the steps came in this order (others may come between them);
   * returns one request per step, or throws a `VerificationError` showing the log in order.
   */
  verifyOrder(steps: readonly OrderedStep[]): LoggedRequest[]
  /** The near misses in the log, oldest first: `platform.requests.unmatched()`. */
  unmatched(): LoggedRequest[]
  /** Content served to imports instead of the internet: `imports.register(url, content)`. */
  readonly imports: {
    /** Serves `content` to imports from `url`. */
    register(url: string, content: unknown): void
    /** Forgets every registered URL. */
    clear(): void
  }
  /** A serialisable copy of the whole state. */
  snapshot(): SerializedState
  /**
   * Replaces the state with a snapshot. A snapshot that is not one, does not load, holds a
   * clock outside the platform's date range or a record pointing at a record it lacks (a member
   * of an organization that is not there; the message names the first such record) is refused
   * with a `TypeError` or `RangeError`, and the platform keeps its state and keeps working: what
   * a platform takes, a `--state` file of it starts from. Runs under the state lock, after what
   * holds it, in call order with builders and resets; a request still working sees the old state
   * or the new one wholly.
   */
  restore(snapshot: SerializedState): Promise<void>
  /**
   * Back to the scenario's initial state; faults and the request log are cleared. Under the state
   * lock, as {@link MockPlatform.restore}.
   */
  reset(): Promise<void>
  /**
   * Starts recording the records each operation changes (what `docplat-mock serve --state`
   * journals before answering a write) and returns the log; later calls return the same log.
   * Await `ready` first.
   */
  trackChanges(): ChangeLog
}

/**
 * Creates a complete, stateful, in-memory platform.
 *
 * @example
 * ```ts
 * import { createClient } from 'docplat'
 * import { createMockPlatform } from 'docplat/mock'
 *
 * const platform = createMockPlatform({ scenario: 'demo' })
 * const client = createClient({ token: platform.tokens.admin, fetch: platform.fetch })
 * const { items } = await client.orgs.list()
 * ```
 */
export function createMockPlatform(options?: MockPlatformOptions & { scenario?: 'demo' }): MockPlatform<DemoTokenName>
/** Creates a platform on the empty scenario or a scenario function: its tokens are those the builders named. */
export function createMockPlatform(options?: MockPlatformOptions): MockPlatform
export function createMockPlatform(options: MockPlatformOptions = {}): MockPlatform {
  return createInstrumentedPlatform(options, {})
}

/** What a test may plug into a platform's insides (never part of the public options). */
export interface PlatformInstruments {
  /** Told before every table write of every state the platform holds; throwing fails that write. */
  beforeWrite?: BeforeWrite
}

/**
 * {@link createMockPlatform} with instruments: the atomicity test fails the k-th table write
 * through `beforeWrite`. Not exported from `docplat/mock`. @internal
 */
export function createInstrumentedPlatform(options: MockPlatformOptions, instruments: PlatformInstruments): MockPlatform {
  return assemblePlatform(options, instruments).platform
}

/**
 * A platform and its state lifecycle, for what subscribes to the lifecycle from outside the
 * platform (the `--state` journal of `docplat-mock serve`). Not exported from `docplat/mock`. @internal
 */
export function assemblePlatform(
  options: MockPlatformOptions & Pick<LifecycleOptions, 'replacedAtStart'>,
  instruments: PlatformInstruments = {},
): { platform: MockPlatform; lifecycle: StateLifecycle } {
  const logger = mockLog(options.logger)
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
  const urls = { api: baseUrl, app: (options.appUrl ?? 'https://app.docplat.dev').replace(/\/+$/, '') }
  const clock = new Clock(options.now ?? DEFAULT_NOW, options.freeze ?? false)
  /**
   * One state lock for every writer: requests (the core), builders, the integration controls
   * and the lifecycle's restore, reset and save. Made before the scenario is built, since the
   * scenario writes through the builders.
   */
  const lock = createStateLock()
  // Loaded on first need, kept across restores and resets (mock/tables/libraries.ts).
  const libraries = new Libraries()
  const lifecycle = createStateLifecycle({
    ...options,
    clock,
    urls,
    libraries,
    lock,
    beforeWrite: instruments.beforeWrite,
  })
  const state = () => lifecycle.state
  const tunnels: TunnelPolicy = {
    allow: (options.tunnelAllow ?? []).map((host) => host.toLowerCase()),
    loopback: options.tunnelLoopback ?? true,
  }
  const outbound = guardTunnels(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), tunnels)
  /** Work that goes on after its request answered (deliveries to slow tunnels): what `integrations.settled()` waits for. */
  const background = new Set<Promise<void>>()
  const keep = (work: Promise<void>) => {
    const running = work.catch((error: unknown) => logger.error('background work failed:', error))
    background.add(running)
    void running.finally(() => background.delete(running))
  }

  /**
   * How builders and the control API deliver events, as the API does: late outcomes are written
   * by the core (`core`, made below, before any delivery can end), under the state lock below.
   */
  const delivery: DeliveryCapabilities = { fetch: outbound, commit: (write) => core.commit(write), keep }
  const transact = transactOn(lock, state)
  const builders = createBuilders(transact, state, lifecycle.tokens, lifecycle.tokenFor, delivery)
  const faults = new Faults(
    OPERATIONS.map((op) => op.id),
    `${options.seed ?? 'docplat'}:faults`,
  )
  // The request memory: the bytes kept about past requests (the public option keeps its older name).
  const requestMemory = options.requestJournal
  const budget = typeof requestMemory === 'object' ? requestMemory : new ByteBudget(requestMemory === false ? 0 : requestMemory)
  const log = new RequestLog({ ...options.requestLog, budget })
  const fixtures = new Map<string, unknown>()
  /** The state journal's change log, once `trackChanges()` turned it on. */
  let changeLog: ChangeLog | undefined
  // A reset empties what the platform kept about the state it leaves: its faults and its requests.
  lifecycle.subscribe({
    beforeReset() {
      faults.clear()
      log.clear()
    },
  })
  lifecycle.create(builders)

  const integrations: IntegrationControls & IntegrationDev = {
    ...createIntegrationControls(transact, state, delivery),
    // Node-only, loaded by those who run an integration's code (never part of a browser bundle).
    dev: async (options) => (await loadDevLoop())({ baseUrl, fetch: (input, init) => platformFetch(input, init) }, options),
    async settled() {
      // Settling one delivery may queue none, but a request meanwhile may: wait until none is left.
      while (background.size > 0) await Promise.all([...background])
    },
  }

  const capabilities: Omit<Capabilities, 'commit'> = {
    fetch: outbound,
    tunnelRefusal: (url) => tunnelRefusal(url, tunnels),
    keep,
    fixtures,
    // The core loads the YAML parser before the operations that read sources run.
    readSource: (text) => readTextSliced(text, libraries.yaml.parseYAMLSteps),
  }

  const core = createCore({
    operations: OPERATIONS,
    handlers: operationHandlers as unknown as Record<string, Handler<OperationDef>>,
    state,
    ready: lifecycle.waiting,
    loadLibraries: (operationId) => {
      const names = operationLibraries.get(operationId)
      // Most operations need none, and once loaded a library costs no extra turn.
      return names && !libraries.loaded(names) ? libraries.load(names) : undefined
    },
    faults,
    log,
    capabilities,
    basePath: new URL(baseUrl).pathname.replace(/\/+$/, ''),
    onMiss: options.onUnmatched,
    logger,
    lock,
  })
  // In process, strict turns a near miss into a rejection the test cannot overlook; the server
  // calls `core` itself and answers it as usual.
  const dispatch = fetchDispatch(
    options.strict
      ? async (request) => {
          const answer = await core(request)
          if (answer.miss)
            throw new UnmatchedRequestError({
              method: request.method.toUpperCase(),
              url: request.url,
              status: answer.status,
              miss: answer.miss,
            })
          return answer
        }
      : core,
  )

  const platformFetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init)
    // As fetch does: an aborted signal rejects with its reason, before or during the call (a
    // change the platform already made stays made, as on a real server).
    request.signal.throwIfAborted()
    let onAbort!: () => void
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(request.signal.reason)
      request.signal.addEventListener('abort', onAbort, { once: true })
    })
    try {
      return await Promise.race([dispatch(request), aborted])
    } catch (error) {
      if (error instanceof DroppedConnection) throw new TypeError('fetch failed', { cause: error })
      throw error
    } finally {
      // A signal shared by many calls would otherwise keep a listener (and its request) per call.
      request.signal.removeEventListener('abort', onAbort)
    }
  }

  // Built on first use: msw is loaded only by those who intercept (see ./msw.ts).
  let handlers: HttpHandler[] | undefined

  const platform: MockPlatform = {
    baseUrl,
    get handlers() {
      return (handlers ??= mswHandlers(requireMsw('platform.handlers'), baseUrl, dispatch))
    },
    fetch: platformFetch,
    dispatch,
    handle: core,
    get ready() {
      return lifecycle.ready
    },
    get db() {
      return lifecycle.state.tables
    },
    builders,
    tokens: lifecycle.tokens,
    clock,
    faults,
    requests: log,
    integrations,
    verify: (operationId, expectation) => verifyRequests(log.all(), operationId, expectation),
    verifyOrder: (steps) => verifyRequestOrder(log.all(), steps),
    unmatched: () => log.unmatched(),
    imports: {
      register: (url, content) => void fixtures.set(url, content),
      clear: () => fixtures.clear(),
    },
    snapshot: () => lifecycle.snapshot(),
    restore: (snapshot) => lifecycle.restore(snapshot),
    reset: () => lifecycle.reset(),
    trackChanges() {
      if (!changeLog) {
        const changes = new ChangeLog()
        changes.watch(lifecycle.state)
        // What follows a whole state replaced starts from a snapshot of it; what a save persisted
        // whole needs no entry.
        lifecycle.subscribe({
          afterLoad: (next) => changes.replaced(next),
          beforeSave: () => void changes.take(),
        })
        changeLog = changes
      }
      return changeLog
    },
  }
  return { platform, lifecycle }
}
