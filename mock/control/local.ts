import * as z from 'zod/mini'
import { operations } from '../../src/contract/index.ts'
import type { FaultSpec } from '../base/faults.ts'
import { HttpError } from '../base/http-error.ts'
import { describeIssue } from '../base/input.ts'
import type { LoggedRequest, NumberedRequest } from '../base/request-log.ts'
import { platformInfo, type PlatformHost } from '../host/platforms.ts'
import type { SerializedState } from '../model/state.ts'
import { isSerializedState, type MockPlatform } from '../platform.ts'
import type { ExchangeDetails } from './exchange-messages.ts'
import {
  CONTROL_CALLS,
  controlMethod,
  type Control,
  type ControlCallId,
  type ControlInput,
  type ControlRoute,
  type Immutable,
  type RouteAnswer,
  type RouteBody,
} from './routes.ts'

/** Options of {@link localControl}. */
export interface LocalControlOptions {
  /** Reported by `health()`. Default `custom`. */
  scenario?: string | undefined
}

/** What the control plane adds for a server's platform: its state file and state journal, its inspector, its other platforms. */
export interface ServedControlOptions extends LocalControlOptions {
  /** What `reset()` returns to instead of the platform's own initial state (see `ControlPlaneOptions.initial`). */
  initial?: (() => SerializedState | undefined) | undefined
  /** Called after a call changed state; the answer waits for it (the CLI saves its state file then). */
  onChange?: (() => void | Promise<void>) | undefined
  /** Where the inspector keeps the headers and bodies of the newest requests, cleared with the log. */
  details?: ExchangeDetails | undefined
  /** The server's platforms, on the server's own control plane (none on a created platform's). */
  host?: PlatformHost | undefined
  /** Wall-clock milliseconds `health()` counts its uptime from. Default: when the control was made. */
  started?: number | undefined
}

const OPERATION_COUNT = Object.keys(operations).length

/** A route's work: what its input asks, its body already checked against the route's schema. */
type Handler<Id extends ControlCallId> = (
  input: ControlInput<Id> & { body: RouteBody<Id> },
) => Immutable<RouteAnswer<Id>> | void | Promise<Immutable<RouteAnswer<Id>> | void>

/** One per route: a route added to the table without its work here does not compile. */
type Handlers = { [Id in ControlCallId]: Handler<Id> }

/**
 * The control API of a platform in process: the calls of the control plane's routes
 * (`/_docplat/...`), answered by the platform's own methods with the same answers and refusals
 * as the plane gives over HTTP. `connectMockServer(url).control` is the same interface on a server.
 *
 * @param platform - The platform to control.
 *
 * @example
 * ```ts
 * import { createMockPlatform, localControl } from 'docplat/mock'
 *
 * const control = localControl(createMockPlatform())
 * await control.advanceClock({ body: { by: '7d' } })
 * ```
 */
export function localControl(platform: MockPlatform, options: LocalControlOptions = {}): Control {
  return controlOver(platform, options)
}

/** The control API over a platform, with what a server adds; the control plane serves it over HTTP. */
export function controlOver(platform: MockPlatform, options: ServedControlOptions = {}): Control {
  const started = options.started ?? Date.now()
  let openapi: Promise<RouteAnswer<'controlOpenAPI'>> | undefined
  const changed = async () => {
    await options.onChange?.()
  }

  /** The server's platforms: only its own control plane has them, not a created platform's. */
  const hostOf = () => {
    if (!options.host)
      throw new HttpError(404, "Platforms are created on the server's own control plane (/_docplat/platforms), not on a created platform's")
    return options.host
  }

  const handlers: Handlers = {
    controlHealth: () => ({
      status: 'ok',
      scenario: options.scenario ?? 'custom',
      operations: OPERATION_COUNT,
      uptime: Math.round((Date.now() - started) / 1000),
    }),
    controlReset: async () => {
      const initial = options.initial?.()
      if (initial) {
        platform.faults.clear()
        platform.requests.clear()
        await platform.restore(initial)
      } else await platform.reset()
      options.details?.clear()
      await changed()
    },
    controlGetState: () => platform.snapshot(),
    controlPutState: async ({ body }) => {
      if (!isSerializedState(body))
        throw new HttpError(400, 'State: not a docplat mock state snapshot (format "docplat-mock-state", version 1)')
      try {
        await platform.restore(body)
      } catch (error) {
        throw new HttpError(400, `State: ${messageOf(error)}`)
      }
      await changed()
    },
    controlSettleIntegrations: async () => {
      await platform.integrations.settled()
      // Deliveries write their outcome after their request answered: the state file gets it now.
      await changed()
    },
    controlGetClock: () => clockOf(platform),
    controlAdvanceClock: async ({ body }) => {
      attempt('by', () => platform.clock.advance(body.by))
      await changed()
      return clockOf(platform)
    },
    controlSetClock: async ({ body }) => {
      attempt('now', () => platform.clock.set(body.now))
      await changed()
      return clockOf(platform)
    },
    controlFreezeClock: () => {
      platform.clock.freeze()
      return clockOf(platform)
    },
    controlUnfreezeClock: () => {
      platform.clock.unfreeze()
      return clockOf(platform)
    },
    controlListFaults: () => ({ faults: platform.faults.active.map(toWireFault) }),
    controlAddFault: ({ body }) => {
      const spec = fromWireFault(body)
      return { id: attempt('fault', () => platform.faults.add(spec)) }
    },
    controlClearFaults: () => platform.faults.clear(),
    controlRemoveFault: ({ params }) => {
      const id = Number(params.id)
      const known = platform.faults.active.some((fault) => (fault as { id?: number }).id === id)
      if (!known) throw new HttpError(404, `No active fault ${params.id}`)
      platform.faults.remove(id)
    },
    controlListRequests: ({ query = {} }) => ({ requests: filterRequests(platform.requests.all(), query) }),
    controlClearRequests: () => {
      platform.requests.clear()
      options.details?.clear()
    },
    controlListExchanges: ({ query = {} }) => {
      const after = integerParam('after', query.after, 0)
      const limit = integerParam('limit', query.limit, 10_000)
      return {
        exchanges: platform.requests.numbered(after, Math.min(limit, 10_000)).map(exchangeSummary),
        next: platform.requests.lastId,
        epoch: platform.requests.epoch,
      }
    },
    controlGetExchange: ({ params }) => {
      const id = Number(params.id)
      const entry = platform.requests.entry(id)
      if (!entry) throw new HttpError(404, `No exchange ${params.id} (the request log keeps the latest ${platform.requests.capacity})`)
      const messages = options.details?.get(id) ?? { request: NOT_KEPT, response: NOT_KEPT }
      return { ...exchangeSummary(entry), ...messages }
    },
    controlListTokens: () => tokensOf(platform),
    controlCreateUser: async ({ body }) => {
      if (body.organization !== undefined && !platform.db.organizations.get(body.organization)) {
        throw new HttpError(404, `organization: no organization ${JSON.stringify(body.organization)}`)
      }
      if (body.tokenName !== undefined && platform.tokens[body.tokenName] !== undefined) {
        throw new HttpError(409, `tokenName: a token named ${JSON.stringify(body.tokenName)} already exists`)
      }
      const created = await platform.builders.user(body)
      await changed()
      return created
    },
    controlCreateOrganization: async ({ body }) => {
      const { visitorSecret: _, ...shown } = await attemptAsync('organization', () => platform.builders.organization(body))
      await changed()
      return shown
    },
    controlUpdateInstallation: async ({ body, params }) => {
      const installation = await platform.integrations.updateInstallation(params.installationId, body)
      await changed()
      return installation
    },
    controlEmitInstallationEvent: async ({ body, params }) => {
      const { type, ...rest } = body
      const event = await platform.integrations.emitEvent(params.installationId, { type: type as never, ...rest })
      await changed()
      return event
    },
    controlGetIntegrationDevelopment: ({ params }) => platform.integrations.development(params.integrationName),
    controlCreatePlatform: async ({ body }) => {
      const created = hostOf().create(body)
      await created.platform.ready
      return { ...platformInfo(created), tokens: { ...created.platform.tokens } }
    },
    controlListPlatforms: () => ({ platforms: hostOf().infos() }),
    controlEndPlatform: ({ params }) => {
      hostOf().end(params.id)
    },
    controlOpenAPI: () => {
      openapi ??= import('./openapi.ts').then(({ buildPackageOpenAPIDocument }) => ({ ...buildPackageOpenAPIDocument() }))
      return openapi
    },
  }

  const control: Record<string, (input?: Record<string, unknown>) => Promise<unknown>> = {}
  for (const route of CONTROL_CALLS) {
    const handler = handlers[route.id] as (input: Record<string, unknown>) => unknown
    control[controlMethod(route.id)] = async (input = {}) => {
      // Checked before waiting: a malformed call is refused whatever the platform is doing.
      const body = route.body ? checkedBody(route, input.body) : undefined
      await platform.ready
      const answer = await handler({ ...input, body })
      return route.status === 204 ? undefined : answer
    }
  }
  return control as unknown as Control
}

/** A call's body, as its route's schema takes it; a 400 naming the field for anything else. */
function checkedBody(route: ControlRoute, value: unknown): unknown {
  if (value === undefined && route.bodyOptional) return {}
  // Bodiless actions (freeze) take none; the others say what they need.
  if (value === undefined) throw new HttpError(400, `${route.method} ${route.path} needs a JSON body`)
  // Without the input in the issues, a wrong type would read as a missing field.
  const result = z.safeParse(route.body!, value, { reportInput: true })
  if (result.success) return value
  const issue = result.error.issues[0]!
  // An unknown field is reported on its object: name the field itself.
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined
  const path = unknown === undefined ? issue.path : [...issue.path, unknown]
  const field = path.length > 0 ? path.join('.') : 'body'
  throw new HttpError(400, `${field}: ${unknown === undefined ? describeIssue(issue) : 'is not a field this route takes'}`)
}

/** Runs a platform method whose own validation throws, turning what it throws into a 400 naming the field. */
function attempt<T>(field: string, fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    throw new HttpError(400, `${field}: ${messageOf(error)}`)
  }
}

async function attemptAsync<T>(field: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw new HttpError(400, `${field}: ${messageOf(error)}`)
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
  if (spec.path !== undefined) throw new HttpError(400, 'pathPattern: give path or pathPattern, not both')
  try {
    return { ...spec, path: new RegExp(pathPattern as string) } as FaultSpec
  } catch (error) {
    throw new HttpError(400, `pathPattern: ${messageOf(error)}`)
  }
}

function filterRequests(all: readonly LoggedRequest[], query: ControlInput<'controlListRequests'>['query'] & {}): LoggedRequest[] {
  const { operationId, status, since } = query
  const method = query.method?.toUpperCase()
  if (status !== undefined && !/^[1-5](\d\d|xx)$/i.test(status))
    throw new HttpError(400, `status: expected a status such as 404 or a class such as 4xx, got ${JSON.stringify(status)}`)
  const sinceMs = since === undefined ? undefined : new Date(since).getTime()
  if (sinceMs !== undefined && Number.isNaN(sinceMs))
    throw new HttpError(400, `since: expected an ISO instant, got ${JSON.stringify(since)}`)
  return all.filter(
    (entry) =>
      (operationId === undefined || entry.operationId === operationId) &&
      (method === undefined || entry.method === method) &&
      (status === undefined || (/xx$/i.test(status) ? String(entry.status)[0] === status[0] : entry.status === Number(status))) &&
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

function integerParam(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^\d{1,15}$/.test(value)) throw new HttpError(400, `${name}: expected a non-negative integer, got ${JSON.stringify(value)}`)
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

function messageOf(error: unknown): string {
  return String((error as Error)?.message ?? error)
}
