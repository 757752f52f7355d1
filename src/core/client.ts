import ky, { type KyInstance } from 'ky'
import { DEFAULT_BASE_URL, type ClientOptions } from './options.ts'

/**
 * The small core every operation runs on: a configured HTTP instance and the client's options.
 * Standalone operation functions take it as their first argument, so an app that imports one
 * operation ships only that operation.
 */
export interface Core {
  /** The options the client was created with, defaults applied. */
  readonly options: Readonly<ClientOptions> & {
    /** The base URL in use, without a trailing slash. */
    readonly baseUrl: string
    /** Whether responses are validated. */
    readonly validate: boolean
  }
  /** @internal */
  readonly http: KyInstance
}

/** Statuses worth retrying: the server may answer differently next time. */
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504]

/**
 * Creates the core without any namespaces: pair it with standalone operation functions.
 *
 * @example
 * ```ts
 * import { createCore, getSpaceById } from 'docplat'
 * const core = createCore({ token: process.env.DOCPLAT_TOKEN })
 * const space = await getSpaceById(core, { spaceId: 'abc' })
 * ```
 */
export function createCore(options: ClientOptions = {}): Core {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
  const retry = typeof options.retry === 'number' ? { limit: options.retry } : options.retry
  const http = ky.create({
    baseUrl: `${baseUrl}/`,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeout: options.timeout ?? 60_000,
    retry: {
      limit: 2,
      methods: ['get', 'put', 'delete', 'head'],
      statusCodes: RETRY_STATUSES,
      afterStatusCodes: [413, 429, 503],
      jitter: true,
      backoffLimit: 8_000,
      ...retry,
    },
    headers: {
      accept: 'application/json',
      ...options.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.hooks ? { hooks: options.hooks } : {}),
  })
  return { options: { ...options, baseUrl, validate: options.validate ?? true }, http }
}
