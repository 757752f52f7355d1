/**
 * The mock's one voice for its own messages (a bug of the mock answered with a 500, a state file
 * that could not be written, work after an answer that failed): every such message goes through a
 * {@link MockLog}, over the SDK's `Logger`, so a test or an app can take them
 * (`createMockPlatform({ logger })`) and the CLI can silence them (`--log-level off`). This is the
 * only module of the mock that writes to the console (biome.json, `noConsole`).
 */
import type { Logger, LogLevel } from '../../src/core/logger.ts'

/** What the mock says of itself. */
export interface MockLog {
  /** Something failed that the client cannot fix: `what` says what, `error` is the cause. */
  error(what: string, error?: unknown): void
}

const PREFIX = '[docplat mock]'
const LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug']

/**
 * Without a logger: stderr (the console in a browser), prefixed, with the error object itself, so
 * Node prints its stack and cause as it always did.
 */
const STDERR: MockLog = {
  error: (what, error) => (error === undefined ? console.error(`${PREFIX} ${what}`) : console.error(`${PREFIX} ${what}`, error)),
}

/** An error as one line of text and its stack: a `Logger` takes strings only. */
function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`
  return String(error)
}

/**
 * The mock's log over a `Logger` (without one: stderr with the `[docplat mock]` prefix). A logger
 * lacking one of the four methods is refused with a `TypeError` at once, not at its first message.
 */
export function mockLog(logger?: Logger): MockLog {
  if (logger === undefined) return STDERR
  if (
    typeof logger !== 'object' ||
    logger === null ||
    !['debug', 'info', 'warn', 'error'].every((m) => typeof (logger as unknown as Record<string, unknown>)[m] === 'function')
  ) {
    throw new TypeError('Invalid logger: give an object with debug, info, warn and error methods (console, pino, winston).')
  }
  return {
    error(what, error) {
      try {
        logger.error(error === undefined ? what : `${what} ${describe(error)}`)
      } catch {
        // Told of a failure while answering it: a logger that throws must not turn a 500 into a crash.
      }
    },
  }
}

/**
 * The `Logger` of the CLI's `--log-level`: stderr with the `[docplat mock]` prefix for the messages
 * at `level` and above (`off`: none). `undefined` for the default (`error`, and every level above
 * it that the mock uses: today its messages are all errors), which keeps stderr exactly as
 * without a logger.
 */
export function loggerAt(level: LogLevel): Logger | undefined {
  const at = LEVELS.indexOf(level)
  if (at < 0) throw new TypeError(`Invalid log level ${JSON.stringify(level)}: use one of ${LEVELS.join(', ')}`)
  if (at > 0) return undefined
  const silent = () => undefined
  return { debug: silent, info: silent, warn: silent, error: silent }
}
