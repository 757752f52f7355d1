import type { FaultSpec } from '../core/faults.ts'
import type { LoggedRequest } from '../core/request-log.ts'
import type { SerializedState } from '../model/state.ts'
import type { Builders } from '../scenarios/builders.ts'

/** Options of {@link connectMockServer}. */
export interface ConnectOptions {
  /** The server's `--control-token`; needed only when it listens beyond loopback. */
  controlToken?: string | undefined
  /** The `fetch` to reach the server with. Default: the global `fetch`. */
  fetch?: ((input: Request | string | URL, init?: RequestInit) => Promise<Response>) | undefined
}

/** What `GET /_docplat/health` answers. */
export interface MockServerHealth {
  status: 'ok'
  /** `demo`, `empty`, or `custom` for a platform built in code. */
  scenario: string
  /** How many API operations the server serves. */
  operations: number
  /** Seconds since the server started. */
  uptime: number
}

/** Filters of {@link RemoteRequestLog.find}, as `GET /_docplat/requests` takes them. */
export interface RequestFilter {
  operationId?: string | undefined
  method?: string | undefined
  /** A status (`404`) or a class (`'4xx'`). */
  status?: number | string | undefined
  /** Only requests handled at or after this platform time. */
  since?: Date | string | undefined
}

/** The platform's clock, over HTTP: the methods of `platform.clock`, asynchronous. */
export interface RemoteClock {
  now(): Promise<Date>
  advance(duration: string | number): Promise<Date>
  set(time: Date | string | number): Promise<Date>
  freeze(): Promise<Date>
  unfreeze(): Promise<void>
}

/** Faults, over HTTP: the methods of `platform.faults`, asynchronous. */
export interface RemoteFaults {
  /** Adds a fault (a `RegExp` path included); resolves with its ID for `remove`. */
  add(spec: FaultSpec): Promise<number>
  remove(id: number): Promise<void>
  clear(): Promise<void>
  /** The active faults (`await platform.faults.active` reads the same on a local platform). */
  readonly active: Promise<FaultSpec[]>
}

/** The request log, over HTTP: the methods of `platform.requests`, asynchronous. */
export interface RemoteRequestLog {
  all(): Promise<LoggedRequest[]>
  last(): Promise<LoggedRequest | undefined>
  ofOperation(operationId: string): Promise<LoggedRequest[]>
  /** The entries matching every given filter, oldest first. */
  find(filter: RequestFilter): Promise<LoggedRequest[]>
  clear(): Promise<void>
  readonly length: Promise<number>
}

/**
 * A running `docplat-mock serve` (or `startMockServer`), controlled from anywhere: the control
 * API of a local platform, asynchronous where a network is in between. A test written against
 * `createMockPlatform()` with `await` on each control call runs against a server by changing the
 * line that creates the platform.
 */
export interface RemoteMockPlatform {
  /** The server's base URL (give it to the SDK as `baseUrl`). */
  readonly baseUrl: string
  /**
   * A `fetch` that sends every request to the server, whatever host it names, like
   * `platform.fetch` answers for the platform: `createClient({ fetch: platform.fetch })` works unchanged.
   */
  readonly fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>
  /** Resolved: the server answered its health check before `connectMockServer` resolved. */
  readonly ready: Promise<void>
  /** The named tokens (`admin`... in the demo), kept current by `reset()` and `builders.user`. */
  readonly tokens: Readonly<Record<string, string>>
  /** Builders available over HTTP: `organization`, and `user` (a fresh token, a role in an organization). */
  readonly builders: Pick<Builders, 'user' | 'organization'>
  readonly clock: RemoteClock
  readonly faults: RemoteFaults
  readonly requests: RemoteRequestLog
  /** The server's health. */
  health(): Promise<MockServerHealth>
  snapshot(): Promise<SerializedState>
  restore(snapshot: SerializedState): Promise<void>
  /** Back to the initial state; faults and the request log are cleared. */
  reset(): Promise<void>
  /** Integrations: waiting for development-mode deliveries. */
  readonly integrations: {
    /** Resolves once every development-mode delivery started so far has settled, as `platform.integrations.settled()`. */
    settled(): Promise<void>
  }
}

/** The control plane answered with an error: `status` and the server's message. */
export class ControlPlaneError extends Error {
  override name = 'ControlPlaneError'
  /** The HTTP status. */
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/**
 * Connects to a mock server's control plane (`/_docplat/`), in Node or in a browser. Resolves once
 * the server answered its health check, with the named tokens loaded.
 *
 * @param url - The server's base URL, as `docplat-mock serve` prints it.
 *
 * @example
 * ```ts
 * import { createClient } from 'docplat'
 * import { connectMockServer } from 'docplat/mock'
 *
 * const platform = await connectMockServer('http://127.0.0.1:4010')
 * await platform.reset()
 * await platform.clock.advance('7d')
 * const client = createClient({ baseUrl: platform.baseUrl, token: platform.tokens.admin })
 * const { items } = await client.orgs.list()
 * ```
 */
export async function connectMockServer(url: string | URL, options: ConnectOptions = {}): Promise<RemoteMockPlatform> {
  const base = new URL(String(url))
  const baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, '')}`
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const auth: Record<string, string> = options.controlToken ? { authorization: `Bearer ${options.controlToken}` } : {}

  async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await send(`${baseUrl}/_docplat/${path}`, {
      method,
      headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    if (!response.ok) {
      const text = await response.text()
      let message = text
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text
      } catch {
        // Not the control plane's JSON (a proxy's page?): the text says more than nothing.
      }
      throw new ControlPlaneError(response.status, `${method} /_docplat/${path}: ${response.status} ${message}`)
    }
    return (response.status === 204 ? undefined : await response.json()) as T
  }

  const tokens: Record<string, string> = {}
  const refreshTokens = async () => {
    const { named } = await call<{ named: Record<string, string> }>('GET', 'tokens')
    for (const key of Object.keys(tokens)) delete tokens[key]
    Object.assign(tokens, named)
  }
  await call('GET', 'health')
  await refreshTokens()

  const clockCall = async (path: string, body?: unknown) => new Date((await call<{ now: string }>('POST', `clock/${path}`, body)).now)
  const query = (filter: RequestFilter) => {
    const params = new URLSearchParams()
    if (filter.operationId !== undefined) params.set('operationId', filter.operationId)
    if (filter.method !== undefined) params.set('method', filter.method)
    if (filter.status !== undefined) params.set('status', String(filter.status))
    if (filter.since !== undefined) params.set('since', new Date(filter.since).toISOString())
    const text = params.toString()
    return text ? `requests?${text}` : 'requests'
  }
  const find = async (filter: RequestFilter) => (await call<{ requests: LoggedRequest[] }>('GET', query(filter))).requests

  return {
    baseUrl,
    ready: Promise.resolve(),
    tokens,
    async fetch(input, init) {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init)
      const target = new URL(request.url)
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
      // Same path and query on the server, whichever host the caller's client names.
      return send(`${baseUrl}${target.pathname}${target.search}`, {
        method: request.method,
        headers: request.headers,
        signal: request.signal,
        ...(body && body.byteLength > 0 ? { body } : {}),
      })
    },
    builders: {
      organization: (values) => call<Awaited<ReturnType<Builders['organization']>>>('POST', 'organizations', values),
      async user(values = {}) {
        const created = await call<Awaited<ReturnType<Builders['user']>>>('POST', 'users', values)
        if (values.tokenName) tokens[values.tokenName] = created.token
        return created
      },
    },
    clock: {
      now: async () => new Date((await call<{ now: string }>('GET', 'clock')).now),
      advance: (duration) => clockCall('advance', { by: duration }),
      set: (time) => clockCall('set', { now: new Date(time).toISOString() }),
      freeze: () => clockCall('freeze'),
      unfreeze: async () => void (await clockCall('unfreeze')),
    },
    faults: {
      async add(spec) {
        const { path, ...rest } = spec
        const wire = path instanceof RegExp ? { ...rest, pathPattern: path.source } : spec
        return (await call<{ id: number }>('POST', 'faults', wire)).id
      },
      remove: async (id) => void (await call('DELETE', `faults/${encodeURIComponent(String(id))}`)),
      clear: async () => void (await call('DELETE', 'faults')),
      get active() {
        return call<{ faults: Array<FaultSpec & { pathPattern?: string }> }>('GET', 'faults').then(({ faults }) =>
          faults.map(({ pathPattern, ...fault }) => (pathPattern === undefined ? fault : { ...fault, path: new RegExp(pathPattern) })),
        )
      },
    },
    requests: {
      all: () => find({}),
      last: async () => (await find({})).at(-1),
      ofOperation: (operationId) => find({ operationId }),
      find,
      clear: async () => void (await call('DELETE', 'requests')),
      get length() {
        return find({}).then((all) => all.length)
      },
    },
    health: () => call<MockServerHealth>('GET', 'health'),
    snapshot: () => call<SerializedState>('GET', 'state'),
    restore: async (snapshot) => void (await call('PUT', 'state', snapshot)),
    async reset() {
      await call('POST', 'reset')
      await refreshTokens()
    },
    integrations: {
      settled: async () => void (await call('POST', 'integrations/settled')),
    },
  }
}
