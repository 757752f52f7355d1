import type { FaultSpec } from '../base/faults.ts'
import type { LoggedRequest } from '../base/request-log.ts'
import type { SerializedState } from '../model/state.ts'
import type { Builders } from '../scenarios/builders.ts'
import { CONTROL, type ControlRouteId, type Immutable, type RouteAnswer, type RouteBody } from '../control/routes.ts'
import type { IntegrationControls } from '../scenarios/integration-controls.ts'
import type { IntegrationDev } from '../node/dev/loop.ts'
import { remoteVerification, type RemoteVerification } from '../verify/remote.ts'

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
export interface RemoteMockPlatform extends RemoteVerification {
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
  /**
   * Builders available over HTTP: `organization` (answered without `visitorSecret`, the secret
   * that signs its visitor JWTs, which never crosses the wire), and `user` (a fresh token, a role
   * in an organization).
   */
  readonly builders: Pick<Builders, 'user'> & {
    organization(values: Parameters<Builders['organization']>[0]): Promise<RouteAnswer<'controlCreateOrganization'>>
  }
  readonly clock: RemoteClock
  readonly faults: RemoteFaults
  readonly requests: RemoteRequestLog
  /**
   * `platform.integrations` over HTTP (`PATCH /_docplat/installations/{id}`, `POST
   * /_docplat/installations/{id}/events`, `GET /_docplat/integrations/{name}/development`): the
   * same values; a refusal rejects with a {@link ControlPlaneError} carrying the status.
   */
  readonly integrations: IntegrationControls & IntegrationDev
  /** The server's health. */
  health(): Promise<MockServerHealth>
  snapshot(): Promise<SerializedState>
  restore(snapshot: SerializedState): Promise<void>
  /** Back to the initial state; faults and the request log are cleared. */
  reset(): Promise<void>
  /**
   * The server's platforms: `create()` one per test (its own state, clock, faults, request log
   * and fresh tokens), `list()`, `end(id)`. Only on the server's own control plane.
   */
  readonly platforms: RemotePlatforms
}

/** What `platforms.create()` takes: the body of `POST /_docplat/platforms`. */
export interface NewPlatformOptions {
  /** `'demo'` (default) or `'empty'`. */
  scenario?: 'demo' | 'empty' | undefined
  /** Seed of its IDs (its tokens are fresh whatever the seed). */
  seed?: string | undefined
  /** Platform time at start, and whether it stands still. */
  clock?: { now?: string | number | undefined; frozen?: boolean | undefined } | undefined
  /** Bytes its request log may keep (at most 64 MiB), or `false` for none. Default 32 MiB. */
  options?: { requestJournal?: number | false | undefined } | undefined
}

/** A platform of the server, as `GET /_docplat/platforms` lists it. */
export interface HostedPlatformInfo {
  id: string
  /** Its API's base URL: the server's own for the first platform (`default`). */
  baseUrl: string
  controlUrl: string
  scenario: string
  seed?: string
  createdAt: string
  lastUsedAt: string
}

/** A platform created on a server: the control API of {@link RemoteMockPlatform}, and `end()`. */
export interface RemoteHostedPlatform extends RemoteMockPlatform {
  /** Its ID on the server. */
  readonly id: string
  /** Its control plane (`{baseUrl}/_docplat`). */
  readonly controlUrl: string
  /** Ends it: its URLs answer 404 from then on. */
  end(): Promise<void>
}

/** The server's platforms (`/_docplat/platforms`): create one per test, list them, end them. */
export interface RemotePlatforms {
  /** Creates a platform of its own state, clock, faults, request log and fresh tokens. */
  create(options?: NewPlatformOptions): Promise<RemoteHostedPlatform>
  /** Every platform of the server, its first one (`default`) first. */
  list(): Promise<HostedPlatformInfo[]>
  /** Ends the platform `id`. */
  end(id: string): Promise<void>
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

  /** Calls control route `id` (method and path from the route table), typed by its schemas. */
  async function call<Id extends ControlRouteId>(
    id: Id,
    input: { params?: readonly string[]; query?: URLSearchParams; body?: Immutable<RouteBody<Id>> } = {},
  ): Promise<RouteAnswer<Id>> {
    const { method, path: template } = CONTROL[id]
    let next = 0
    const path = template.replace(/\{\w+\}/g, () => encodeURIComponent(input.params?.[next++] ?? ''))
    const search = input.query?.toString() ?? ''
    const target = search === '' ? path : `${path}?${search}`
    const { body } = input
    const response = await send(`${baseUrl}${target}`, {
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
      throw new ControlPlaneError(response.status, `${method} ${target}: ${response.status} ${message}`)
    }
    // The one place JSON becomes a type: the route's answer schema, which is exact (each public
    // type below takes it without a cast; test/control/route-schemas.test.ts parses live answers).
    return (response.status === 204 ? undefined : await response.json()) as RouteAnswer<Id>
  }

  const tokens: Record<string, string> = {}
  const refreshTokens = async () => {
    const { named } = await call('controlListTokens')
    for (const key of Object.keys(tokens)) delete tokens[key]
    Object.assign(tokens, named)
  }
  await call('controlHealth')
  await refreshTokens()

  const query = (filter: RequestFilter) => {
    const params = new URLSearchParams()
    if (filter.operationId !== undefined) params.set('operationId', filter.operationId)
    if (filter.method !== undefined) params.set('method', filter.method)
    if (filter.status !== undefined) params.set('status', String(filter.status))
    if (filter.since !== undefined) params.set('since', new Date(filter.since).toISOString())
    return params
  }
  const find = async (filter: RequestFilter): Promise<LoggedRequest[]> =>
    (await call('controlListRequests', { query: query(filter) })).requests

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
      organization: (values) => call('controlCreateOrganization', { body: values }),
      async user(values = {}) {
        const created = await call('controlCreateUser', { body: values })
        if (values.tokenName) tokens[values.tokenName] = created.token
        return created
      },
    },
    clock: {
      now: async () => new Date((await call('controlGetClock')).now),
      advance: async (duration) => new Date((await call('controlAdvanceClock', { body: { by: duration } })).now),
      set: async (time) => new Date((await call('controlSetClock', { body: { now: new Date(time).toISOString() } })).now),
      freeze: async () => new Date((await call('controlFreezeClock')).now),
      unfreeze: async () => void (await call('controlUnfreezeClock')),
    },
    faults: {
      async add(spec) {
        const { path, ...rest } = spec
        const wire = path instanceof RegExp ? { ...rest, pathPattern: path.source } : path === undefined ? rest : { ...rest, path }
        return (await call('controlAddFault', { body: wire })).id
      },
      remove: async (id) => void (await call('controlRemoveFault', { params: [String(id)] })),
      clear: async () => void (await call('controlClearFaults')),
      get active() {
        return call('controlListFaults').then(({ faults }) =>
          faults.map(
            ({ pathPattern, ...fault }): FaultSpec => (pathPattern === undefined ? fault : { ...fault, path: new RegExp(pathPattern) }),
          ),
        )
      },
    },
    requests: {
      all: () => find({}),
      last: async () => (await find({})).at(-1),
      ofOperation: (operationId) => find({ operationId }),
      find,
      clear: async () => void (await call('controlClearRequests')),
      get length() {
        return find({}).then((all) => all.length)
      },
    },
    integrations: {
      updateInstallation: (installationId, update) => call('controlUpdateInstallation', { params: [installationId], body: update }),
      emitEvent: (installationId, event) => call('controlEmitInstallationEvent', { params: [installationId], body: event }),
      development: (integrationName) => call('controlGetIntegrationDevelopment', { params: [integrationName] }),
      settled: async () => void (await call('controlSettleIntegrations')),
      // The server's API, with the caller's own token: its control token grants nothing there.
      dev: async (devOptions) => (await import('../node/dev/loop.ts')).startIntegrationDev({ baseUrl, fetch: send }, devOptions),
    },
    ...remoteVerification(() => find({})),
    health: () => call('controlHealth'),
    snapshot: () => call('controlGetState'),
    restore: async (snapshot) => void (await call('controlPutState', { body: snapshot })),
    async reset() {
      await call('controlReset')
      await refreshTokens()
    },
    platforms: {
      async create(values = {}) {
        const created = await call('controlCreatePlatform', { body: values })
        const platform = await connectMockServer(created.baseUrl, options)
        const end = async () => void (await call('controlEndPlatform', { params: [created.id] }))
        return Object.assign(platform, { id: created.id, controlUrl: created.controlUrl, end })
      },
      list: async () => (await call('controlListPlatforms')).platforms,
      end: async (id) => void (await call('controlEndPlatform', { params: [id] })),
    },
  }
}
