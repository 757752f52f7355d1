import { ConfigurationError } from './errors.ts'

/** How much the SDK logs, from nothing to everything: each level includes those before it. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug'

/** Where the SDK's log messages go: `console`, a pino or winston logger, or any object with these four methods. */
export interface Logger {
  /** Headers (`Authorization: Bearer ***`) and bodies of each attempt. */
  debug(message: string): void
  /** One line per attempt: operation, method, path, status, duration, attempt, request id. */
  info(message: string): void
  /** Retries, and a `Retry-After` the SDK waits out or refuses to. */
  warn(message: string): void
  /** Calls that end without a usable answer: no connection, a timeout, a 5xx. */
  error(message: string): void
}

const LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug']

/**
 * The log of one client. `level` is a number, so that a disabled message costs one comparison:
 * callers check `log.level >= INFO` before building any text.
 * @internal
 */
export interface Log {
  readonly level: number
  readonly logger: Logger
}

/** @internal */
export const ERROR = 1
/** @internal */
export const WARN = 2
/** @internal */
export const INFO = 3
/** @internal */
export const DEBUG = 4

/**
 * The client's log: `logLevel` wins over the `DOCPLAT_LOG` variable, whose unknown values are
 * reported (at `warn`) and ignored rather than failing a program that only reads them.
 * @internal
 */
export function createLog(given: LogLevel | undefined, fromEnv: string | undefined, logger: Logger | undefined): Log {
  const out = logger ?? console
  if (given !== undefined && !LEVELS.includes(given)) {
    throw new ConfigurationError(`Invalid logLevel ${JSON.stringify(given)}: use one of ${LEVELS.map((l) => `'${l}'`).join(', ')}.`)
  }
  if (
    logger !== undefined &&
    (typeof logger !== 'object' ||
      logger === null ||
      !['debug', 'info', 'warn', 'error'].every((m) => typeof (logger as unknown as Record<string, unknown>)[m] === 'function'))
  ) {
    throw new ConfigurationError('Invalid logger: give an object with debug, info, warn and error methods (console, pino, winston).')
  }
  let level = LEVELS.indexOf(given ?? 'warn')
  if (given === undefined && fromEnv !== undefined) {
    const index = LEVELS.indexOf(fromEnv.trim().toLowerCase() as LogLevel)
    if (index >= 0) level = index
    else out.warn(`docplat: ignoring DOCPLAT_LOG=${JSON.stringify(fromEnv)}: use one of ${LEVELS.join(', ')}.`)
  }
  return { level, logger: out }
}
