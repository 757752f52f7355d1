import { timingSafeEqual } from 'node:crypto'
import * as z from 'zod/mini'
import { operations } from '../../src/contract/index.ts'
import type { FaultSpec } from '../base/faults.ts'
import { HttpError as ControlError } from '../base/http-error.ts'
import { describeIssue, MAX_BODY_BYTES } from '../base/input.ts'
import { errorAnswer } from '../base/error-answer.ts'
import type { LoggedRequest, NumberedRequest, RequestLog } from '../base/request-log.ts'
import type { PlainAnswer, PlainRequest } from '../dispatch.ts'
import type { SerializedState } from '../model/state.ts'
import { isSerializedState, type MockPlatform } from '../platform.ts'
import type { ExchangeDetails } from './exchange-messages.ts'
import {
  CONTROL,
  CONTROL_ROUTES,
  type ControlRoute,
  type ControlRouteId,
  type Immutable,
  type RouteAnswer,
  type RouteBody,
  type RouteShape,
} from './routes.ts'
import { InspectorAssets } from './static.ts'
import { platformInfo, type PlatformHost } from '../host/platforms.ts'

/** The control plane's options on {@link startMockServer}. */
export interface ControlPlaneOptions {
  /** The platform to control. Default: the server's `platform` when it is a whole platform. */
  platform?: MockPlatform | PromiseLike<MockPlatform> | undefined
  /**
   * Secret required as `Authorization: Bearer <token>` (or `X-Docplat-Control-Token`). Optional
   * on loopback; required when the server listens on any other interface.
   */
  token?: string | undefined
  /** Reported by `/_docplat/health`. Default `custom`. */
  scenario?: string | undefined
  /** What `POST /_docplat/reset` returns to, when not the scenario's initial state (a state file's). */
  initial?: () => SerializedState | undefined
  /**
   * Called after the control plane changed state; the answer waits for it (the CLI saves its
   * state file then, so an acknowledged reset or new user survives the process being killed).
   */
  onChange?: (() => void | Promise<void>) | undefined
}

export const CONTROL_PREFIX = '/_docplat/'
const OPERATION_COUNT = Object.keys(operations).length

const json = (status: number, body: unknown): PlainAnswer => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
})
const noContent = (): PlainAnswer => ({ status: 204, headers: {}, body: null })
const errorBody = (status: number, message: string, headers: Record<string, string> = {}): PlainAnswer => {
  const answer = errorAnswer(status, message, headers)
  answer.headers['cache-control'] = 'no-store'
  return answer
}
const redirect = (status: 302 | 308, location: string): PlainAnswer => ({ status, headers: { location }, body: null })

interface Compiled {
  route: ControlRoute
  pattern: RegExp
}

const COMPILED: Compiled[] = CONTROL_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '([^/]+)')}$`),
}))

/** True for a path the control plane owns: never routed to the API, and the API's never here. */
export function isControlPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/_docplat' || pathname.startsWith(CONTROL_PREFIX) || pathname === '/openapi.json'
}

export interface ControlPlane {
  /** Answers a request under `/_docplat/` or `/openapi.json`, with the route's ID for the access log. */
  handle(request: PlainRequest): Promise<{ answer: PlainAnswer; operationId?: string }>
  /**
   * The request log of the platform controlled, once it is built (the inspector reads it); the
   * messages of its newest entries go to {@link ControlPlane.details}.
   */
  log(): RequestLog | undefined
  /** Where the headers and bodies of the newest requests are kept for the inspector; `undefined` when none are. */
  readonly details: ExchangeDetails | undefined
  /**
   * The most bytes the body of this request may hold, decided before it is read: a state may
   * be uploaded up to {@link MAX_STATE_BYTES} by whoever holds the control plane's token;
   * everything else has the platform's limit.
   */
  bodyLimit(method: string, pathname: string, header: (name: string) => string | undefined): number
}

/**
 * How large a state `PUT /_docplat/state` takes: `GET /_docplat/state` gives a platform's whole
 * state, and what it gives must go back (a few thousand pages is several megabytes), while the
 * API's 1 MiB stays the limit of everything else. Such uploads are read one at a time (the
 * server queues them), so memory stays bounded whatever clients send at once.
 */
export const MAX_STATE_BYTES = 64 * 1024 * 1024

const STATE_PATH = CONTROL.controlPutState.path

/** What a route's handler gets: the platform, its body as its schema gives it, its path parameters and query. */
interface ControlCall<Id extends ControlRouteId> {
  platform: MockPlatform
  body: RouteBody<Id>
  params: string[]
  query: URLSearchParams
}

/** A route's handler: answers what its schema says, or throws a `ControlError`. */
type ControlHandler<Id extends ControlRouteId> = (
  call: ControlCall<Id>,
) => Immutable<RouteAnswer<Id>> | void | Promise<Immutable<RouteAnswer<Id>> | void>

/** One handler per route ID: a route added to the table without its handler does not compile. */
type ControlHandlers = { [Id in ControlRouteId]: ControlHandler<Id> }

/** The control plane: the in-process control API over HTTP, through the platform's own public methods. */
export function createControlPlane(
  options: ControlPlaneOptions & {
    platform: MockPlatform | PromiseLike<MockPlatform>
    details: ExchangeDetails | undefined
    /** The server's platforms, on the server's own control plane (none on a created platform's). */
    host?: PlatformHost | undefined
  },
): ControlPlane {
  const started = Date.now()
  // A platform given as itself is known at once: a hosted platform's control plane is made on its
  // first request, whose journal entry needs the log before a promise could settle.
  let resolved = 'then' in options.platform ? undefined : options.platform
  void Promise.resolve(options.platform).then(
    (platform) => void (resolved = platform),
    () => undefined,
  )
  const token = options.token === undefined ? undefined : Buffer.from(options.token)
  const assets = new InspectorAssets()
  let openapi: Promise<RouteAnswer<'controlOpenAPI'>> | undefined
  const changed = async () => {
    await options.onChange?.()
  }

  function authorized(headerOf: (name: string) => string | undefined): boolean {
    if (token === undefined) return true
    const header = headerOf('x-docplat-control-token') ?? /^Bearer\s+(\S+)\s*$/i.exec(headerOf('authorization') ?? '')?.[1]
    if (header === undefined) return false
    const given = Buffer.from(header)
    return given.length === token.length && timingSafeEqual(given, token)
  }

  /** The server's platforms: only its own control plane has them, not a created platform's. */
  const hostOf = () => {
    if (!options.host)
      throw new ControlError(
        404,
        "Platforms are created on the server's own control plane (/_docplat/platforms), not on a created platform's",
      )
    return options.host
  }

  /** What each route does, typed by its schemas in the table: its body in, its answer out. */
  const handlers: ControlHandlers = {
    controlInspector: () => {
      // The page is served from its files before routing reaches here; a HEAD or an odd method lands here.
      throw new ControlError(404, 'The inspector page answers GET')
    },
    controlHealth: () => ({
      status: 'ok',
      scenario: options.scenario ?? 'custom',
      operations: OPERATION_COUNT,
      uptime: Math.round((Date.now() - started) / 1000),
    }),
    controlReset: async ({ platform }) => {
      const initial = options.initial?.()
      if (initial) {
        platform.faults.clear()
        platform.requests.clear()
        await platform.restore(initial)
      } else await platform.reset()
      options.details?.clear()
      await changed()
    },
    controlGetState: ({ platform }) => platform.snapshot(),
    controlPutState: async ({ platform, body }) => {
      if (!isSerializedState(body))
        throw new ControlError(400, 'State: not a docplat mock state snapshot (format "docplat-mock-state", version 1)')
      try {
        await platform.restore(body)
      } catch (error) {
        throw new ControlError(400, `State: ${messageOf(error)}`)
      }
      await changed()
    },
    controlSettleIntegrations: async ({ platform }) => {
      await platform.integrations.settled()
      // Deliveries write their outcome after their request answered: the journal gets it now.
      await changed()
    },
    controlGetClock: ({ platform }) => clockOf(platform),
    controlAdvanceClock: async ({ platform, body }) => {
      attempt('by', () => platform.clock.advance(body.by))
      await changed()
      return clockOf(platform)
    },
    controlSetClock: async ({ platform, body }) => {
      attempt('now', () => platform.clock.set(body.now))
      await changed()
      return clockOf(platform)
    },
    controlFreezeClock: ({ platform }) => {
      platform.clock.freeze()
      return clockOf(platform)
    },
    controlUnfreezeClock: ({ platform }) => {
      platform.clock.unfreeze()
      return clockOf(platform)
    },
    controlListFaults: ({ platform }) => ({ faults: platform.faults.active.map(toWireFault) }),
    controlAddFault: ({ platform, body }) => {
      const spec = fromWireFault(body)
      return { id: attempt('fault', () => platform.faults.add(spec)) }
    },
    controlClearFaults: ({ platform }) => platform.faults.clear(),
    controlRemoveFault: ({ platform, params }) => {
      const id = Number(params[0])
      const known = platform.faults.active.some((fault) => (fault as { id?: number }).id === id)
      if (!known) throw new ControlError(404, `No active fault ${params[0]}`)
      platform.faults.remove(id)
    },
    controlListRequests: ({ platform, query }) => ({ requests: filterRequests(platform.requests.all(), query) }),
    controlClearRequests: ({ platform }) => {
      platform.requests.clear()
      options.details?.clear()
    },
    controlListExchanges: ({ platform, query }) => {
      const after = integerParam(query, 'after', 0)
      const limit = integerParam(query, 'limit', 10_000)
      return {
        exchanges: platform.requests.numbered(after, Math.min(limit, 10_000)).map(exchangeSummary),
        next: platform.requests.lastId,
        epoch: platform.requests.epoch,
      }
    },
    controlGetExchange: ({ platform, params }) => {
      const id = Number(params[0])
      const entry = platform.requests.entry(id)
      if (!entry) throw new ControlError(404, `No exchange ${params[0]} (the request log keeps the latest ${platform.requests.capacity})`)
      const messages = options.details?.get(id) ?? { request: NOT_KEPT, response: NOT_KEPT }
      return { ...exchangeSummary(entry), ...messages }
    },
    controlListTokens: ({ platform }) => tokensOf(platform),
    controlCreateUser: async ({ platform, body }) => {
      if (body.organization !== undefined && !platform.db.organizations.get(body.organization)) {
        throw new ControlError(404, `organization: no organization ${JSON.stringify(body.organization)}`)
      }
      if (body.tokenName !== undefined && platform.tokens[body.tokenName] !== undefined) {
        throw new ControlError(409, `tokenName: a token named ${JSON.stringify(body.tokenName)} already exists`)
      }
      const created = await platform.builders.user(body)
      await changed()
      return created
    },
    controlCreateOrganization: async ({ platform, body }) => {
      const { visitorSecret: _, ...shown } = await attemptAsync('organization', () => platform.builders.organization(body))
      await changed()
      return shown
    },
    controlUpdateInstallation: async ({ platform, body, params }) => {
      const installation = await platform.integrations.updateInstallation(pathParam(params[0]!), body)
      await changed()
      return installation
    },
    controlEmitInstallationEvent: async ({ platform, body, params }) => {
      const { type, ...rest } = body
      const event = await platform.integrations.emitEvent(pathParam(params[0]!), { type: type as never, ...rest })
      await changed()
      return event
    },
    controlGetIntegrationDevelopment: async ({ platform, params }) => platform.integrations.development(pathParam(params[0]!)),
    controlCreatePlatform: async ({ body }) => {
      const created = hostOf().create(body)
      await created.platform.ready
      return { ...platformInfo(created), tokens: { ...created.platform.tokens } }
    },
    controlListPlatforms: () => ({ platforms: hostOf().infos() }),
    controlEndPlatform: ({ params }) => {
      hostOf().end(params[0]!)
    },
    controlOpenAPI: () => {
      openapi ??= import('./openapi.ts').then(({ buildPackageOpenAPIDocument }) => ({ ...buildPackageOpenAPIDocument() }))
      return openapi
    },
  }

  /** Runs route `id`: its body parsed with its schema, its answer with its status. */
  async function run<Id extends ControlRouteId>(
    id: Id,
    params: string[],
    query: URLSearchParams,
    request: PlainRequest,
  ): Promise<PlainAnswer> {
    const platform = await options.platform
    await platform.ready
    const route: RouteShape = CONTROL[id]
    const body = (route.body ? await parseBody(route, request) : undefined) as RouteBody<Id>
    const handler: ControlHandler<Id> = handlers[id]
    const result = await handler({ platform, body, params, query })
    return route.status === 204 ? noContent() : json(route.status, result)
  }

  return {
    details: options.details,
    log: () => resolved?.requests,
    async handle(request) {
      const { pathname } = request
      const search = request.search === '' ? '' : `?${request.search}`
      const method = request.method.toUpperCase()
      if (pathname === '/_docplat') return { answer: redirect(308, `/_docplat/${search}`) }
      // The printed URL opened in a browser shows the inspector. Temporary (302): the same address
      // may be a server without a control plane tomorrow, and browsers keep permanent redirects.
      if (pathname === '/') {
        if (method === 'GET' || method === 'HEAD') return { answer: redirect(302, `${CONTROL_PREFIX}${search}`) }
        return {
          answer: errorBody(405, `${method} is not allowed on /: the API is under /v1/, the inspector at ${CONTROL_PREFIX}`, {
            allow: 'GET, HEAD',
          }),
        }
      }
      const asset = await assets.serve(pathname, method)
      if (asset) return { answer: asset, operationId: 'controlInspector' }
      const matches = COMPILED.map((c) => ({ c, m: c.pattern.exec(pathname) })).filter((x) => x.m !== null)
      const found = matches.find((x) => x.c.route.method === method || (method === 'HEAD' && x.c.route.method === 'GET'))
      if (!found) {
        if (matches.length === 0) return { answer: errorBody(404, `No control route ${pathname}: see GET /openapi.json, tag "control"`) }
        const allow = [...new Set(matches.map((x) => x.c.route.method))].join(', ')
        return { answer: errorBody(405, `${method} is not allowed on ${pathname}`, { allow }) }
      }
      const { route } = found.c
      // The page and the API description hold no state; everything else needs the token off loopback.
      if (route.id !== 'controlInspector' && route.id !== 'controlOpenAPI' && !authorized((name) => request.header(name))) {
        return {
          answer: errorBody(401, 'The control plane needs its token: Authorization: Bearer <the --control-token secret>', {
            'www-authenticate': 'Bearer realm="docplat control plane"',
          }),
          operationId: route.id,
        }
      }
      try {
        const answer = await run(route.id, found.m!.slice(1), new URLSearchParams(request.search), request)
        if (method === 'HEAD') answer.body = null
        return { answer, operationId: route.id }
      } catch (error) {
        if (error instanceof ControlError) return { answer: errorBody(error.status, error.message, error.headers), operationId: route.id }
        throw error
      }
    },
    bodyLimit(method, pathname, header) {
      return method.toUpperCase() === 'PUT' && pathname === STATE_PATH && authorized(header) ? MAX_STATE_BYTES : MAX_BODY_BYTES
    },
  }
}

async function parseBody(route: RouteShape, request: PlainRequest): Promise<unknown> {
  const bytes = await request.body()
  const text = bytes === undefined ? '' : new TextDecoder().decode(bytes)
  if (text.trim() === '' && route.bodyOptional) return {}
  if (text.trim() === '') {
    // Bodiless actions (freeze) take none; the others say what they need.
    throw new ControlError(400, `${route.method} ${route.path} needs a JSON body`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ControlError(400, `Malformed JSON body: ${messageOf(error)}`)
  }
  // Without the input in the issues, a wrong type would read as a missing field.
  const result = z.safeParse(route.body!, value, { reportInput: true })
  if (!result.success) {
    const issue = result.error.issues[0]!
    // An unknown field is reported on its object: name the field itself.
    const unknown = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined
    const path = unknown === undefined ? issue.path : [...issue.path, unknown]
    const field = path.length > 0 ? path.join('.') : 'body'
    throw new ControlError(400, `${field}: ${unknown === undefined ? describeIssue(issue) : 'is not a field this route takes'}`)
  }
  return value
}

/** Runs a platform method whose own validation throws, turning what it throws into a 400 naming the field. */
function attempt<T>(field: string, fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    throw new ControlError(400, `${field}: ${messageOf(error)}`)
  }
}

async function attemptAsync<T>(field: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw new ControlError(400, `${field}: ${messageOf(error)}`)
  }
}

function clockOf(platform: MockPlatform): { now: string; frozen: boolean } {
  return { now: platform.clock.now().toISOString(), frozen: platform.clock.state.frozen }
}

/**
 * An active fault on the wire: a regular expression travels as `pathPattern` (its source), since
 * JSON has none. The platform's active faults carry their ID (`faults.add` returned it).
 */
function toWireFault(fault: FaultSpec): RouteAnswer<'controlListFaults'>['faults'][number] {
  const { path, used: _used, ...rest } = fault as FaultSpec & { id: number; used?: number }
  if (path instanceof RegExp) return { ...rest, pathPattern: path.source }
  return path === undefined ? rest : { ...rest, path }
}

function fromWireFault(wire: Record<string, unknown>): FaultSpec {
  const { pathPattern, ...spec } = wire
  if (pathPattern === undefined) return spec as FaultSpec
  if (spec.path !== undefined) throw new ControlError(400, 'pathPattern: give path or pathPattern, not both')
  try {
    return { ...spec, path: new RegExp(pathPattern as string) } as FaultSpec
  } catch (error) {
    throw new ControlError(400, `pathPattern: ${messageOf(error)}`)
  }
}

function filterRequests(all: readonly LoggedRequest[], query: URLSearchParams): LoggedRequest[] {
  const operationId = query.get('operationId')
  const method = query.get('method')?.toUpperCase()
  const status = query.get('status')
  const since = query.get('since')
  if (status !== null && !/^[1-5](\d\d|xx)$/i.test(status))
    throw new ControlError(400, `status: expected a status such as 404 or a class such as 4xx, got ${JSON.stringify(status)}`)
  const sinceMs = since === null ? undefined : new Date(since).getTime()
  if (sinceMs !== undefined && Number.isNaN(sinceMs))
    throw new ControlError(400, `since: expected an ISO instant, got ${JSON.stringify(since)}`)
  return all.filter(
    (entry) =>
      (operationId === null || entry.operationId === operationId) &&
      (method === undefined || entry.method === method) &&
      (status === null || (/xx$/i.test(status) ? String(entry.status)[0] === status[0] : entry.status === Number(status))) &&
      (sinceMs === undefined || new Date(entry.at).getTime() >= sinceMs),
  )
}

/** What an exchange whose messages are no longer kept shows in their place. */
const NOT_KEPT = {
  headers: {},
  body: "(no longer kept: the newest exchanges keep their messages, up to 1000 and within the request journal's memory budget)",
}

/** A request log entry as the inspector lists it: the path and query instead of the whole URL. */
function exchangeSummary(entry: NumberedRequest) {
  const { id, method, status, duration, operationId, url, arrived, miss, fault } = entry
  const path = url.slice(url.indexOf('/', url.indexOf('//') + 2))
  // When it reached the server, as a developer compares with their app's logs; the platform's
  // time (which a test may have moved) for a request made in process.
  const at = arrived === undefined ? entry.at : new Date(arrived).toISOString()
  return {
    id,
    at,
    clock: arrived === undefined ? ('platform' as const) : ('wall' as const),
    platformAt: entry.at,
    method,
    path,
    status,
    ...(duration !== undefined ? { duration } : {}),
    ...(operationId ? { operationId } : {}),
    ...(miss ? { miss } : {}),
    ...(fault ? { fault } : {}),
  }
}

function integerParam(query: URLSearchParams, name: string, fallback: number): number {
  const value = query.get(name)
  if (value === null) return fallback
  if (!/^\d{1,15}$/.test(value)) throw new ControlError(400, `${name}: expected a non-negative integer, got ${JSON.stringify(value)}`)
  return Number(value)
}

/** At most this many tokens are listed: a restored state may hold many users. */
const MAX_TOKENS = 1_000

function tokensOf(platform: MockPlatform) {
  const names = new Map(Object.entries(platform.tokens).map(([name, token]) => [token, name]))
  const tokens = []
  for (const record of platform.db.tokens.all()) {
    const user = platform.db.users.get(record.user)
    tokens.push({
      token: record.id,
      label: record.label,
      user: record.user,
      displayName: user?.displayName,
      email: user?.email,
      name: names.get(record.id),
    })
    if (tokens.length === MAX_TOKENS) break
  }
  return { named: { ...platform.tokens }, tokens }
}

/** A path parameter as sent: percent-decoded, or a 400 for an encoding that is not UTF-8. */
function pathParam(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw new ControlError(400, `Malformed path parameter ${JSON.stringify(raw)}`)
  }
}

function messageOf(error: unknown): string {
  return String((error as Error)?.message ?? error)
}
