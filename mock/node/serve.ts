import { resolve as absolute } from 'node:path'
import { ByteBudget } from '../base/byte-budget.ts'
import type { PlainAnswer, PlainRequest } from '../core.ts'
import { assemblePlatform, type MockPlatform } from '../platform.ts'
import type { LoggedRequest } from '../base/request-log.ts'
import { describeMiss } from '../verify/verify.ts'
import type { ServeOptions } from './args.ts'
import { formatBanner, usableTokens } from './banner.ts'
import { isLoopbackHost } from '../base/loopback.ts'
import { formatRequestLine, lineWriter } from '../http/access-log.ts'
import { startMockServer, type MockServer } from '../http/server.ts'
import { openStateJournal, readStateOnDisk, type StateJournal, type StateOnDisk } from './state-journal.ts'
import { StateFileError } from './state-file.ts'
import type { PlatformPolicy } from '../host/platforms.ts'
import { loggerAt, mockLog } from '../base/logger.ts'
import type { SharedStart } from '../scenarios/shared-start.ts'

/** A started `serve`, or why it could not start. */
export type Serving =
  | {
      ok: true
      /** What to print: URL, tokens, an SDK snippet. */
      banner: string
      /** Closes the server, then finishes the state write. */
      stop(): Promise<void>
    }
  | { ok: false; message: string }

/**
 * Starts `docplat-mock serve`: listens, builds or restores the platform, and keeps the state file
 * up to date. Resolves with the start message and a `stop`, or with why it could not start.
 */
export async function startServing(options: ServeOptions): Promise<Serving> {
  // The server listens first, so the platform's own URLs (`urls.location`) can name the real port
  // even with --port 0; requests that arrive meanwhile wait for the platform.
  let resolveStarted!: (platform: MockPlatform) => void
  let rejectStarted!: (error: unknown) => void
  const started = new Promise<MockPlatform>((resolve, reject) => {
    resolveStarted = resolve
    rejectStarted = reject
  })
  // Once started, requests call it without waiting on the promise again.
  let ready: MockPlatform | undefined
  void started.then(
    (started) => void (ready = started),
    () => undefined,
  )
  /** The platform's core, once there is a platform. */
  const handle = async (request: PlainRequest): Promise<PlainAnswer> => (ready ?? (await started)).handle(request)
  let journal: StateJournal | undefined
  let server: MockServer
  const log = options.log
  const lines = lineWriter(process.stdout)
  // The request memory: one budget for every platform's request log and the server's exchanges
  // (`--request-journal`, the public name).
  const requestMemory = new ByteBudget(options.requestJournal)
  // What every platform takes from the server's flags, the first and every hosted one.
  const policy = platformPolicy(options, (entry) => void strictStop(entry))
  /** What `"from": "server"` platforms share: the first platform's state as it started, set once it has. */
  let startingState: (() => SharedStart) | undefined
  try {
    server = await startMockServer({
      requestJournal: requestMemory,
      logger: policy.logger,
      platforms: { ...options.platforms, policy, start: () => startingState?.() },
      host: options.host,
      port: options.port,
      timeouts: options.timeouts,
      ...(options.cors !== undefined ? { cors: options.cors } : {}),
      ...(options.allowedHosts !== undefined ? { allowedHosts: options.allowedHosts } : {}),
      control: {
        platform: started,
        scenario: options.scenario,
        ...(options.controlToken !== undefined ? { token: options.controlToken } : {}),
        // Control-plane changes (users, clock, settled deliveries) are made outside any operation:
        // the whole state is written before the control plane answers. A reset or a restore
        // reaches the state journal through the platform's state lifecycle.
        onChange: () => journal?.checkpoint(),
      },
      ...(log !== 'quiet' ? { onRequest: (entry) => lines.write(formatRequestLine(entry, log)) } : {}),
      platform: { handle },
      // The answer leaves only once what the request changed is in the state file.
      ...(options.state !== undefined ? { persist: saveChanges } : {}),
    })
  } catch (error) {
    return { ok: false, message: listenFailure(error as NodeJS.ErrnoException, options) }
  }

  /** Saves what a request changed to the state file, once the journal is open. */
  async function saveChanges(): Promise<void> {
    await journal?.commit()
  }

  // The file is read before the platform is made: one it holds is not built from the scenario
  // only to be replaced (the demo's build was a tenth of a large file's start).
  let onDisk: StateOnDisk | undefined
  if (options.state !== undefined) {
    try {
      onDisk = await readStateOnDisk(options.state)
    } catch (error) {
      rejectStarted(error)
      await server.close()
      return { ok: false, message: stateFailure(error, options.state) }
    }
  }
  // Off loopback no token derives from the seed: the default seed's tokens are printed in the
  // docs, and any seed can be tested offline against a public ID it also makes.
  const freshTokens = !isLoopbackHost(options.host)
  const { platform, lifecycle } = assemblePlatform({
    ...policy,
    scenario: options.scenario,
    baseUrl: server.url,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(freshTokens ? { scenarioTokens: 'random' as const } : {}),
    requestJournal: requestMemory,
    replacedAtStart: onDisk?.snapshot !== undefined,
  })
  /** `--strict`: the first near miss is printed, answered, then the server stops and the process exits 1. */
  let strictStopping = false
  async function strictStop(entry: LoggedRequest): Promise<void> {
    if (strictStopping) return
    // Beyond loopback anyone may send a request: only a caller holding one of a platform's tokens
    // is the test run whose mistakes --strict is there to stop; the others stay near misses in the log.
    if (!isLoopbackHost(options.host) && entry.tokenName === undefined) return
    strictStopping = true
    process.stderr.write(`docplat-mock: --strict: unmatched request: ${describeMiss(entry)}\n`)
    process.exitCode = 1
    // A turn later: the request's own answer is on its way first.
    await new Promise((resolve) => setImmediate(resolve))
    await server.close()
    lines.flush()
    await journal?.close()
  }
  const abort = async (message: string, error: unknown): Promise<Serving> => {
    rejectStarted(error)
    await server.close()
    return { ok: false, message }
  }
  try {
    await platform.ready
  } catch (error) {
    return abort(`Cannot build the ${options.scenario} scenario: ${(error as Error).message}`, error)
  }
  if (options.state !== undefined && onDisk !== undefined) {
    try {
      journal = await openStateJournal(platform, lifecycle, onDisk, mockLog(policy.logger))
    } catch (error) {
      return abort(stateFailure(error, options.state), error)
    }
    // The parsed file is the platform's now: not kept twice.
    onDisk = undefined
  }
  const restored = journal?.restored ?? false
  // A reset (POST /_docplat/reset) returns to the state file's state at start, not the scenario's.
  if (restored) lifecycle.keepAsInitial()
  startingState = () => lifecycle.startingState()
  resolveStarted(platform)

  return {
    ok: true,
    banner: formatBanner({
      url: server.url,
      scenario: options.scenario,
      seed: options.seed,
      freshTokens: freshTokens && !restored,
      state: options.state === undefined ? undefined : { file: absolute(options.state), restored },
      tokens: usableTokens(platform),
    }),
    async stop() {
      await server.close()
      lines.flush()
      await journal?.close()
    },
  }
}

/**
 * The options every platform of the server takes from its flags: tunnels (`--tunnel-allow`, and
 * loopback only when listening on loopback, or an organization admin's tunnel would read this
 * machine's local services) and `--strict`. The one place they are decided, for the first platform
 * and for every platform created over HTTP.
 */
function platformPolicy(options: ServeOptions, onStrictMiss: (entry: LoggedRequest) => void): PlatformPolicy {
  return {
    tunnelAllow: options.tunnelAllow,
    tunnelLoopback: isLoopbackHost(options.host),
    ...(options.strict ? { onUnmatched: onStrictMiss } : {}),
    logger: loggerAt(options.logLevel ?? 'warn'),
  }
}

/** Why a `--state` file cannot be used, naming it. */
function stateFailure(error: unknown, file: string): string {
  return error instanceof StateFileError ? error.message : `Cannot use the state file ${absolute(file)}: ${(error as Error).message}`
}

function listenFailure(error: NodeJS.ErrnoException, options: ServeOptions): string {
  const where = `${options.host}:${options.port}`
  if (error.code === 'EADDRINUSE')
    return `Port ${options.port} is already in use on ${options.host} (pick another with --port, or --port 0 for a free one)`
  if (error.code === 'EACCES') return `Not allowed to listen on ${where} (ports below 1024 need privileges; try --port 4010)`
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return `Cannot listen on ${where}: no such local address (check --host)`
  return `Cannot listen on ${where}: ${error.message}`
}
