import { parseArgs } from 'node:util'

/** What `docplat-mock serve` was asked to do. */
export interface ServeOptions {
  port: number
  host: string
  scenario: 'demo' | 'empty'
  /** `undefined` keeps the platform's default seed, whose tokens `createMockPlatform` also gives. */
  seed: string | undefined
  state: string | undefined
  /** Server time limits in milliseconds (`--headers-timeout`, `--request-timeout`, `--idle-timeout`). */
  timeouts: { headers?: number; request?: number; idle?: number }
}

/** A parsed command line. */
export type Command = { command: 'serve'; options: ServeOptions } | { command: 'help' } | { command: 'version' }

/** A command line that cannot be run; the CLI prints the message and the usage, and exits with 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

export const USAGE = `Usage: docplat-mock serve [options]
       docplat-mock --help | --version

Serves a stateful mock of the whole docplat platform over HTTP.

Options of serve:
  --port <n>           TCP port, 0 picks a free one (default 4010)
  --host <address>     interface to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --scenario <name>    initial data: demo or empty (default demo)
  --seed <text>        seed of IDs and tokens (default: the same as createMockPlatform)
  --state <file.json>  keep the state in this file: restored on start, saved after each change
  --headers-timeout <ms>  time a client has to send request headers (default 10000)
  --request-timeout <ms>  time a client has to send a whole request (default 30000)
  --idle-timeout <ms>     a silent connection is closed after this (default 30000)
  -h, --help           show this help
  --version            show the version
`

const SCENARIOS = ['demo', 'empty'] as const

/** Parses the arguments after `docplat-mock` (`process.argv.slice(2)`). */
export function parseCommandLine(argv: readonly string[]): Command {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        scenario: { type: 'string' },
        seed: { type: 'string' },
        state: { type: 'string' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'idle-timeout': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    })
  } catch (error) {
    // parseArgs explains well (`Unknown option '--prot'`); its advice about `--` does not apply here.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
  const { values, positionals } = parsed
  if (values.help) return { command: 'help' }
  if (values.version) return { command: 'version' }
  const [command, ...extra] = positionals
  if (command === undefined) throw new UsageError('Missing command: docplat-mock serve')
  if (command !== 'serve') throw new UsageError(`Unknown command "${command}": the only command is serve`)
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`)
  return {
    command: 'serve',
    options: {
      port: port(values.port),
      host: text('--host', values.host) ?? '127.0.0.1',
      scenario: scenario(values.scenario),
      seed: text('--seed', values.seed),
      state: text('--state', values.state),
      timeouts: {
        ...milliseconds('headers', '--headers-timeout', values['headers-timeout']),
        ...milliseconds('request', '--request-timeout', values['request-timeout']),
        ...milliseconds('idle', '--idle-timeout', values['idle-timeout']),
      },
    },
  }
}

function port(value: string | undefined): number {
  if (value === undefined) return 4010
  const n = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN
  if (!(n >= 0 && n <= 65_535)) throw new UsageError(`Invalid --port "${value}": expected an integer from 0 to 65535`)
  return n
}

function milliseconds(key: string, name: string, value: string | undefined): Record<string, number> {
  if (value === undefined) return {}
  const n = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
  if (!(n > 0)) throw new UsageError(`Invalid ${name} "${value}": expected a positive number of milliseconds`)
  return { [key]: n }
}

function scenario(value: string | undefined): ServeOptions['scenario'] {
  if (value === undefined) return 'demo'
  if (!(SCENARIOS as readonly string[]).includes(value)) {
    throw new UsageError(`Invalid --scenario "${value}": expected one of ${SCENARIOS.join(', ')}`)
  }
  return value as ServeOptions['scenario']
}

function text(name: string, value: string | undefined): string | undefined {
  if (value !== undefined && value.trim() === '') throw new UsageError(`Invalid ${name}: must not be empty`)
  return value
}
