import type { HttpHandler } from 'msw'
import { operations, type OperationId } from '../src/contract/index.ts'
import type { OperationDef } from '../src/contract/define.ts'
import { DEFAULT_BASE_URL } from '../src/core/options.ts'
import { Clock } from './base/clock.ts'
import { createCore, createStateLock, DroppedConnection, transactOn, type PlainHandler } from './dispatch.ts'
import { fetchDispatch } from './fetch-adapter.ts'
import { Faults } from './base/faults.ts'
import { cryptoSecrets, Random, type SecretSource } from './base/random.ts'
import { ByteBudget } from './base/byte-budget.ts'
import { RequestLog, type LoggedRequest, type RequestLogOptions } from './base/request-log.ts'
import { UnmatchedRequestError, verifyRequestOrder, verifyRequests, type OrderedStep, type RequestExpectation } from './verify/verify.ts'
import { guardTunnels, tunnelRefusal, type TunnelPolicy } from './base/tunnels.ts'
import { cachedScenario, cacheScenario, withFreshSecrets, type BuiltScenario } from './scenario-cache.ts'
import type { Capabilities } from './base/capabilities.ts'
import { handlers as operationHandlers } from './handlers/index.ts'
import { operationLibraries } from './handlers/libraries.ts'
import { mswHandlers, requireMsw } from './msw.ts'
import type { Handler } from './handlers/types.ts'
import { ChangeLog } from './model/changes.ts'
import { DanglingReferenceError, findDanglingReference } from './model/references.ts'
import { Libraries } from './model/libraries.ts'
import { readTextSliced } from './model/services/openapi-source.ts'
import { createState, serialize, tableEntries, type SerializedState, type State } from './model/state.ts'
import type { BeforeWrite } from './model/undo-log.ts'
import type { Tables } from './model/db.ts'
import { createBuilders, type Builders } from './scenarios/builders.ts'
import { createIntegrationControls, type IntegrationControls } from './scenarios/integration-controls.ts'
import type { DeliveryCapabilities } from './model/integrations/delivery.ts'
import { DEMO_TOKEN_NAMES, scenarios, type DemoTokenName, type Scenario, type ScenarioName } from './scenarios/index.ts'

/** Options of {@link createMockPlatform}. */
export interface MockPlatformOptions {
  /**
   * `'demo'` (default), `'empty'`, or a function that builds state with the builders. Any other
   * name throws at once, listing the known ones.
   */
  scenario?: ScenarioName | Scenario | undefined
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
   * The bytes of memory kept about past requests (`platform.requests`, and the journal of
   * exchanges of a server given this platform): a number of bytes, a {@link ByteBudget} to share
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
}

/** The contract's operations, one list for every platform (its route table is built once). */
const OPERATIONS = Object.values(operations) as OperationDef[]

/** Fixed start of platform time, so two runs of a scenario agree to the millisecond when frozen. */
export const DEFAULT_NOW = '2026-01-15T09:00:00.000Z'

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
  /** Resolves once the scenario (or a restore) is in place; requests wait for it on their own. */
  readonly ready: Promise<void>
  /**
   * The stored records, one table per resource: `get(id)`, `all()`, `size`, and ad-hoc queries in
   * @msw/data's query language (`findMany((q) => q.where({ ... }))`, mock/model/query.ts). Await `ready` first.
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
  readonly integrations: IntegrationControls
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
   * a platform takes, a `--state` file of it starts from.
   */
  restore(snapshot: SerializedState): Promise<void>
  /** Back to the scenario's initial state; faults and the request log are cleared. */
  reset(): Promise<void>
  /**
   * Starts recording the records each operation changes (what `docplat-mock serve --state`
   * journals before answering a write) and returns the log; later calls return the same log.
   * Await `ready` first.
   */
  trackChanges(): ChangeLog
}

/** The scenario function of an option; an unknown name throws at once, naming the known ones. */
function scenarioOf(option: ScenarioName | Scenario | undefined): Scenario {
  if (typeof option === 'function') return option
  const name = option ?? 'demo'
  if (typeof name === 'string' && Object.hasOwn(scenarios, name)) return scenarios[name]
  const known = Object.keys(scenarios)
    .map((n) => `'${n}'`)
    .join(', ')
  throw new TypeError(
    `Unknown scenario ${JSON.stringify(option)}: use one of ${known}, or a function (builders) => ... that builds the state`,
  )
}

/** Token for a named scenario user: from the seed, so the CLI and `createMockPlatform` agree, or fresh. */
function tokenFor(seed: string, name: string, tokens: 'seeded' | 'random'): string {
  return `dpt_${name}_${tokens === 'random' ? cryptoSecrets.string(24) : new Random(`${seed}:token:${name}`).string(24)}`
}

/** Checks a snapshot before replacing state with it, so a foreign file is refused, not half-loaded. */
export function isSerializedState(value: unknown): value is SerializedState {
  const v = value as SerializedState | undefined
  return (
    typeof v === 'object' &&
    v !== null &&
    v.format === 'docplat-mock-state' &&
    v.version === 1 &&
    typeof v.seq === 'number' &&
    Array.isArray(v.random) &&
    v.random.length === 4 &&
    (v.secrets === undefined || (Array.isArray(v.secrets) && v.secrets.length === 4)) &&
    typeof v.clock === 'object' &&
    v.clock !== null &&
    typeof v.clock.ms === 'number' &&
    typeof v.tables === 'object' &&
    v.tables !== null &&
    Object.values(v.tables).every(Array.isArray)
  )
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
  const scenario = scenarioOf(options.scenario)
  const seed = options.seed ?? 'docplat'
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
  const urls = { api: baseUrl, app: (options.appUrl ?? 'https://app.docplat.dev').replace(/\/+$/, '') }
  const clock = new Clock(options.now ?? DEFAULT_NOW, options.freeze ?? false)
  const scenarioTokens = options.scenarioTokens ?? 'seeded'
  // A built-in scenario with the same options gives the same state: build it once per process,
  // restore it afterwards. Fresh tokens (and secrets) are put into the seeded build
  // (`withFreshSecrets`), so they cost a restore, not a build. The API's base URL is not part of
  // the key: no record holds it (test/platforms/fresh-secrets.test.ts).
  const cacheKey =
    typeof options.scenario === 'function'
      ? undefined
      : JSON.stringify([
          options.scenario ?? 'demo',
          seed,
          new Date(options.now ?? DEFAULT_NOW).getTime(),
          options.freeze ?? false,
          urls.app,
          options.deterministicSecrets ?? false,
        ])
  /** The tokens the scenario is built with: seeded whenever the build is kept for others. */
  const buildTokens = cacheKey === undefined ? scenarioTokens : 'seeded'
  let building = true
  const cached = cacheKey === undefined ? undefined : cachedScenario(cacheKey)
  const tokens: Record<string, string> = {}
  // A build kept earlier brings its named tokens (below): deriving them again would be thrown away.
  if (!cached && (options.scenario === undefined || options.scenario === 'demo'))
    for (const name of DEMO_TOKEN_NAMES) tokens[name] = tokenFor(seed, name, buildTokens)
  // Secrets never come from the stream of public IDs; a seeded stream of their own only when asked.
  const secretsFrom = (saved?: number[]): SecretSource =>
    options.deterministicSecrets ? new Random(saved ?? `${seed}:secrets`) : cryptoSecrets

  // Loaded on first need, kept across restores and resets (mock/model/libraries.ts).
  const libraries = new Libraries()
  // `initial` (what reset() returns to) never leaves the platform, so it is restored without
  // validating its records again.
  let initial: SerializedState | undefined
  /** The snapshot a built scenario starts from: as built, or with fresh secrets when the platform wants fresh tokens. */
  const startOf = (built: BuiltScenario): SerializedState => {
    const start = scenarioTokens === 'random' ? withFreshSecrets(built, secretsFrom()) : built
    building = false
    initial = start.snapshot
    Object.assign(tokens, start.tokens)
    return start.snapshot
  }
  // A scenario built earlier in this process is loaded here and now: no empty state made first
  // only to be replaced, and `ready` already settled, over HTTP as in process.
  let state: State
  let loadedAtOnce: unknown
  if (cached) {
    try {
      state = stateFrom(startOf(cached), true)
      adoptTokens()
    } catch (error) {
      state = createState(clock, new Random(seed), urls, libraries, secretsFrom(), instruments.beforeWrite)
      loadedAtOnce = error
    }
  } else state = createState(clock, new Random(seed), urls, libraries, secretsFrom(), instruments.beforeWrite)
  const tunnels: TunnelPolicy = {
    allow: (options.tunnelAllow ?? []).map((host) => host.toLowerCase()),
    loopback: options.tunnelLoopback ?? true,
  }
  const outbound = guardTunnels(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), tunnels)
  /** Work that goes on after its request answered (deliveries to slow tunnels): what `integrations.settled()` waits for. */
  const background = new Set<Promise<void>>()
  const keep = (work: Promise<void>) => {
    const running = work.catch((error: unknown) => console.error('[docplat mock] background work failed:', error))
    background.add(running)
    void running.finally(() => background.delete(running))
  }

  /**
   * How builders and the control API deliver events, as the API does: late outcomes are written
   * by the dispatcher (`core`, made below, before any delivery can end), under the state lock below.
   */
  const delivery: DeliveryCapabilities = { fetch: outbound, commit: (write) => core.commit(write), keep }
  /**
   * One state lock for every writer: requests (the dispatcher), builders and the integration
   * controls. Made before the scenario is built, since the scenario writes through the builders.
   */
  const lock = createStateLock()
  const transact = transactOn(lock, () => state)
  const builders = createBuilders(
    transact,
    () => state,
    tokens,
    (name) => tokens[name] ?? tokenFor(seed, name, building ? buildTokens : scenarioTokens),
    delivery,
  )
  const faults = new Faults(
    OPERATIONS.map((op) => op.id),
    `${seed}:faults`,
  )
  const journal = options.requestJournal
  const budget = typeof journal === 'object' ? journal : new ByteBudget(journal === false ? 0 : journal)
  const log = new RequestLog({ ...options.requestLog, budget })
  const fixtures = new Map<string, unknown>()
  /** The journal's change log, once `trackChanges()` turned it on. */
  let changeLog: ChangeLog | undefined

  let pending: Promise<void> = cached
    ? loadedAtOnce === undefined
      ? Promise.resolve()
      : Promise.reject(loadedAtOnce)
    : (async () => {
        // Built on a stopped clock, so every stamp is the start instant plus one millisecond per
        // write, whatever the machine's speed: the same seed gives byte-identical state.
        const start = new Date(options.now ?? DEFAULT_NOW).getTime()
        clock.freeze()
        clock.set(start)
        // The scenario's own secrets (the demo's share keys, signing secrets) are part of its
        // fixture, like its seeded tokens: from a stream of their own (never the public IDs'),
        // so the same seed answers byte for byte the same. Fresh tokens mean fresh secrets too;
        // every secret made after the scenario comes from `secretsFrom()`.
        const fixtureSecrets = buildTokens === 'seeded' && !options.deterministicSecrets
        if (fixtureSecrets) state.secrets = new Random(`${seed}:scenario-secrets`)
        await scenario(builders)
        if (fixtureSecrets) state.secrets = secretsFrom()
        const built = serialize(state)
        const snapshot = { ...built, clock: { ...built.clock, frozen: options.freeze ?? false } }
        if (!options.freeze) clock.unfreeze()
        building = false
        if (cacheKey === undefined) {
          initial = snapshot
          return
        }
        const kept = { snapshot, tokens: { ...tokens } }
        cacheScenario(cacheKey, kept)
        if (scenarioTokens === 'random') await load(startOf(kept), true)
        else initial = snapshot
      })()
  /** Whether `pending` has settled: requests then go on without waiting a turn for it. */
  let settled = false
  const watch = (promise: Promise<void>) => {
    settled = false
    void promise.then(() => {
      if (pending === promise) settled = true
    })
  }
  watch(pending)
  if (cached && loadedAtOnce === undefined) settled = true
  const ready = () => (settled ? undefined : pending)

  /**
   * Runs a state replacement after what is queued. A replacement that fails leaves the queue as
   * it was, so one bad snapshot does not make every later request, restore and reset fail.
   */
  function queue(step: () => Promise<void>): Promise<void> {
    const before = pending
    const run = before.then(step)
    pending = run.then(
      () => undefined,
      () => before,
    )
    watch(pending)
    return run
  }

  /**
   * A new state holding a snapshot, the clock set to the snapshot's; `trusted` when the platform
   * serialised it itself. Throws, changing nothing, for a snapshot that is not one or does not load.
   */
  function stateFrom(snapshot: SerializedState, trusted: boolean): State {
    if (!isSerializedState(snapshot)) throw new TypeError('Not a docplat mock state snapshot')
    // The same check a start from a state file makes: a state the platform takes is one it starts from.
    const dangling = trusted ? undefined : findDanglingReference(snapshot)
    if (dangling !== undefined) throw new DanglingReferenceError(dangling)
    const next = createState(clock, new Random(snapshot.random), urls, libraries, secretsFrom(snapshot.secrets), instruments.beforeWrite)
    next.seq = snapshot.seq
    for (const [name, table] of tableEntries(next)) {
      try {
        table.load(snapshot.tables[name] ?? [], trusted)
      } catch (error) {
        throw new TypeError(`Snapshot table "${name}": ${(error as Error).message}`, { cause: error })
      }
    }
    clock.load(snapshot.clock)
    return next
  }

  /** Replaces the state with a snapshot; `trusted` when the platform serialised it itself. */
  async function load(snapshot: SerializedState, trusted = false): Promise<void> {
    const next = stateFrom(snapshot, trusted)
    const changes = state.changes
    state = next
    changes?.replaced(next)
    adoptTokens()
  }

  /**
   * After a restore (a `--state` file written by an earlier start with fresh tokens), a named
   * token this platform does not hold is replaced by the state's token of that name, so
   * `platform.tokens` names tokens that work.
   */
  function adoptTokens(): void {
    for (const name of Object.keys(tokens)) {
      if (state.tables.tokens.get(tokens[name]!)) continue
      for (const token of state.tables.tokens.all()) if (token.label === name) tokens[name] = token.id
    }
  }

  const integrations: IntegrationControls = {
    ...createIntegrationControls(transact, () => state, delivery),
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
    // The dispatcher loads the YAML parser before the operations that read sources run.
    readSource: (text) => readTextSliced(text, libraries.yaml.parseYAMLSteps),
  }

  const core = createCore({
    operations: OPERATIONS,
    handlers: operationHandlers as unknown as Record<string, Handler<OperationDef>>,
    state: () => state,
    ready,
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

  return {
    baseUrl,
    get handlers() {
      return (handlers ??= mswHandlers(requireMsw('platform.handlers'), baseUrl, dispatch))
    },
    fetch: platformFetch,
    dispatch,
    handle: core,
    get ready() {
      return pending
    },
    get db() {
      return state.tables
    },
    builders,
    tokens,
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
    snapshot: () => serialize(state),
    restore(snapshot) {
      return queue(() => load(snapshot))
    },
    trackChanges() {
      if (!changeLog) {
        changeLog = new ChangeLog()
        changeLog.watch(state)
      }
      return changeLog
    },
    reset() {
      faults.clear()
      log.clear()
      return queue(() => load(initial!, true))
    },
  }
}
