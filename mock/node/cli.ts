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
  // Loaded only to serve, so --help, --version and usage errors answer at once.
  const { startServing } = await import('./serve.ts')
  const serving = await startServing(command.options)
  if (!serving.ok) return fail(serving.message)
  // Handlers first: whoever reads the banner may signal at once.
  onShutdown(serving.stop)
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
 * Stops cleanly on SIGINT/SIGTERM: close the server, finish the state write, exit 0. A second
 * signal means the user does not want to wait.
 */
function onShutdown(stop: () => Promise<void>): void {
  let stopping: number | undefined
  const handle = (signal: NodeJS.Signals) => {
    // Under `npm start`, one Ctrl+C arrives twice: from the terminal and forwarded by npm. A
    // person's second Ctrl+C comes later than that.
    if (stopping !== undefined && performance.now() - stopping < SAME_SIGNAL_MS) return
    if (stopping !== undefined) {
      process.stderr.write(`docplat-mock: ${signal} again, exiting without waiting\n`)
      process.exit(EXIT_FAILURE)
    }
    stopping = performance.now()
    process.stderr.write('docplat-mock: stopping...\n')
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
