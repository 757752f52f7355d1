import * as z from 'zod/mini'
import type { FaultSpec } from '../base/faults.ts'
import { describeIssue } from '../base/input.ts'
import type { LoggedRequest } from '../base/request-log.ts'
import type { SerializedState } from '../model/state.ts'
import type { Builders } from '../scenarios/builders.ts'
import {
  CONTROL,
  CONTROL_CALLS,
  controlMethod,
  type Control,
  type ControlCallId,
  type ControlInput,
  type RouteAnswer,
  type RouteBody,
  type RouteShape,
} from '../control/routes.ts'
import type { IntegrationControls } from '../scenarios/integration-controls.ts'
import type { IntegrationDev } from '../node/dev/loop.ts'
import { loadDevLoop } from '../node/dev/load.ts'
import { remoteVerification, type RemoteVerification } from '../verify/remote.ts'

/** Options of {@link connectMockServer}. */
export interface ConnectOptions {
  /** The server's `--control-token`; needed only when it listens beyond loopback. */
  controlToken?: string | undefined
  /** The `fetch` to reach the server with. Default: the global `fetch`. */
  fetch?: ((input: Request | string | URL, init?: RequestInit) => Promise<Response>) | undefined
}

/**
 * What `GET /_docplat/health` answers: `status` `'ok'`, the `scenario` (`demo`, `empty`, or
 * `custom` for a platform built in code), how many API `operations` the server serves, and its
 * `uptime` in seconds.
 */
export type MockServerHealth = RouteAnswer<'controlHealth'>

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
  /**
   * The control API itself, one method per control route, as `localControl(platform)` gives it
   * in process: code written against {@link Control} runs against either.
   */
  readonly control: Control
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
export type NewPlatformOptions = RouteBody<'controlCreatePlatform'>

/**
 * A platform of the server, as `GET /_docplat/platforms` lists it: its `id`, its API's `baseUrl`
 * (the server's own for the first platform, `default`), its `controlUrl`, `scenario`, `seed`,
 * `createdAt` and `lastUsedAt`.
 */
export type HostedPlatformInfo = RouteAnswer<'controlListPlatforms'>['platforms'][number]

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

/** A call's input as it goes on the wire: path parameters, query parameters, JSON body. */
interface WireInput {
  params?: Record<string, string>
  query?: Record<string, string | undefined>
  body?: unknown
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

  /** Calls control route `id` (method and path from the route table); its answer parsed by the route's schema. */
  async function call<Id extends ControlCallId>(id: Id, input?: ControlInput<Id>): Promise<RouteAnswer<Id>> {
    const route: RouteShape = CONTROL[id]
    const { method } = route
    const { params = {}, query = {}, body } = (input ?? {}) as WireInput
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value)
    const encoded = search.toString()
    const target = encoded === '' ? path : `${path}?${encoded}`
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
    if (response.status === 204 || route.response === undefined) return undefined as RouteAnswer<Id>
    // The one place JSON becomes a type: the route's answer schema, which is exact (each public
    // type below takes it without a cast; test/control/route-schemas.test.ts parses live answers).
    // An answer it does not describe (another server, another version) is refused, not passed on.
    const text = await response.text()
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new ControlPlaneError(response.status, `${method} ${target}: the answer is not JSON`)
    }
    const parsed = z.safeParse(route.response, value)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const field = issue.path.length > 0 ? issue.path.join('.') : 'answer'
      throw new ControlPlaneError(
        response.status,
        `${method} ${target}: the answer is not what the route declares (${field}: ${describeIssue(issue)})`,
      )
    }
    return parsed.data as RouteAnswer<Id>
  }

  const tokens: Record<string, string> = {}
  const refreshTokens = async () => {
    const { named } = await call('controlListTokens')
    for (const key of Object.keys(tokens)) delete tokens[key]
    Object.assign(tokens, named)
  }
  // The calls that change the named tokens keep `tokens` current, whichever way they are made.
  const createUser = async (body: RouteBody<'controlCreateUser'>) => {
    const created = await call('controlCreateUser', { body })
    if (body.tokenName) tokens[body.tokenName] = created.token
    return created
  }
  const reset = async () => {
    await call('controlReset')
    await refreshTokens()
  }
  const control = {
    ...Object.fromEntries(CONTROL_CALLS.map((route) => [controlMethod(route.id), (input?: unknown) => call(route.id, input as never)])),
    createUser: ({ body }: ControlInput<'controlCreateUser'>) => createUser(body),
    reset,
  } as unknown as Control
  await call('controlHealth')
  await refreshTokens()

  const find = async (filter: RequestFilter): Promise<LoggedRequest[]> => {
    const query = {
      operationId: filter.operationId,
      method: filter.method,
      status: filter.status === undefined ? undefined : String(filter.status),
      since: filter.since === undefined ? undefined : new Date(filter.since).toISOString(),
    }
    return (await call('controlListRequests', { query })).requests
  }

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
      user: (values = {}) => createUser(values),
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
      remove: async (id) => void (await call('controlRemoveFault', { params: { id: String(id) } })),
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
      updateInstallation: (installationId, update) => call('controlUpdateInstallation', { params: { installationId }, body: update }),
      emitEvent: (installationId, event) => call('controlEmitInstallationEvent', { params: { installationId }, body: event }),
      development: (integrationName) => call('controlGetIntegrationDevelopment', { params: { integrationName } }),
      settled: async () => void (await call('controlSettleIntegrations')),
      // The server's API, with the caller's own token: its control token grants nothing there.
      dev: async (devOptions) => (await loadDevLoop())({ baseUrl, fetch: send }, devOptions),
    },
    ...remoteVerification(() => find({})),
    control,
    health: () => call('controlHealth'),
    snapshot: () => call('controlGetState'),
    restore: async (snapshot) => void (await call('controlPutState', { body: snapshot })),
    reset,
    platforms: {
      async create(values = {}) {
        const created = await call('controlCreatePlatform', { body: values })
        const platform = await connectMockServer(created.baseUrl, options)
        const end = async () => void (await call('controlEndPlatform', { params: { id: created.id } }))
        return Object.assign(platform, { id: created.id, controlUrl: created.controlUrl, end })
      },
      list: async () => (await call('controlListPlatforms')).platforms,
      end: async (id) => void (await call('controlEndPlatform', { params: { id } })),
    },
  }
}
