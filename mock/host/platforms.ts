import * as z from 'zod/mini'
import { ByteBudget } from '../base/byte-budget.ts'
import { HttpError } from '../base/http-error.ts'
import { clockRangeRefusal, parseDuration } from '../base/clock.ts'
import { cryptoSecrets } from '../base/random.ts'
import { createMockPlatform, type MockPlatform, type MockPlatformOptions } from '../platform.ts'
import type { SharedStart } from '../scenarios/shared-start.ts'

/** Where a server's hosted platforms live: `/_docplat/platforms/{id}` + the API (`/v1/...`) or their control plane. */
export const PLATFORMS_PREFIX = '/_docplat/platforms/'

/** The ID of the server's first platform: today's URLs, never ended, never expired. */
export const FIRST_PLATFORM = 'default'

/** Default most platforms a server hosts at once (its first one included). */
export const DEFAULT_MAX_PLATFORMS = 100

/** Default time a hosted platform may go without a request before it is ended: 30 minutes. */
export const DEFAULT_PLATFORM_IDLE_MS = 30 * 60_000

/** The largest request memory (`requestJournal`) a hosted platform may ask for: a cap of its own, within the server's one budget. */
export const MAX_HOSTED_REQUEST_MEMORY_BYTES = 64 * 1024 * 1024

/**
 * What every platform of a server takes from the server, its first one and every hosted one alike:
 * where development tunnels may point, and what a near miss does (`--strict`). `docplat-mock serve`
 * builds it once from its flags and gives it to both; `startMockServer` gives hosted platforms
 * `{ tunnelLoopback: false }` beyond loopback when it is given none.
 */
export type PlatformPolicy = Pick<MockPlatformOptions, 'tunnelAllow' | 'tunnelLoopback' | 'onUnmatched' | 'fetch' | 'logger'>

/**
 * What `POST /_docplat/platforms` takes: every field optional, none unknown. `from: 'server'`
 * starts from the server's starting state (its scenario or `--state` file as it started), shared
 * with every platform started from it: it takes no `scenario`, `seed` or `clock`, which that
 * state already fixes.
 */
export const NewPlatformBody = z.strictObject({
  from: z.optional(z.literal('server')),
  scenario: z.optional(z.enum(['demo', 'empty'])),
  seed: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  clock: z.optional(
    z.strictObject({
      now: z.optional(z.union([z.string().check(z.minLength(1), z.maxLength(40)), z.number()])),
      frozen: z.optional(z.boolean()),
    }),
  ),
  options: z.optional(
    z.strictObject({
      requestJournal: z.optional(
        z.union([z.number().check(z.int(), z.nonnegative(), z.lte(MAX_HOSTED_REQUEST_MEMORY_BYTES)), z.literal(false)]),
      ),
    }),
  ),
})
export type NewPlatformBody = z.infer<typeof NewPlatformBody>

/** A platform a {@link PlatformHost} holds. */
export interface HostedPlatform {
  readonly id: string
  readonly platform: MockPlatform
  /** Its API's base URL (without `/v1`): the server's own for the first platform, else under its prefix. */
  readonly baseUrl: string
  /** Its control plane: the server's `/_docplat` for the first platform, else under its prefix. */
  readonly controlUrl: string
  /** `demo`, `empty`, or what the server's first platform was started with. */
  readonly scenario: string
  /** `server` when it started from the server's starting state (`"from": "server"`). */
  readonly from: 'server' | undefined
  /** The seed it was created with, when one was given. */
  readonly seed: string | undefined
  /** Wall-clock milliseconds at creation. */
  readonly createdAt: number
  /** Wall-clock milliseconds of its latest request (API or control plane), at its arrival or its end. */
  readonly lastUsed: number
  /** Requests to it begun ({@link PlatformHost.begin}) and not finished: while any are, it does not expire. */
  readonly inFlight: number
}

/** A platform as `GET /_docplat/platforms` lists it and `POST` answers it (`tokens` only there). */
export const PlatformInfo = z.object({
  id: z.string(),
  baseUrl: z.string(),
  controlUrl: z.string(),
  scenario: z.string(),
  from: z.optional(z.literal('server')),
  seed: z.optional(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string(),
})
export type PlatformInfo = z.infer<typeof PlatformInfo>

/** What `POST /_docplat/platforms` answers: the platform and its named tokens. */
export const CreatedPlatform = z.extend(PlatformInfo, { tokens: z.record(z.string(), z.string()) })
export type CreatedPlatform = z.infer<typeof CreatedPlatform>

/** The wire form of a hosted platform. */
export function platformInfo(entry: HostedPlatform): PlatformInfo {
  return {
    id: entry.id,
    baseUrl: entry.baseUrl,
    controlUrl: entry.controlUrl,
    scenario: entry.scenario,
    ...(entry.from !== undefined ? { from: entry.from } : {}),
    ...(entry.seed !== undefined ? { seed: entry.seed } : {}),
    createdAt: new Date(entry.createdAt).toISOString(),
    lastUsedAt: new Date(entry.lastUsed).toISOString(),
  }
}

/**
 * The hosted platform a path is for: `/_docplat/platforms/{id}/rest` gives the ID and `/rest`
 * (the platform's own path: `/v1/...` or `/_docplat/...`); any other path is the first
 * platform's (`undefined`). `/_docplat/platforms/{id}` itself is the server's (ending one).
 */
export function hostedPath(pathname: string): { id: string; path: string } | undefined {
  if (!pathname.startsWith(PLATFORMS_PREFIX)) return undefined
  const slash = pathname.indexOf('/', PLATFORMS_PREFIX.length)
  if (slash <= PLATFORMS_PREFIX.length) return undefined
  return { id: pathname.slice(PLATFORMS_PREFIX.length, slash), path: pathname.slice(slash) }
}

/** Options of a {@link PlatformHost}. */
export interface PlatformHostOptions {
  /** The scenario of the server's first platform (reachable at the server's own URLs), for listings. */
  firstScenario: string
  /** The server's URL (`http://127.0.0.1:4010`); read when a platform is created. */
  origin: () => string
  /** Most platforms at once, the first included (`--max-platforms`). Default {@link DEFAULT_MAX_PLATFORMS}. */
  maxPlatforms?: number | undefined
  /**
   * The memory bound: a new platform is refused while `used()` is at or over `limit` (bytes).
   * The server passes the V8 heap in use; omitted, only `maxPlatforms` bounds.
   */
  memory?: { used(): number; limit: number } | undefined
  /** How long a hosted platform may stay without a request: a duration (`'30m'`) or ms; `0` never. Default 30 minutes. */
  idle?: string | number | undefined
  /** Wall-clock milliseconds. Default `Date.now`. */
  now?: (() => number) | undefined
  /** The timers that drive idle expiry. Default the global ones (their handles unref'ed when they can be). */
  timers?: Timers | undefined
  /** Makes a platform. Default {@link createMockPlatform}. */
  create?: ((options: MockPlatformOptions) => MockPlatform) | undefined
  /** The server's policy, which every hosted platform is created with. */
  policy?: PlatformPolicy | undefined
  /**
   * The server's starting state, which `"from": "server"` platforms share (built on first use);
   * `undefined` while the server is starting. Omitted, `"from": "server"` is refused (400).
   */
  start?: (() => SharedStart | undefined) | undefined
  /**
   * The server's one budget of memory kept about past requests: each hosted platform's request log
   * and exchanges take a share of it ({@link ByteBudget} `within`), so all of them together keep at
   * most its limit. Default: a budget of its own per platform (nothing bounds the sum).
   */
  requestMemory?: ByteBudget | undefined
}

/** An interval timer: what idle expiry needs, injectable so tests drive it without waiting. */
export interface Timers {
  setInterval(run: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

const globalTimers: Timers = {
  setInterval(run, ms) {
    const handle = setInterval(run, ms) as unknown as { unref?: () => void }
    // Idle expiry alone must never keep a process alive.
    handle.unref?.()
    return handle
  },
  clearInterval: (handle) => clearInterval(handle as Parameters<typeof clearInterval>[0]),
}

interface Entry extends HostedPlatform {
  lastUsed: number
  inFlight: number
}

/**
 * Many isolated platforms behind one server, as `createMockPlatform()` gives many in process:
 * each its own state, clock, faults, request log (a share of the server's one memory budget) and
 * fresh tokens, all under the server's policy. The first platform is the server's own. Idle hosted
 * platforms (none of their requests running) are ended by a sweep every quarter of the idle time
 * (at most a minute apart), against `now()`: a test moves `now` and calls {@link PlatformHost.sweep}.
 */
export class PlatformHost {
  /** The hosted platforms: the first one is the server's own, not held here. */
  readonly #entries = new Map<string, Entry>()
  readonly #firstScenario: string
  readonly #started: number
  readonly #max: number
  readonly #memory: PlatformHostOptions['memory']
  readonly #idle: number
  readonly #now: () => number
  readonly #timers: Timers
  readonly #create: (options: MockPlatformOptions) => MockPlatform
  readonly #origin: () => string
  readonly #policy: PlatformPolicy
  readonly #requestMemory: ByteBudget | undefined
  readonly #start: (() => SharedStart | undefined) | undefined
  #sweeper: unknown
  #closed = false

  constructor(options: PlatformHostOptions) {
    const max = options.maxPlatforms ?? DEFAULT_MAX_PLATFORMS
    if (!(Number.isSafeInteger(max) && max >= 1))
      throw new RangeError(`Invalid maxPlatforms ${String(max)}: expected a whole number, 1 or more (the server's first platform counts)`)
    const idle = parseDuration(options.idle ?? DEFAULT_PLATFORM_IDLE_MS)
    if (!(Number.isFinite(idle) && idle >= 0))
      throw new RangeError(`Invalid platform idle time ${String(options.idle)}: expected a duration such as "30m", or 0 for never`)
    this.#max = max
    this.#memory = options.memory
    this.#idle = idle
    this.#now = options.now ?? Date.now
    this.#timers = options.timers ?? globalTimers
    this.#create = options.create ?? createMockPlatform
    this.#origin = options.origin
    this.#firstScenario = options.firstScenario
    this.#policy = options.policy ?? {}
    this.#requestMemory = options.requestMemory
    this.#start = options.start
    this.#started = this.#now()
  }

  /** How many platforms there are now, the first included. */
  get size(): number {
    return this.#entries.size + 1
  }

  /** The most platforms at once. */
  get max(): number {
    return this.#max
  }

  /**
   * Creates a platform from a `POST /_docplat/platforms` body. Refuses a malformed body (400,
   * naming the field), a full host (429) and a host over its memory bound (507), creating nothing.
   */
  create(body: unknown): HostedPlatform {
    if (this.#closed) throw new HttpError(503, 'The server is stopping: no new platforms')
    const parsed = NewPlatformBody.safeParse(body ?? {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const field = issue.path.length > 0 ? issue.path.join('.') : 'body'
      const unknown = issue.code === 'unrecognized_keys' ? ` (unknown: ${issue.keys.join(', ')})` : ''
      throw new HttpError(400, `Invalid platform ${field}: ${issue.message}${unknown}`)
    }
    const input = parsed.data
    if (input.from !== undefined) {
      const fixed = (['scenario', 'seed', 'clock'] as const).find((field) => input[field] !== undefined)
      if (fixed !== undefined)
        throw new HttpError(
          400,
          `Invalid platform ${fixed}: a platform "from": "server" starts from the server's state, which fixes its ${fixed}`,
        )
      if (!this.#start)
        throw new HttpError(
          400,
          'Invalid platform from: this server was given no starting state to share (startMockServer platforms.start)',
        )
    }
    const now = input.clock?.now
    const outOfRange = now === undefined ? undefined : clockRangeRefusal(new Date(now).getTime(), `clock.now ${JSON.stringify(now)}`)
    if (outOfRange !== undefined) throw new HttpError(400, `Invalid platform ${outOfRange}`)
    if (this.size >= this.#max)
      throw new HttpError(
        429,
        `This server already hosts ${this.size} platforms, its most (--max-platforms ${this.#max}): end one (DELETE /_docplat/platforms/{id}) or raise the limit`,
      )
    const memory = this.#memory
    if (memory && memory.used() >= memory.limit)
      throw new HttpError(
        507,
        `This server's memory is at its bound (${mib(memory.used())} used of ${mib(memory.limit)}): end platforms (DELETE /_docplat/platforms/{id}) or raise --max-platform-memory`,
      )
    let id: string
    do id = `p${cryptoSecrets.string(15)}`
    while (this.#entries.has(id))
    const baseUrl = `${this.#origin()}${PLATFORMS_PREFIX}${id}`
    const asked = input.options?.requestJournal
    const shared = this.#requestMemory
    const requestJournal = asked === false ? false : shared ? new ByteBudget(Math.min(asked ?? shared.limit, shared.limit), shared) : asked
    // Built (once) only now that nothing else refuses the request: the first such platform pays for it.
    const start = input.from === 'server' ? this.#start?.() : undefined
    if (input.from === 'server' && !start) throw new HttpError(503, 'The server is still starting: try again once it answers')
    const scenario = start ? this.#firstScenario : (input.scenario ?? 'demo')
    const platform = this.#create({
      // The server's policy first: nothing a client sends when creating a platform may loosen it.
      ...this.#policy,
      ...(start ? { start } : { scenario: input.scenario ?? 'demo' }),
      ...(input.seed !== undefined ? { seed: input.seed } : {}),
      ...(now !== undefined ? { now } : {}),
      ...(input.clock?.frozen !== undefined ? { freeze: input.clock.frozen } : {}),
      ...(requestJournal !== undefined ? { requestJournal } : {}),
      baseUrl,
      // Every hosted platform gets fresh tokens and secrets: one platform's tokens are unknown in
      // every other, whatever seed both were given.
      scenarioTokens: 'random',
    })
    const at = this.#now()
    const entry: Entry = {
      id,
      platform,
      baseUrl,
      controlUrl: `${baseUrl}/_docplat`,
      scenario,
      from: input.from,
      seed: input.seed,
      createdAt: at,
      lastUsed: at,
      inFlight: 0,
    }
    this.#entries.set(id, entry)
    this.#schedule()
    return entry
  }

  /** The platform `id` (and marks it used now), or `undefined` when there is none (never was, ended, expired). */
  get(id: string): HostedPlatform | undefined {
    const entry = this.#entries.get(id)
    if (entry) entry.lastUsed = this.#now()
    return entry
  }

  /**
   * The platform `id` for a request that begins now, or `undefined` when there is none: it does not
   * expire until `finished` is called (once the answer is out), which marks it used again.
   */
  begin(id: string): { hosted: HostedPlatform; finished: () => void } | undefined {
    const entry = this.#entries.get(id)
    if (!entry) return undefined
    entry.lastUsed = this.#now()
    entry.inFlight++
    let done = false
    const finished = () => {
      if (done) return
      done = true
      entry.inFlight--
      entry.lastUsed = this.#now()
    }
    return { hosted: entry, finished }
  }

  /** The hosted platforms, by creation (the server's first one is not among them). */
  list(): HostedPlatform[] {
    return [...this.#entries.values()]
  }

  /** Every platform as `GET /_docplat/platforms` lists it: the first one (`default`), then the hosted ones. */
  infos(): PlatformInfo[] {
    const origin = this.#origin()
    const first: PlatformInfo = {
      id: FIRST_PLATFORM,
      baseUrl: origin,
      controlUrl: `${origin}/_docplat`,
      scenario: this.#firstScenario,
      createdAt: new Date(this.#started).toISOString(),
      lastUsedAt: new Date(this.#now()).toISOString(),
    }
    return [first, ...this.list().map(platformInfo)]
  }

  /**
   * Ends a hosted platform: it answers no more requests (404), its request log and faults are
   * cleared, and nothing of it is kept. The first platform cannot be ended (409).
   */
  end(id: string): void {
    if (id === FIRST_PLATFORM)
      throw new HttpError(
        409,
        "The server's first platform cannot be ended: it lives as long as the server (POST /_docplat/reset empties it)",
      )
    const entry = this.#entries.get(id)
    if (!entry) throw new HttpError(404, `No platform ${JSON.stringify(id)} on this server (it was ended, expired, or never created)`)
    this.#remove(entry)
  }

  /** Ends every hosted platform that has had no request for the idle time. Returns their IDs. */
  sweep(): string[] {
    if (this.#idle === 0) return []
    const now = this.#now()
    const ended: string[] = []
    for (const entry of this.#entries.values()) {
      if (entry.inFlight > 0 || now - entry.lastUsed < this.#idle) continue
      this.#remove(entry)
      ended.push(entry.id)
    }
    return ended
  }

  /** Ends every hosted platform and stops the sweep. */
  close(): void {
    this.#closed = true
    for (const entry of [...this.#entries.values()]) this.#remove(entry)
  }

  #remove(entry: Entry): void {
    this.#entries.delete(entry.id)
    // In-flight requests finish on the platform they hold; what it kept is let go now.
    entry.platform.faults.clear()
    entry.platform.requests.clear()
    // Its share stops counting against the server's budget, which no longer holds on to its logs.
    entry.platform.requests.budget.detach()
    if (this.#entries.size === 0) this.#unschedule()
  }

  /** The sweep runs only while there are hosted platforms to expire. */
  #schedule(): void {
    if (this.#sweeper !== undefined || this.#idle === 0) return
    this.#sweeper = this.#timers.setInterval(() => this.sweep(), Math.min(60_000, Math.max(1_000, this.#idle / 4)))
  }

  #unschedule(): void {
    if (this.#sweeper === undefined) return
    this.#timers.clearInterval(this.#sweeper)
    this.#sweeper = undefined
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`
