#!/usr/bin/env node
import nodeModule from 'node:module'
import pkg from '../../package.json' with { type: 'json' }
import { parseCommandLine, UsageError, USAGE, type Command } from './args.ts'

/** Exit codes: 1 when serving failed (port taken, unusable state file), 2 for a bad command line. */
const EXIT_FAILURE = 1
const EXIT_USAGE = 2

async function main(argv: readonly string[]): Promise<number | undefined> {
  let command: Command
  try {
    command = parseCommandLine(argv, process.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`docplat-mock: ${error.message}\n\n${USAGE}`)
    return EXIT_USAGE
  }
  if (command.command === 'help') {
    process.stdout.write(USAGE)
    return 0
  }
  if (command.command === 'version') {
    process.stdout.write(`${pkg.version}\n`)
    return 0
  }
  cacheCompiledCode()
  if (command.command === 'capture') {
    const { runCapture } = await import('./capture/cli.ts')
    return runCapture(command.options)
  }
  if (command.command === 'dev') {
    const { startDeveloping } = await import('./dev-command.ts')
    const developing = await startDeveloping(command.options, (text) => process.stdout.write(text))
    if (!developing.ok) return fail(developing.message)
    onShutdown(developing.stop)
    return undefined
  }
  // Loaded only to serve, so --help, --version and usage errors answer at once.
  const { startServing } = await import('./serve.ts')
  const serving = await startServing(command.options)
  if (!serving.ok) return fail(serving.message)
  // Handlers first: whoever reads the banner may signal at once.
  const shutdown = onShutdown(serving.stop)
  if (startedByNpm(process.env)) stopWhenOrphaned(shutdown)
  process.stdout.write(serving.banner)
  return undefined
}

/**
 * Keeps V8's compiled code of the modules loaded from here on disk (Node's compile cache, in the
 * system's temporary folder), so every start after the first skips compiling them again: about
 * half the time to the first answer from the sources, as `npm start` runs (docs/performance.md,
 * "Cold start"). As TypeScript's own CLI does; `NODE_DISABLE_COMPILE_CACHE=1` turns it off and
 * `NODE_COMPILE_CACHE=<dir>` moves it. Node 20 has no compile cache: there it does nothing.
 */
function cacheCompiledCode(): void {
  ;(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.()
}

function fail(message: string): number {
  process.stderr.write(`docplat-mock: ${message}\n`)
  return EXIT_FAILURE
}

/** Signals this close together are one stop request delivered twice. */
const SAME_SIGNAL_MS = 500

/**
 * Stops cleanly on SIGINT/SIGTERM (and when orphaned, see {@link stopWhenOrphaned}): close the
 * server, finish the state write, exit 0. A second signal means the user does not want to wait.
 */
function onShutdown(stop: () => Promise<void>): (signal: NodeJS.Signals | 'orphaned') => void {
  let stopping: number | undefined
  const handle = (signal: NodeJS.Signals | 'orphaned') => {
    // Under `npm start`, one Ctrl+C arrives twice: from the terminal and forwarded by npm. A
    // person's second Ctrl+C comes later than that.
    if (stopping !== undefined && (signal === 'orphaned' || performance.now() - stopping < SAME_SIGNAL_MS)) return
    if (stopping !== undefined) {
      process.stderr.write(`docplat-mock: ${signal} again, exiting without waiting\n`)
      process.exit(EXIT_FAILURE)
    }
    stopping = performance.now()
    process.stderr.write(
      signal === 'orphaned' ? 'docplat-mock: npm, which started it, has exited: stopping...\n' : 'docplat-mock: stopping...\n',
    )
    stop().then(
      () => exit(0),
      (error: unknown) => {
        process.stderr.write(`docplat-mock: failed to stop cleanly: ${String((error as Error)?.message ?? error)}\n`)
        exit(EXIT_FAILURE)
      },
    )
  }
  process.on('SIGINT', handle)
  process.on('SIGTERM', handle)
  return handle
}

/**
 * Whether npm (`npx`, `npm exec`, `npm run`) started this process: npm sets `npm_command` and
 * `npm_lifecycle_event` in the environment of what it runs (`exec` and `npx` under `npx`).
 */
function startedByNpm(env: NodeJS.ProcessEnv): boolean {
  return env.npm_command !== undefined || env.npm_lifecycle_event !== undefined
}

/** How often the parent is looked at: one system call, so a stop follows npm's within a fraction of a second. */
const PARENT_POLL_MS = 250

/**
 * Stops the server once the process that started it is gone. npm runs a bin through `sh -c`,
 * and on SIGTERM the shell dies without passing the signal on and npm exits after it: the
 * server, re-parented, would keep its port and its caller's pipes open. Its parent changing is
 * the one sign left. A server started directly (`docplat-mock serve &`, `nohup`) is not watched,
 * so it still outlives its shell.
 */
function stopWhenOrphaned(stop: (reason: 'orphaned') => void): void {
  const parent = process.ppid
  const watch = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(watch)
    // The caller's pipes may have closed with it: a failed write must not end the clean stop.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined)
    stop('orphaned')
  }, PARENT_POLL_MS)
  watch.unref()
}

/** Lets pending output drain, but does not let a stray handle keep a stopped server alive. */
function exit(code: number): void {
  process.exitCode = code
  setTimeout(() => process.exit(code), 1_000).unref()
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) exit(code)
  },
  (error: unknown) => {
    process.stderr.write(`docplat-mock: ${String((error as Error)?.stack ?? error)}\n`)
    exit(EXIT_FAILURE)
  },
)
