import { parseArgs } from 'node:util'
import { CAPTURE_USAGE, parseCaptureArgs, type CaptureCliOptions } from './capture/args.ts'
import { isLoopbackHost as isLoopback } from '../base/loopback.ts'
import { parseDuration } from '../base/clock.ts'
import { allowedHost, normalizeOrigin } from '../http/cors.ts'
import type { LogLevel } from '../../src/core/logger.ts'

/** What `docplat-mock serve` was asked to do. */
export interface ServeOptions {
  port: number
  host: string
  scenario: 'demo' | 'empty'
  /** `undefined` keeps the platform's default seed, whose tokens `createMockPlatform` also gives. */
  seed: string | undefined
  state: string | undefined
  /** Hosts besides loopback that development-mode tunnels may reach (`--tunnel-allow a,b`). */
  tunnelAllow: string[]
  /** `true` any origin, a list (besides loopback origins), `false` off; `undefined` is the default (loopback origins). */
  cors: boolean | string[] | undefined
  /** Host names answered besides loopback names, IP addresses and the server's own (`--allowed-host`); `true` any. */
  allowedHosts?: true | string[] | undefined
  /** Secret of the control plane; required off loopback. */
  controlToken: string | undefined
  /** `--strict`: the first near miss (no operation, refused by validation or authentication, an unknown body field) stops the server, exit code 1. */
  strict?: boolean
  /** How each request is printed on stdout. */
  log: 'text' | 'json' | 'quiet'
  /** Which of the mock's own messages reach stderr (`--log-level`): `off` none; default `warn`. */
  logLevel?: LogLevel | undefined
  /** Server time limits in milliseconds (`--headers-timeout`, `--request-timeout`, `--idle-timeout`, `--linger-timeout`). */
  timeouts: { headers?: number; request?: number; idle?: number; linger?: number }
  /** Bytes kept about past requests (`--request-journal`), `0` for none; `undefined` is the default, 32 MiB. */
  requestJournal?: number | undefined
  /** Platforms created over HTTP (`--max-platforms`, `--max-platform-memory`, `--platform-idle`); unset keeps the defaults. */
  platforms?: { max?: number; memory?: number; idle?: number } | undefined
}

/** A parsed command line. */
export type Command =
  | { command: 'serve'; options: ServeOptions }
  | { command: 'capture'; options: CaptureCliOptions }
  | { command: 'dev'; options: DevCliOptions }
  | { command: 'help' }
  | { command: 'version' }

/** What `docplat-mock dev` was asked to do. */
export interface DevCliOptions {
  /** The manifest or its folder (default: the current folder). */
  manifest: string
  /** A running `docplat-mock serve` (its URL); `undefined` starts a server of its own. */
  server: string | undefined
  /** The author's token (`--token`); `undefined` reads the platform CLI's own (`gitbook auth`). */
  token: string | undefined
  /** Port of the server it starts itself (default 4010). */
  port: number
  all: boolean
}

/** A command line that cannot be run; the CLI prints the message and the usage, and exits with 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

export const USAGE = `Usage: docplat-mock serve [options]
       docplat-mock capture --base <url> --token <token> --out <state.json> [options]
       docplat-mock dev [manifest] [--server <url>] [--token <token>] [--all]
       docplat-mock --help | --version

Serves a stateful mock of the whole docplat platform over HTTP.

Options of serve:
  --port <n>           TCP port, 0 picks a free one (default 4010)
  --host <address>     interface to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --scenario <name>    initial data: demo or empty (default demo)
  --seed <text>        seed of IDs, and of tokens on loopback (default: the same as
                       createMockPlatform; off loopback, tokens are fresh on every start)
  --state <file.json>  keep the state in this file: restored on start, saved after each change
  --tunnel-allow <h,...>  hosts besides loopback that development tunnels may reach (off
                          loopback, loopback itself only when named here)
  --cors-origin <origin,...>  browser origins allowed besides pages served from loopback
                       (http://localhost:5173, any port); * for any origin; also --cors
  --no-cors            send no CORS headers, and refuse requests from other origins
  --allowed-host <h,...>  host names answered besides loopback names, IP addresses and
                       the server's own (.example.test for subdomains too; * for any)
  --control-token <s>  secret of the control plane /_docplat/ (required unless on loopback;
                       or set DOCPLAT_CONTROL_TOKEN)
  --log <text|json>    how each request is printed on stdout (default text)
  --quiet              print no line per request
  --log-level <level>  the mock's own messages on stderr (a 500 it answered, a state file it
                       could not write): off, error, warn, info or debug (default warn)
  --strict             stop with exit code 1 at the first request that matches no operation,
                       is refused by validation or authentication, or has a body field its
                       operation does not take (after answering it), on any platform; off
                       loopback, only one carrying a platform's token
  --headers-timeout <ms>  time a client has to send request headers (default 10000)
  --request-timeout <ms>  time a client has to send a whole request (default 30000)
  --idle-timeout <ms>     a silent connection is closed after this (default 30000)
  --linger-timeout <ms>   after an error answer, the connection is cut after this, whatever
                          the client sends (default 2000)
  --request-journal <size|off>  memory kept about past requests (request log, inspector),
                       oldest first: 512kb, 32mb (default), 1gb; off keeps none
  --max-platforms <n>  most platforms at once (POST /_docplat/platforms), the first
                       included (default 100); more are refused with 429
  --max-platform-memory <size>  memory in use (old generation, plus what the request
                       journal may still fill) at which new platforms are refused with 507
                       (default three quarters of the old space); a shared starting
                       state counts once, each platform what it adds
  --platform-idle <duration>  a created platform unused this long is ended: 90s, 30m
                       (default), 2h; 0 never
Options of dev (runs an integration's code offline, as the platform's CLI dev does):
  [manifest]           gitbook-manifest.yaml or its folder (default: the current folder)
  --server <url>       a running docplat-mock serve (default: the endpoint of gitbook auth
                       when it is not the live service, else a server of its own on --port)
  --token <token>      an admin token of the manifest's organization (default: GITBOOK_TOKEN,
                       else the token gitbook auth stored)
  --all                dispatch every organization's events, not only the owner's

  -h, --help           show this help
  --version            show the version

${CAPTURE_USAGE.slice(CAPTURE_USAGE.indexOf('Options of capture:'))}`

const SCENARIOS = ['demo', 'empty'] as const

/** Parses the arguments after `docplat-mock` (`process.argv.slice(2)`). */
export function parseCommandLine(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): Command {
  // capture has options of its own; it is named first, as the usage shows.
  if (argv[0] === 'capture' && !argv.includes('--help') && !argv.includes('-h')) {
    try {
      return { command: 'capture', options: parseCaptureArgs(argv.slice(1), env) }
    } catch (error) {
      throw usageOf(error)
    }
  }
  if (argv[0] === 'dev' && !argv.includes('--help') && !argv.includes('-h')) return { command: 'dev', options: parseDevArgs(argv.slice(1)) }
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
        'tunnel-allow': { type: 'string', multiple: true },
        cors: { type: 'string', multiple: true },
        'cors-origin': { type: 'string', multiple: true },
        'no-cors': { type: 'boolean' },
        'allowed-host': { type: 'string', multiple: true },
        'control-token': { type: 'string' },
        log: { type: 'string' },
        quiet: { type: 'boolean' },
        'log-level': { type: 'string' },
        strict: { type: 'boolean' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'idle-timeout': { type: 'string' },
        'linger-timeout': { type: 'string' },
        'request-journal': { type: 'string' },
        'max-platforms': { type: 'string' },
        'max-platform-memory': { type: 'string' },
        'platform-idle': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    })
  } catch (error) {
    // parseArgs explains well (`Unknown option '--prot'`); its advice about `--` does not apply here.
    throw usageOf(error)
  }
  const { values, positionals } = parsed
  if (values.help) return { command: 'help' }
  if (values.version) return { command: 'version' }
  const [command, ...extra] = positionals
  if (command === undefined) throw new UsageError('Missing command: docplat-mock serve')
  if (command !== 'serve') throw new UsageError(`Unknown command "${command}": the commands are serve and capture`)
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`)
  const host = text('--host', values.host) ?? '127.0.0.1'
  const controlToken = text('--control-token', values['control-token']) ?? (env.DOCPLAT_CONTROL_TOKEN || undefined)
  if (controlToken === undefined && !isLoopback(host)) {
    throw new UsageError(
      `--host ${host} makes the control plane (/_docplat/) reachable from other machines: give it a secret with --control-token <secret> (or DOCPLAT_CONTROL_TOKEN)`,
    )
  }
  return {
    command: 'serve',
    options: {
      port: port(values.port),
      host,
      scenario: scenario(values.scenario),
      seed: text('--seed', values.seed),
      state: text('--state', values.state),
      tunnelAllow: hosts(values['tunnel-allow']),
      cors: cors([...(values.cors ?? []), ...(values['cors-origin'] ?? [])], values['no-cors']),
      ...allowedHosts(values['allowed-host']),
      controlToken,
      ...(values.strict ? { strict: true } : {}),
      log: log(values.log, values.quiet),
      ...logLevel(values['log-level']),
      timeouts: {
        ...milliseconds('headers', '--headers-timeout', values['headers-timeout']),
        ...milliseconds('request', '--request-timeout', values['request-timeout']),
        ...milliseconds('idle', '--idle-timeout', values['idle-timeout']),
        ...milliseconds('linger', '--linger-timeout', values['linger-timeout']),
      },
      requestJournal: byteSize('--request-journal', values['request-journal']),
      platforms: platformLimits(values['max-platforms'], values['max-platform-memory'], values['platform-idle']),
    },
  }
}

function platformLimits(max: string | undefined, memory: string | undefined, idle: string | undefined): ServeOptions['platforms'] {
  const limits: NonNullable<ServeOptions['platforms']> = {}
  if (max !== undefined) {
    if (!/^\d{1,6}$/.test(max) || Number(max) < 1)
      throw new UsageError(`Invalid --max-platforms "${max}": expected a whole number, 1 or more (the server's first platform counts)`)
    limits.max = Number(max)
  }
  const bytes = byteSize('--max-platform-memory', memory)
  if (bytes !== undefined) {
    if (bytes === 0) throw new UsageError(`Invalid --max-platform-memory "${memory}": expected a size such as 512mb or 2gb`)
    limits.memory = bytes
  }
  if (idle !== undefined) {
    let ms: number
    try {
      ms = /^\d+$/.test(idle.trim()) ? Number(idle) : parseDuration(idle)
    } catch {
      ms = Number.NaN
    }
    if (!(Number.isFinite(ms) && ms >= 0))
      throw new UsageError(`Invalid --platform-idle "${idle}": expected a duration such as 90s, 30m or 2h, or 0 for never`)
    limits.idle = ms
  }
  return Object.keys(limits).length > 0 ? limits : undefined
}

/** `--cors` and `--cors-origin` (the same, repeatable): origins allowed besides loopback ones. */
function cors(values: string[], off: boolean | undefined): ServeOptions['cors'] {
  if (off && values.length > 0) throw new UsageError('--cors-origin and --no-cors contradict each other')
  if (off) return false
  if (values.length === 0) return undefined
  const origins = values
    .flatMap((value) => value.split(','))
    .map((origin) => origin.trim())
    .filter(Boolean)
  if (origins.length === 0)
    throw new UsageError('Invalid --cors-origin: give one or more origins, e.g. --cors-origin https://devbox.lan:5173')
  if (origins.includes('*')) return true
  for (const origin of origins) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin.toLowerCase() !== normalizeOrigin(origin)) {
      throw new UsageError(`Invalid --cors-origin "${origin}": expected scheme://host[:port], e.g. https://devbox.lan:5173`)
    }
  }
  return [...new Set(origins.map(normalizeOrigin))]
}

/** `--allowed-host devbox.lan,.example.test` (repeatable), or `*` for any. */
function allowedHosts(values: string[] | undefined): Pick<ServeOptions, 'allowedHosts'> {
  if (values === undefined) return {}
  const names = values
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean)
  if (names.length === 0) throw new UsageError('Invalid --allowed-host: give one or more host names, e.g. --allowed-host devbox.lan')
  if (names.includes('*')) return { allowedHosts: true }
  try {
    return { allowedHosts: [...new Set(names.map(allowedHost))] }
  } catch (error) {
    throw new UsageError(`Invalid --allowed-host ${(error as Error).message.replace(/^Invalid allowed host /, '')}`)
  }
}

function log(value: string | undefined, quiet: boolean | undefined): ServeOptions['log'] {
  if (quiet) return 'quiet'
  if (value === undefined || value === 'text') return 'text'
  if (value === 'json') return 'json'
  throw new UsageError(`Invalid --log "${value}": expected text or json`)
}

const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug']

function logLevel(value: string | undefined): { logLevel?: LogLevel } {
  if (value === undefined) return {}
  if ((LOG_LEVELS as readonly string[]).includes(value)) return { logLevel: value as LogLevel }
  throw new UsageError(`Invalid --log-level "${value}": expected ${LOG_LEVELS.join(', ')}`)
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

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1024,
  k: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  g: 1024 ** 3,
  gib: 1024 ** 3,
}

/** `512kb`, `32mb`, `1gb` (units of 1024, as memory is counted), bare bytes, or `off` for 0. */
function byteSize(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (/^(off|none|0)$/i.test(value.trim())) return 0
  const match = /^(\d{1,10}(?:\.\d{1,3})?)\s*([a-z]*)$/i.exec(value.trim())
  const unit = match ? UNITS[match[2]!.toLowerCase() || 'b'] : undefined
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : Number.NaN
  // More than the largest heap Node gives is a typo, not a budget.
  if (!(bytes >= 0 && bytes <= 64 * 1024 ** 3))
    throw new UsageError(`Invalid ${name} "${value}": expected a size such as 512kb, 32mb or 1gb (at most 64gb), or off`)
  return bytes
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

/** `--tunnel-allow a.test,b.test:8443` (repeatable): host names or host:port, lowercased. */
function hosts(values: string[] | undefined): string[] {
  const out: string[] = []
  for (const value of values ?? []) {
    for (const item of value.split(',')) {
      const host = item.trim().toLowerCase()
      if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host)) {
        throw new UsageError(`Invalid --tunnel-allow "${item}": expected host names (or host:port) separated by commas`)
      }
      out.push(host)
    }
  }
  return out
}

function parseDevArgs(argv: readonly string[]): DevCliOptions {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { server: { type: 'string' }, token: { type: 'string' }, port: { type: 'string' }, all: { type: 'boolean' } },
    })
  } catch (error) {
    throw usageOf(error)
  }
  const { values, positionals } = parsed
  if (positionals.length > 1) throw new UsageError(`dev takes one manifest, not ${positionals.length}`)
  if (values.server !== undefined && !URL.canParse(values.server)) throw new UsageError(`--server must be a URL: ${values.server}`)
  return {
    manifest: positionals[0] ?? '.',
    server: values.server,
    token: text('--token', values.token),
    port: values.port === undefined ? 4010 : port(values.port),
    all: values.all ?? false,
  }
}

/** A `parseArgs` refusal as the CLI says it: node:util's hint about positional arguments left out. */
function usageOf(error: unknown): UsageError {
  return new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
}
