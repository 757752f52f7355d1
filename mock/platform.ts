import { http, HttpResponse, type HttpHandler } from 'msw'
import { operations } from '../src/contract/index.ts'
import type { OperationDef } from '../src/contract/define.ts'
import { DEFAULT_BASE_URL } from '../src/core/options.ts'
import { Clock } from './core/clock.ts'
import { createDispatcher, DroppedConnection } from './core/dispatch.ts'
import { Faults } from './core/faults.ts'
import { Random } from './core/random.ts'
import { RequestLog, type RequestLogOptions } from './core/request-log.ts'
import { cachedScenario, cacheScenario } from './core/scenario-cache.ts'
import type { Services } from './core/services.ts'
import { handlers as operationHandlers } from './handlers/index.ts'
import type { Handler } from './handlers/types.ts'
import { ChangeLog } from './model/changes.ts'
import { createState, serialize, tablesOf, type SerializedState, type State } from './model/state.ts'
import { platformAreas } from './areas.ts'
import { installAreas } from './model/hooks.ts'
import { createBuilders, type Builders } from './scenarios/builders.ts'
import { DEMO_TOKEN_NAMES, scenarios, type Scenario } from './scenarios/index.ts'

/** Options of {@link createMockPlatform}. */
export interface MockPlatformOptions {
  /** `'demo'` (default), `'empty'`, or a function that builds state with the builders. */
  scenario?: 'demo' | 'empty' | Scenario
  /** Seed of IDs and tokens: the same seed gives the same scenario. Default `'docplat'`. */
  seed?: string
  /** Platform time at start. Default 2026-01-15T09:00:00Z; time then flows unless `freeze` is set. */
  now?: Date | string | number
  /** Stop the clock at `now` (it then moves only with `clock.advance`). */
  freeze?: boolean
  /** Base URL the handlers answer on, without `/v1`. Default: the SDK's default base URL. */
  baseUrl?: string
  /** Base URL of the web app in `urls.app`. */
  appUrl?: string
  /** Bounds of `platform.requests` (entries, body characters each and in total). */
  requestLog?: RequestLogOptions
  /** The platform's outbound `fetch` (development-mode deliveries). Default: the global `fetch`. */
  fetch?: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
}

/** The contract's operations, one list for every platform (its route table is built once). */
const OPERATIONS = Object.values(operations) as OperationDef[]

/** Fixed start of platform time, so two runs of a scenario agree to the millisecond when frozen. */
export const DEFAULT_NOW = '2026-01-15T09:00:00.000Z'

/** A running mock of the whole platform. */
export interface MockPlatform {
  /** Base URL the platform answers on. */
  readonly baseUrl: string
  /** MSW handlers: `setupServer(...platform.handlers)` or `setupWorker(...)`. */
  readonly handlers: HttpHandler[]
  /** A `fetch` answering from the platform directly, no interception: `createClient({ fetch: platform.fetch })`. */
  readonly fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
  /** The platform's core: a request in, a response out. */
  readonly dispatch: (request: Request) => Promise<Response>
  /** Resolves once the scenario (or a restore) is in place; requests wait for it on their own. */
  readonly ready: Promise<void>
  /** The tables (@msw/data collections under `.collection`), for ad-hoc queries. Await `ready` first. */
  readonly db: State['db']
  /** Build state in a line: organizations, users with tokens, teams, collections, spaces, grants. */
  readonly builders: Builders
  /** The scenario's tokens by name: `admin`, `create`, `review`, `edit`, `comment`, `read`, `guest`, `outsider` in the demo. */
  readonly tokens: Readonly<Record<string, string>>
  /** Platform time: `now()`, `advance('7d')`, `freeze()`. */
  readonly clock: Clock
  /** Inject latency, error statuses, dropped connections and 429s. */
  readonly faults: Faults
  /** The handled requests, for assertions. */
  readonly requests: RequestLog
  /** Content served to imports instead of the internet: `imports.register(url, content)`. */
  readonly imports: {
    /** Serves `content` to imports from `url`. */
    register(url: string, content: unknown): void
    /** Forgets every registered URL. */
    clear(): void
  }
  /** A serialisable copy of the whole state. */
  snapshot(): SerializedState
  /** Replaces the state with a snapshot. */
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

/** Deterministic token for a scenario user, so the CLI and `createMockPlatform` agree. */
function tokenFor(seed: string, name: string): string {
  return `dpt_${name}_${new Random(`${seed}:token:${name}`).string(24)}`
}

/** Checks a snapshot before replacing state with it, so a foreign file is refused, not half-loaded. */
export function isSerializedState(value: unknown): value is SerializedState {
  const v = value as SerializedState | undefined
  return (
    typeof v === 'object' && v !== null && v.format === 'docplat-mock-state' && v.version === 1 &&
    typeof v.seq === 'number' && Array.isArray(v.random) && v.random.length === 4 &&
    typeof v.clock === 'object' && v.clock !== null && typeof v.clock.ms === 'number' &&
    typeof v.tables === 'object' && v.tables !== null && Object.values(v.tables).every(Array.isArray)
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
export function createMockPlatform(options: MockPlatformOptions = {}): MockPlatform {
  installAreas(platformAreas)
  const seed = options.seed ?? 'docplat'
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
  const urls = { api: baseUrl, app: (options.appUrl ?? 'https://app.docplat.dev').replace(/\/+$/, '') }
  const clock = new Clock(options.now ?? DEFAULT_NOW, options.freeze ?? false)
  const scenario = typeof options.scenario === 'function' ? options.scenario : scenarios[options.scenario ?? 'demo']
  const tokens: Record<string, string> = {}
  if (options.scenario === undefined || options.scenario === 'demo') for (const name of DEMO_TOKEN_NAMES) tokens[name] = tokenFor(seed, name)

  let state = createState(clock, new Random(seed), urls)
  const outbound = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const builders = createBuilders(() => state, tokens, (name) => tokenFor(seed, name), outbound)
  const faults = new Faults()
  const log = new RequestLog(options.requestLog)
  const fixtures = new Map<string, unknown>()

  // A built-in scenario with the same options gives the same state: build it once per process,
  // restore it afterwards. `initial` (what reset() returns to) never leaves the platform, so it
  // is restored without validating its records again.
  const cacheKey = typeof options.scenario === 'function'
    ? undefined
    : JSON.stringify([options.scenario ?? 'demo', seed, new Date(options.now ?? DEFAULT_NOW).getTime(), options.freeze ?? false, urls.api, urls.app])
  const cached = cacheKey === undefined ? undefined : cachedScenario(cacheKey)
  let initial: SerializedState | undefined = cached?.snapshot
  let pending: Promise<void> = cached
    ? (async () => {
        Object.assign(tokens, cached.tokens)
        await load(cached.snapshot, true)
      })()
    : (async () => {
        await scenario(builders)
        initial = serialize(state)
        if (cacheKey !== undefined) cacheScenario(cacheKey, { snapshot: initial, tokens: { ...tokens } })
      })()
  const ready = () => pending

  /** Replaces the state with a snapshot; `trusted` when the platform serialised it itself. */
  async function load(snapshot: SerializedState, trusted = false): Promise<void> {
    if (!isSerializedState(snapshot)) throw new TypeError('Not a docplat mock state snapshot')
    const next = createState(clock, new Random(snapshot.random), urls)
    next.seq = snapshot.seq
    for (const [name, table] of tablesOf(next.db)) {
      try {
        await table.load(snapshot.tables[name] ?? [], trusted)
      } catch (error) {
        throw new TypeError(`Snapshot table "${name}": ${(error as Error).message}`, { cause: error })
      }
    }
    clock.load(snapshot.clock)
    const changes = state.changes
    state = next
    changes?.replaced(next)
  }

  const services = (): Services & { drain(): Promise<void> } => {
    const tasks: Array<() => Promise<void>> = []
    return {
      fetch: outbound,
      fixtures,
      after: (task) => void tasks.push(task),
      async drain() {
        for (const task of tasks.splice(0)) {
          try {
            await task()
          } catch (error) {
            console.error('[docplat mock] background task failed:', error)
          }
        }
      },
    }
  }

  const dispatch = createDispatcher({
    operations: OPERATIONS,
    handlers: operationHandlers as unknown as Record<string, Handler<OperationDef>>,
    state: () => state,
    ready,
    faults,
    log,
    services,
    basePath: new URL(baseUrl).pathname.replace(/\/+$/, ''),
  })

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

  const handlers = [
    http.all(`${baseUrl}/v1/*`, async ({ request }) => {
      try {
        return await dispatch(request)
      } catch (error) {
        if (error instanceof DroppedConnection) return HttpResponse.error()
        throw error
      }
    }),
  ]

  return {
    baseUrl,
    handlers,
    fetch: platformFetch,
    dispatch,
    get ready() {
      return pending
    },
    get db() {
      return state.db
    },
    builders,
    tokens,
    clock,
    faults,
    requests: log,
    imports: {
      register: (url, content) => void fixtures.set(url, content),
      clear: () => fixtures.clear(),
    },
    snapshot: () => serialize(state),
    restore(snapshot) {
      pending = pending.then(() => load(snapshot))
      return pending
    },
    trackChanges() {
      if (!state.changes) new ChangeLog().watch(state)
      return state.changes!
    },
    reset() {
      faults.clear()
      log.clear()
      pending = pending.then(() => load(initial!, true))
      return pending
    },
  }
}
