import type { Clock } from './base/clock.ts'
import { cryptoSecrets, Random, type SecretSource } from './base/random.ts'
import type { StateLock } from './core.ts'
import type { Libraries } from './tables/libraries.ts'
import { DanglingReferenceError, findDanglingReference } from './model/references.ts'
import { createState, serialize, tableEntries, type SerializedState, type State, type Urls } from './model/state.ts'
import type { BeforeWrite } from './tables/undo-log.ts'
import type { CompileExactCheck } from './tables/exact-check.ts'
import type { Builders } from './scenarios/builders.ts'
import { DEMO_TOKEN_NAMES, scenarios, type Scenario, type ScenarioName } from './scenarios/index.ts'
import { cachedScenario, cacheScenario, withFreshSecrets, type BuiltScenario } from './scenario-cache.ts'
import { SharedStart } from './scenarios/shared-start.ts'

/** Fixed start of platform time, so two runs of a scenario agree to the millisecond when frozen. */
export const DEFAULT_NOW = '2026-01-15T09:00:00.000Z'

/** What an after-hook may give back: a promise the lifecycle step waits for once the state lock is let go. */
export type HookResult = void | Promise<void>

/**
 * Told around each step of a platform's state lifecycle (LocalStack's `StateLifecycleHook` is the
 * model): what follows a state replaced as a whole subscribes here rather than being a special
 * case of the platform. Before-hooks run under the state lock before the state is touched; they
 * never write to it, and one that throws refuses the step. After-hooks run
 * under the lock once the step is done, before any request or builder sees the new state; a
 * promise they return is awaited after the lock is let go (never under it: the lock would wait on
 * itself), before the step resolves.
 *
 * The steps: `create` (the scenario built, or loaded from an earlier build), `load` (the state
 * replaced by a snapshot: at creation from a kept build, on every restore and reset), `restore`,
 * `reset`, `snapshot` (a copy of the whole state taken) and `save` (a copy taken to be persisted:
 * what follows the copy starts from it).
 */
export interface StateLifecycleHook {
  afterCreate?(state: State): HookResult
  beforeLoad?(snapshot: SerializedState): void
  afterLoad?(state: State): HookResult
  beforeRestore?(snapshot: SerializedState): void
  afterRestore?(state: State): HookResult
  beforeReset?(state: State): void
  afterReset?(state: State): HookResult
  beforeSnapshot?(state: State): void
  afterSnapshot?(snapshot: SerializedState): void
  beforeSave?(state: State): void
  afterSave?(snapshot: SerializedState): HookResult
}

/** What a lifecycle is made of: the platform's options that decide its state, and the parts it shares. */
export interface LifecycleOptions {
  scenario?: ScenarioName | Scenario | undefined
  seed?: string | undefined
  now?: Date | string | number | undefined
  freeze?: boolean | undefined
  deterministicSecrets?: boolean | undefined
  scenarioTokens?: 'seeded' | 'random' | undefined
  clock: Clock
  urls: Urls
  /** Loaded on first need, kept across restores and resets (mock/tables/libraries.ts). */
  libraries: Libraries
  /** The platform's one state lock: restore, reset and save take it as a request does. */
  lock: StateLock
  /** Told before every table write of every state the lifecycle makes (a test's fault injection). */
  beforeWrite?: BeforeWrite | undefined
  /** A starting state shared with other platforms: taken instead of the scenario, its records shared until written. */
  start?: SharedStart | undefined
  /**
   * The state is replaced by a saved one before anyone can reach it (`serve --state` of a file
   * that exists): the scenario is not built, only its token names kept for the saved state's
   * tokens to take, since building a large scenario to throw it away cost a start seconds.
   */
  replacedAtStart?: boolean | undefined
}

/**
 * The whole life of a platform's state, in one place: which state is current, the named tokens
 * that follow it, and the steps that replace it, each under the state lock, with hooks around it.
 */
export interface StateLifecycle {
  /** The current state. */
  readonly state: State
  /** The named tokens (`platform.tokens`): builders add to them, a load adopts the state's. */
  readonly tokens: Record<string, string>
  /** The token a builder names `name`: from the seed while the scenario is built, as the platform's options say after. */
  tokenFor(name: string): string
  /**
   * Builds the scenario with `builders` (or takes the build kept earlier in the process). Call
   * once, with builders writing through this lifecycle's state and lock.
   */
  create(builders: Builders): void
  /** Resolves once the scenario and every restore and reset asked for so far are in place; rejects when the scenario failed. */
  readonly ready: Promise<void>
  /** What a request waits for before it starts: the scenario being built, or `undefined` once it is there. */
  waiting(): Promise<void> | undefined
  /** Adds `hook`; returns what removes it. */
  subscribe(hook: StateLifecycleHook): () => void
  /** A serialisable copy of the whole state. */
  snapshot(): SerializedState
  /**
   * Replaces the state with `snapshot`, checked, under the state lock; refuses a bad one changing
   * nothing. With `keepAsParsed`, the snapshot's records are the platform's to keep (a state
   * file's, parsed for this restore alone): those the check compiled from their table's schema
   * takes as they are are kept, not copied. A caller that keeps the snapshot must not pass it.
   */
  restore(snapshot: SerializedState, options?: { keepAsParsed?: CompileExactCheck | undefined }): Promise<void>
  /** Back to the initial state (the scenario's, or what {@link keepAsInitial} kept), under the state lock. */
  reset(): Promise<void>
  /**
   * Takes a copy of the state under the lock (so between two operations, never inside one) and
   * hands it to `write`; resolves once it is written and the after-hooks are done.
   */
  save(write: (snapshot: SerializedState) => Promise<void>): Promise<void>
  /** From now on, `reset()` returns to the current state (a `--state` file's, once restored at start). */
  keepAsInitial(): void
  /** The state `reset()` returns to, as a start other platforms share (built once per initial state). */
  startingState(): SharedStart
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
 * The named tokens' subscription: after a load (a `--state` file written by an earlier start with
 * fresh tokens, a restore, a reset), a named token the state does not hold is replaced by the
 * state's token of that name, or no longer named when it has none, so `platform.tokens` names
 * only tokens that work.
 */
function adoptTokens(tokens: Record<string, string>): StateLifecycleHook {
  return {
    afterLoad(state) {
      for (const name of Object.keys(tokens)) {
        if (state.tables.tokens.get(tokens[name]!)) continue
        let adopted: string | undefined
        for (const token of state.tables.tokens.all()) if (token.label === name) adopted = token.id
        if (adopted === undefined) delete tokens[name]
        else tokens[name] = adopted
      }
    },
  }
}

/** Runs `fn` now, a throw becoming a rejection: a lifecycle step never throws in its caller's turn. */
function settled<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn())
  } catch (error) {
    return Promise.reject(error)
  }
}

export function createStateLifecycle(options: LifecycleOptions): StateLifecycle {
  const { clock, urls, libraries, lock } = options
  // Named first, so an unknown name is refused whether or not it is built.
  const named = scenarioOf(options.scenario)
  const scenario: Scenario = options.replacedAtStart ? () => Promise.resolve(undefined) : named
  const seed = options.seed ?? 'docplat'
  const scenarioTokens = options.scenarioTokens ?? 'seeded'
  // A built-in scenario with the same options gives the same state: build it once per process,
  // restore it afterwards. Fresh tokens (and secrets) are put into the seeded build
  // (`withFreshSecrets`), so they cost a restore, not a build. The API's base URL is not part of
  // the key: no record holds it (test/platforms/fresh-secrets.test.ts).
  const cacheKey =
    typeof options.scenario === 'function' || options.replacedAtStart
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
  // A shared start is a build kept elsewhere: taken as a kept scenario is, its tables shared.
  const cached = options.start ? options.start.built : cacheKey === undefined ? undefined : cachedScenario(cacheKey)
  const tokens: Record<string, string> = {}
  // A build kept earlier brings its named tokens (below): deriving them again would be thrown away.
  if (!cached && (options.scenario === undefined || options.scenario === 'demo'))
    for (const name of DEMO_TOKEN_NAMES) tokens[name] = tokenFor(seed, name, buildTokens)
  // Secrets never come from the stream of public IDs; a seeded stream of their own only when asked.
  const secretsFrom = (saved?: number[]): SecretSource =>
    options.deterministicSecrets ? new Random(saved ?? `${seed}:secrets`) : cryptoSecrets

  const hooks: StateLifecycleHook[] = [adoptTokens(tokens)]
  type Before = 'beforeLoad' | 'beforeRestore' | 'beforeReset' | 'beforeSnapshot' | 'beforeSave' | 'afterSnapshot'
  type After = Exclude<keyof StateLifecycleHook, Before>
  type Arg<K extends keyof StateLifecycleHook> = Parameters<NonNullable<StateLifecycleHook[K]>>[0]
  /** Tells every hook of `name` (hooks that give nothing back). */
  const tell = <K extends Before>(name: K, arg: Arg<K>): void => {
    for (const hook of [...hooks]) (hook[name] as ((value: Arg<K>) => void) | undefined)?.call(hook, arg)
  }
  /** Tells every after-hook of `name`; gives back what they are still doing. */
  const notify = <K extends After>(name: K, arg: Arg<K>): Promise<void>[] => {
    const waits: Promise<void>[] = []
    for (const hook of [...hooks]) {
      const out = (hook[name] as ((value: Arg<K>) => HookResult) | undefined)?.call(hook, arg)
      if (out instanceof Promise) waits.push(out)
    }
    return waits
  }
  const afterwards = async (waits: Promise<void>[]) => {
    if (waits.length > 0) await Promise.all(waits)
  }

  // `initial` (what reset() returns to) never leaves the platform, so it is restored without
  // validating its records again.
  let initial: SerializedState | undefined
  /**
   * What {@link StateLifecycle.keepAsInitial} kept and has not copied yet: the state itself, and
   * its parts beyond the tables (sequence, random streams, clock) as they were. Its tables are
   * copied into `initial` before anything writes to them, or when `initial` is needed: a start
   * from a large state file no longer copies every record before its first answer.
   */
  let kept: { state: State; head: Omit<SerializedState, 'tables'> } | undefined
  /** `initial`, once what was kept is copied. */
  const initialState = (): SerializedState | undefined => {
    if (kept !== undefined) {
      const { tables } = serialize(kept.state)
      initial = { ...kept.head, tables }
      kept = undefined
    }
    return initial
  }
  /** Every write to a table is told here first: the kept state is copied before the first changes it. */
  const beforeWrite: BeforeWrite = (table, kind) => {
    if (kept !== undefined) initialState()
    options.beforeWrite?.(table, kind)
  }
  /** The names of `initial`'s tokens: a reset names them again, whatever loads came between. */
  let initialTokens: Record<string, string> = {}
  /** The start other platforms share, and the initial state it was built from. */
  let shared: { from: SerializedState; start: SharedStart } | undefined
  /** The snapshot a built scenario starts from: as built, or with fresh secrets when the platform wants fresh tokens. */
  const startOf = (built: BuiltScenario): SerializedState => {
    const start = scenarioTokens === 'random' ? withFreshSecrets(built, secretsFrom()) : built
    building = false
    initial = start.snapshot
    Object.assign(tokens, start.tokens)
    initialTokens = { ...start.tokens }
    return start.snapshot
  }
  const emptyState = () => createState(clock, new Random(seed), urls, libraries, secretsFrom(), beforeWrite)

  /**
   * A new state holding a snapshot, the clock set to the snapshot's; `trusted` when the platform
   * serialised it itself. Throws, changing nothing, for a snapshot that is not one or does not load.
   */
  function stateFrom(snapshot: SerializedState, trusted: boolean, keepAsParsed: CompileExactCheck | undefined): State {
    if (!isSerializedState(snapshot)) throw new TypeError('Not a docplat mock state snapshot')
    // The same check a start from a state file makes: a state the platform takes is one it starts from.
    const dangling = trusted ? undefined : findDanglingReference(snapshot)
    if (dangling !== undefined) throw new DanglingReferenceError(dangling)
    const next = createState(clock, new Random(snapshot.random), urls, libraries, secretsFrom(snapshot.secrets), beforeWrite)
    next.seq = snapshot.seq
    for (const [name, table] of tableEntries(next)) {
      const shared = options.start?.table(name, snapshot.tables[name])
      if (shared) {
        table.share(shared)
        continue
      }
      try {
        table.load(snapshot.tables[name] ?? [], trusted, keepAsParsed)
      } catch (error) {
        throw new TypeError(`Snapshot table "${name}": ${(error as Error).message}`, { cause: error })
      }
    }
    clock.load(snapshot.clock)
    return next
  }

  /** Replaces the state with a snapshot (under the lock, or before anyone can reach the state); `trusted` when the platform serialised it itself. */
  function load(snapshot: SerializedState, trusted: boolean, keepAsParsed?: CompileExactCheck): Promise<void>[] {
    // The state replaced is never written again, but a kept one is copied now rather than held.
    initialState()
    tell('beforeLoad', snapshot)
    state = stateFrom(snapshot, trusted, keepAsParsed)
    return notify('afterLoad', state)
  }

  // A scenario built earlier in this process is loaded here and now: no empty state made first
  // only to be replaced, and `ready` already settled, over HTTP as in process.
  let state!: State
  let loadedAtOnce: unknown
  if (cached) {
    try {
      // Only the named tokens have subscribed yet, and they finish in the call.
      void Promise.all(load(startOf(cached), true)).catch(() => undefined)
    } catch (error) {
      state = emptyState()
      loadedAtOnce = error
    }
  } else state = emptyState()

  /** Settles once the scenario is in place (or failed); set by `create`. */
  let created: Promise<void> = cached && loadedAtOnce !== undefined ? Promise.reject(loadedAtOnce) : Promise.resolve()
  created.catch(() => undefined)
  /** Whether the scenario is in place: steps and requests then go on without waiting a turn for it. */
  let isCreated = cached !== undefined && loadedAtOnce === undefined
  /** `ready`: the scenario, then every restore and reset asked for; a step that fails leaves it as it was. */
  let pending = created

  /** Runs `run` under the lock once the scenario is in place (in the caller's turn when the lock is free), then waits for its after-hooks. */
  function locked(run: () => Promise<void>[]): Promise<void> {
    const now = (): Promise<void> => settled(() => lock.exclusive(run)).then(afterwards)
    return isCreated ? now() : created.then(now)
  }

  /** A step that replaces the state: `ready` waits for it too. */
  function step(run: () => Promise<void>[]): Promise<void> {
    const done = locked(run)
    const before = pending
    pending = done.then(
      () => undefined,
      () => before,
    )
    return done
  }

  return {
    get state() {
      return state
    },
    tokens,
    tokenFor: (name) => tokens[name] ?? tokenFor(seed, name, building ? buildTokens : scenarioTokens),
    create(builders) {
      if (cached) {
        if (isCreated) void afterwards(notify('afterCreate', state)).catch(() => undefined)
        return
      }
      created = (async () => {
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
          initialTokens = { ...tokens }
        } else {
          const kept = { snapshot, tokens: { ...tokens } }
          cacheScenario(cacheKey, kept)
          if (scenarioTokens === 'random') await afterwards(await lock.exclusive(() => load(startOf(kept), true)))
          else {
            initial = snapshot
            initialTokens = { ...tokens }
          }
        }
        isCreated = true
        await afterwards(notify('afterCreate', state))
      })()
      pending = created
    },
    get ready() {
      return pending
    },
    waiting: () => (isCreated ? undefined : created),
    subscribe(hook) {
      hooks.push(hook)
      return () => {
        const at = hooks.indexOf(hook)
        if (at >= 0) hooks.splice(at, 1)
      }
    },
    snapshot() {
      tell('beforeSnapshot', state)
      const snapshot = serialize(state)
      tell('afterSnapshot', snapshot)
      return snapshot
    },
    restore(snapshot, options) {
      return step(() => {
        tell('beforeRestore', snapshot)
        const loading = load(snapshot, false, options?.keepAsParsed)
        return [...loading, ...notify('afterRestore', state)]
      })
    },
    reset() {
      return step(() => {
        tell('beforeReset', state)
        Object.assign(tokens, initialTokens)
        const loading = load(initialState()!, true)
        return [...loading, ...notify('afterReset', state)]
      })
    },
    async save(write) {
      let snapshot!: SerializedState
      await locked(() => {
        tell('beforeSave', state)
        snapshot = serialize(state)
        return []
      })
      await write(snapshot)
      await afterwards(notify('afterSave', snapshot))
    },
    keepAsInitial() {
      const { tables: _, ...head } = serialize({ ...state, tables: {} as State['tables'] })
      kept = { state, head }
      initialTokens = { ...tokens }
    },
    startingState() {
      initialState()
      if (options.start && initial === options.start.built.snapshot) return options.start
      if (shared?.from !== initial) {
        // Every token of the state named, by its label where it has no name: platforms started from
        // it get fresh tokens, which their creator knows only by these names.
        const named: Record<string, string> = {}
        for (const token of (initial!.tables.tokens ?? []) as Array<{ id: string; label?: string }>)
          if (token.label) named[token.label] = token.id
        shared = { from: initial!, start: new SharedStart(initial!, { ...named, ...initialTokens }, true) }
      }
      return shared!.start
    },
  }
}
