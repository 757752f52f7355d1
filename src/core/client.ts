import { ConfigurationError } from './errors.ts'
import { createLog, type Log } from './logger.ts'
import type { Middleware } from './middleware.ts'
import { DEFAULT_BASE_URL, type ClientOptions, type FetchOptions, type RetryOptions, type TokenFunction } from './options.ts'
import { clientHeaders } from './user-agent.ts'

/**
 * The small core every operation runs on: a configured HTTP instance and the client's options.
 * Standalone operation functions take it as their first argument, so an app that imports one
 * operation ships only that operation.
 */
export interface Core {
  /**
   * The options the client was created with, defaults applied. The token is kept out of what
   * `console.log`, `util.inspect` and `JSON.stringify` print.
   */
  readonly options: Readonly<ClientOptions> & {
    /** The base URL in use, without a trailing slash. */
    readonly baseUrl: string
    /** Whether responses are validated. */
    readonly validate: boolean
    /** Milliseconds each attempt may take (`false`: no limit). */
    readonly timeout: number | false
    /** The retry settings in use, defaults applied. */
    readonly retry: { readonly [K in Exclude<keyof RetryOptions, 'delay'>]-?: Exclude<RetryOptions[K], undefined> } & Pick<
      RetryOptions,
      'delay'
    >
  }
  /** @internal */
  readonly runtime: Runtime
}

/**
 * What each request needs beside the options, resolved once: the SDK's own types only, so that
 * the HTTP library underneath stays out of the public declarations.
 * @internal
 */
export interface Runtime {
  /**
   * The token for the next attempt, checked (a static one was checked at creation). A closure,
   * so that printing the core never shows it.
   */
  readonly token: () => string | null | Promise<string>
  readonly fetch: ((input: Request, init?: RequestInit) => Promise<Response>) | undefined
  readonly fetchOptions: FetchOptions | undefined
  readonly headers: Record<string, string>
  readonly log: Log
  readonly middleware: readonly Middleware[]
}

const DEFAULT_TIMEOUT = 60_000
/** The largest delay `setTimeout` keeps: a longer one would fire at once. */
const MAX_TIMEOUT = 2_147_483_647

/** Reads an environment variable where the runtime has them (Node, Deno, Bun); never in a browser. */
function env(name: string): string | undefined {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
  const value = proc?.env?.[name]
  return value === '' ? undefined : value
}

/** The token to send (or the function giving it), or a {@link ConfigurationError} that says how to give one. */
function resolveToken(given: string | null | TokenFunction | undefined): string | null | TokenFunction {
  const token = given === undefined ? env('DOCPLAT_TOKEN') : given
  if (token === null || typeof token === 'function') return token
  if (token === undefined || token === '') {
    throw new ConfigurationError(
      'No API token: pass createClient({ token }) or set the DOCPLAT_TOKEN environment variable (token: null sends requests without one).',
    )
  }
  return checkToken(token)
}

/**
 * A token as it must be sent, else a {@link ConfigurationError}; the messages never quote it.
 * @internal
 */
export function checkToken(token: unknown, from = ''): string {
  if (typeof token !== 'string' || token === '') {
    throw new ConfigurationError(`The token${from} must be a non-empty string, not ${token === '' ? 'an empty one' : typeof token}.`)
  }
  if (/^bearer\b/i.test(token.trim())) {
    throw new ConfigurationError(
      `The token${from} starts with "Bearer ": pass the token alone (createClient({ token: "dpt_..." })); the SDK adds "Bearer " itself.`,
    )
  }
  if (/\s/.test(token))
    throw new ConfigurationError(`The token${from} contains whitespace (a newline read from a file or a variable?): pass the token alone.`)
  return token
}

/** The base URL without a trailing slash, or a {@link ConfigurationError} naming what is wrong. */
function resolveBaseUrl(given: string | undefined): string {
  const value = given ?? env('DOCPLAT_BASE_URL') ?? DEFAULT_BASE_URL
  const source = given !== undefined ? 'baseUrl' : env('DOCPLAT_BASE_URL') !== undefined ? 'DOCPLAT_BASE_URL' : 'baseUrl'
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (typeof value !== 'string' || !url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigurationError(
      `Invalid ${source} ${JSON.stringify(value)}: use an absolute http(s) URL, such as "http://127.0.0.1:4010" or "${DEFAULT_BASE_URL}".`,
    )
  }
  if (url.search || url.hash)
    throw new ConfigurationError(`Invalid ${source} ${JSON.stringify(value)}: a base URL has no query or fragment.`)
  const base = value.replace(/\/+$/, '')
  // Every operation's path starts with /v1: a base URL ending in it would call /v1/v1/... and 404.
  if (/\/v1$/i.test(new URL(base).pathname)) {
    throw new ConfigurationError(
      `Invalid ${source} ${JSON.stringify(value)}: drop the trailing /v1 (the SDK adds it to every path): use ${JSON.stringify(base.slice(0, -3))}.`,
    )
  }
  return base
}

function resolveTimeout(timeout: number | false | undefined): number | false {
  if (timeout === undefined) return DEFAULT_TIMEOUT
  if (timeout === false) return false
  if (typeof timeout !== 'number' || !(timeout > 0) || timeout > MAX_TIMEOUT) {
    throw new ConfigurationError(`Invalid timeout ${String(timeout)}: give milliseconds between 1 and ${MAX_TIMEOUT}, or false for none.`)
  }
  return timeout
}

/** Retry settings with defaults applied; `base` is the client's, `given` a call's override. */
export function resolveRetry(
  given: number | RetryOptions | undefined,
  timeout: number | false,
  base?: Core['options']['retry'],
): Core['options']['retry'] {
  const options = typeof given === 'number' ? { limit: given } : (given ?? {})
  const out = {
    limit: options.limit ?? base?.limit ?? 2,
    maxRetryAfter: options.maxRetryAfter ?? base?.maxRetryAfter ?? (timeout === false ? DEFAULT_TIMEOUT : timeout),
    backoffLimit: options.backoffLimit ?? base?.backoffLimit ?? 8_000,
    jitter: options.jitter ?? base?.jitter ?? true,
    ...((options.delay ?? base?.delay) ? { delay: options.delay ?? base?.delay } : {}),
  }
  if (!Number.isInteger(out.limit) || out.limit < 0)
    throw new ConfigurationError(`Invalid retry limit ${String(out.limit)}: give a whole number, 0 or more.`)
  if (typeof out.maxRetryAfter !== 'number' || !(out.maxRetryAfter >= 0)) {
    throw new ConfigurationError(`Invalid retry.maxRetryAfter ${String(out.maxRetryAfter)}: give milliseconds, 0 or more.`)
  }
  return out
}

/**
 * Creates the core without any namespaces: pair it with standalone operation functions.
 * Set-up mistakes (no token, a token given with `Bearer `, a base URL that is not an absolute
 * http(s) URL) throw a {@link ConfigurationError} at once.
 *
 * @example
 * ```ts
 * import { createCore, getSpaceById } from 'docplat'
 * const core = createCore({ token: process.env.DOCPLAT_TOKEN })
 * const space = await getSpaceById(core, { spaceId: 'abc' })
 * ```
 */
export function createCore(options: ClientOptions = {}): Core {
  const token = resolveToken(options.token)
  const baseUrl = resolveBaseUrl(options.baseUrl)
  const timeout = resolveTimeout(options.timeout)
  const retry = resolveRetry(options.retry, timeout)
  if (
    options.middleware !== undefined &&
    (!Array.isArray(options.middleware) || options.middleware.some((m) => typeof m !== 'object' || m === null))
  ) {
    throw new ConfigurationError('Invalid middleware: give an array of objects with onRequest, onResponse, onError or shouldRetry hooks.')
  }
  const runtime: Runtime = {
    token: typeof token === 'function' ? async () => checkToken(await token(), ' returned by the token function') : () => token,
    fetch: options.fetch,
    fetchOptions: options.fetchOptions,
    headers: { accept: 'application/json', ...clientHeaders(options.headers), ...options.headers },
    log: createLog(options.logLevel, env('DOCPLAT_LOG'), options.logger),
    middleware: options.middleware ?? [],
  }
  const resolved = { ...options, baseUrl, validate: options.validate ?? true, timeout, retry }
  // The token stays readable (`core.options.token`) but out of what logs print or serialise.
  delete (resolved as ClientOptions).token
  Object.defineProperty(resolved, 'token', { value: token ?? undefined, enumerable: false })
  return { options: resolved, runtime }
}
