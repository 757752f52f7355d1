import * as z from 'zod/mini'
import { operations, type OperationId } from '../../src/contract/index.ts'
import { InstallationStatus } from '../../src/schemas/installation.ts'
import { Role } from '../../src/schemas/shared.ts'
import { CreatedPlatform, NewPlatformBody, PlatformInfo } from '../host/platforms.ts'
import { EventPayload, EventStatus, Selection } from '../tables/integrations.ts'
import { MemberRecord, OrganizationRecord, UserRecord } from '../tables/orgs.ts'

/** A route of the control plane, as declared in {@link CONTROL}. */
export interface RouteShape {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Under `/_docplat/`, or `/openapi.json`. `{id}` is a path parameter. */
  path: string
  summary: string
  /** JSON body, validated before the handler runs. */
  body?: z.ZodMiniType
  /** The body may be left out (every field of `body` is optional): it is then `{}`. */
  bodyOptional?: true
  /** Query parameters, all optional strings on the wire. */
  query?: Record<string, { description: string; schema: z.ZodMiniType }>
  /** Success status and, unless 204, the shape of the JSON answered. */
  status: 200 | 201 | 204
  response?: z.ZodMiniType
  /** Served as something else than JSON (the inspector page). */
  contentType?: string
}

/** A control route with its ID: `operationId` in the OpenAPI document and in the CLI's request log. */
export interface ControlRoute extends RouteShape {
  id: ControlRouteId
}

/**
 * An organization as the control plane answers it: without `visitorSecret`, which signs the
 * organization's visitor JWTs. Whoever reads an answer (a test's output, the inspector) could
 * otherwise sign JWTs the mock takes; in process, `db.organizations` still holds it.
 */
const ShownOrganization = z.omit(OrganizationRecord, { visitorSecret: true })

const Duration = z.union([z.string().check(z.minLength(1), z.maxLength(40)), z.number().check(z.nonnegative())])
const Instant = z.string().check(z.minLength(1), z.maxLength(40))

export const Health = z.object({
  status: z.literal('ok'),
  scenario: z.string(),
  operations: z.number(),
  uptime: z.number(),
})

export const ClockState = z.object({ now: z.string(), frozen: z.boolean() })

/** An operation of the contract, by its ID. */
const OperationIdSchema = z.enum(Object.keys(operations) as [OperationId, ...OperationId[]])

/** The fields of a fault beside its operation and latency, as `platform.faults.add` takes them. */
const faultFields = {
  method: z.optional(z.string()),
  path: z.optional(z.string()),
  pathPattern: z.optional(z.string()),
  status: z.optional(z.number()),
  retryAfter: z.optional(z.number()),
  drop: z.optional(z.boolean()),
  times: z.optional(z.number()),
  rate: z.optional(z.number()),
  message: z.optional(z.string()),
}

/**
 * A fault on the wire: `platform.faults.add`'s object, with a regular expression as `pathPattern`.
 * Loose, and its operation any string: the platform refuses what it does not know, with its own message.
 */
export const WireFault = z.looseObject({
  ...faultFields,
  operationId: z.optional(z.string()),
  latency: z.optional(
    z.union([Duration, z.strictObject({ min: Duration, max: Duration }), z.strictObject({ median: Duration, spread: z.number() })]),
  ),
})

/** An active fault: `platform.faults.active`'s `FaultSpec` (mock/base/faults.ts) with its ID, a regular expression as `pathPattern`. */
const ActiveFault = z.object({
  ...faultFields,
  id: z.number(),
  operationId: z.optional(OperationIdSchema),
  after: z.optional(z.boolean()),
  latency: z.optional(z.union([Duration, z.object({ min: Duration, max: Duration }), z.object({ median: Duration, spread: z.number() })])),
})

/** Why a request was a near miss, and the operation it came closest to (mock/base/near-miss.ts). */
const NearMissSchema = z.object({
  reason: z.enum(['no-route', 'method-not-allowed', 'validation', 'authentication', 'unknown-field']),
  message: z.string(),
  closest: z.optional(
    z.object({
      operationId: OperationIdSchema,
      method: z.string(),
      path: z.string(),
      field: z.string(),
      didYouMean: z.optional(z.string()),
    }),
  ),
})

/** What injected faults did to a request: `InjectedFault` (mock/base/request-log.ts). */
const InjectedFaultSchema = z.object({
  ids: z.array(z.number()),
  after: z.optional(z.literal(true)),
  status: z.optional(z.number()),
  drop: z.optional(z.literal(true)),
  latency: z.optional(z.number()),
})

/** A request log entry: `LoggedRequest` (mock/base/request-log.ts), field for field. */
export const LoggedRequestSchema = z.object({
  method: z.string(),
  url: z.string(),
  operationId: z.optional(OperationIdSchema),
  status: z.number(),
  client: z.optional(z.string()),
  at: z.string(),
  // Absent on the wire when the request had none (JSON drops `undefined`); the entry's key is always there.
  body: z.catch(z.unknown(), undefined),
  bodyTruncated: z.optional(z.literal(true)),
  bodySize: z.optional(z.number()),
  tokenName: z.optional(z.string()),
  /** A near miss: why it matched no operation, and the operation it came closest to. */
  miss: z.optional(NearMissSchema),
  /** Set when injected faults acted on it: which, and what the caller got. */
  fault: z.optional(InjectedFaultSchema),
})

export const NewUser = z.strictObject({
  displayName: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  email: z.optional(z.string().check(z.minLength(3), z.maxLength(320), z.regex(/^[^\s@]+@[^\s@]+$/))),
  organization: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  role: z.optional(z.nullable(Role)),
  tokenName: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/))),
})

export const NewOrganizationBody = z.strictObject({
  title: z.string().check(z.minLength(1), z.maxLength(100)),
  emailDomains: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(253))).check(z.maxLength(50))),
  hostname: z.optional(z.string().check(z.minLength(1), z.maxLength(63))),
  defaultRole: z.optional(z.nullable(Role)),
  plan: z.optional(z.string().check(z.maxLength(40))),
  sso: z.optional(z.boolean()),
  ai: z.optional(z.boolean()),
})

/** A state snapshot: `platform.snapshot()`'s `SerializedState` (mock/model/state.ts), field for field. */
const Snapshot = z.object({
  format: z.literal('docplat-mock-state'),
  version: z.literal(1),
  seq: z.number(),
  random: z.array(z.number()),
  secrets: z.optional(z.array(z.number())),
  clock: z.object({ ms: z.number(), frozen: z.boolean(), last: z.number() }),
  tables: z.record(z.string(), z.array(z.unknown())),
})

const TokenInfo = z.object({
  token: z.string(),
  label: z.string(),
  user: z.string(),
  displayName: z.optional(z.string()),
  email: z.optional(z.string()),
  name: z.optional(z.string()),
})

const ExchangeSummary = z.object({
  id: z.number(),
  /** When it arrived at the server (wall clock, ISO); the platform's time for a request that came another way (see `clock`). */
  at: z.string(),
  /** Which clock `at` is read from: `wall` when the server saw the request arrive, else `platform`. */
  clock: z.enum(['wall', 'platform']),
  /** The platform's time when it handled the request (ISO): a test may have moved that clock. */
  platformAt: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  /** Absent for an answer that did not go through the server's `inspector` stage (a platform served through its `dispatch`). */
  duration: z.optional(z.number()),
  operationId: z.optional(z.string()),
  /** Set for a near miss (see `LoggedRequestSchema`): the inspector marks it. */
  miss: z.optional(NearMissSchema),
  /** Set when injected faults acted on it (see `LoggedRequestSchema`): the inspector marks it. */
  fault: z.optional(InjectedFaultSchema),
})

const Message = z.object({
  headers: z.record(z.string(), z.string()),
  body: z.optional(z.string()),
  truncated: z.optional(z.boolean()),
  /** How many bytes of the body were left out, when it was cut. */
  omitted: z.optional(z.number()),
})

const q = (description: string) => ({ description, schema: z.string() })

const ExternalIds = z.array(z.string().check(z.minLength(1), z.maxLength(256))).check(z.maxLength(100))
const Configuration = z.record(z.string().check(z.maxLength(100)), z.unknown())
const TargetUpdate = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  configuration: z.optional(Configuration),
  externalIds: z.optional(ExternalIds),
})

/** `platform.integrations.updateInstallation`'s change, on the wire. */
export const InstallationUpdateBody = z.strictObject({
  status: z.optional(z.enum(['active', 'pending', 'paused'])),
  configuration: z.optional(Configuration),
  externalIds: z.optional(ExternalIds),
  spaceSelection: z.optional(z.enum(['all', 'selected'])),
  siteSelection: z.optional(z.enum(['all', 'selected'])),
  spaces: z.optional(z.array(TargetUpdate).check(z.maxLength(1000))),
  sites: z.optional(z.array(TargetUpdate).check(z.maxLength(1000))),
})

/** `platform.integrations.emitEvent`'s event, on the wire: the type is checked by the model, which names the known ones. */
export const EmittedEventBody = z.strictObject({
  type: z.string().check(z.minLength(1), z.maxLength(100)),
  spaceId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  siteId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
})

/*
 * The answers below are exact: each is what its method in connectMockServer resolves with (the
 * schema parses it there), and what the platform method the local control calls returns
 * (mock/control/local.ts), so a field added, dropped or loosened on one side fails to compile on
 * the other (test/control/route-schemas.test.ts).
 */

/** An installation as the API presents it (mock/present/installation.ts): `platform.integrations.updateInstallation`'s answer. */
const WireInstallation = z.object({
  object: z.literal('integration-installation'),
  id: z.string(),
  integration: z.string(),
  status: InstallationStatus,
  space_selection: z.optional(Selection),
  site_selection: z.optional(Selection),
  spaces: z.number(),
  configuration: z.record(z.string(), z.unknown()),
  externalIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  urls: z.object({ location: z.string(), app: z.string(), publicEndpoint: z.string(), publicContentEndpoint: z.string() }),
  target: z.object({ organization: z.string() }),
})

/** An event as the API lists it (mock/present/integration-event.ts): `platform.integrations.emitEvent`'s answer. */
const WireEvent = z.object({
  object: z.literal('integration-event'),
  id: z.string(),
  integrationId: z.string(),
  installationId: z.optional(z.string()),
  createdAt: z.string(),
  payload: EventPayload,
  status: EventStatus,
})

/** `platform.integrations.development`'s answer: off, or on with its tunnel. */
const Development = z.union([
  z.object({ integration: z.string(), enabled: z.literal(false) }),
  z.object({
    integration: z.string(),
    enabled: z.literal(true),
    tunnelUrl: z.string(),
    all: z.boolean(),
    enabledAt: z.string(),
    enabledBy: z.string(),
  }),
])

/** `builders.user`'s answer: the user, its token, and its membership when it joined an organization. */
const CreatedUser = z.object({ user: UserRecord, token: z.string(), member: z.optional(MemberRecord) })

/**
 * The control plane, declared once, by route ID: the {@link Control} interface is derived from it
 * and implemented in process (mock/control/local.ts, which validates bodies with it) and over HTTP
 * (mock/remote/connect.ts, which parses answers with it); the server routes with it
 * (mock/control/plane.ts), and the OpenAPI document describes it (tag `control`).
 */
export const CONTROL = {
  controlInspector: {
    method: 'GET',
    path: '/_docplat/',
    summary: 'The inspector page (HTML): live request log, state, clock, faults, tokens',
    status: 200,
    contentType: 'text/html',
  },
  controlHealth: {
    method: 'GET',
    path: '/_docplat/health',
    summary: 'Whether the server is up, its scenario, how many operations it serves and its uptime in seconds',
    status: 200,
    response: Health,
  },
  controlReset: {
    method: 'POST',
    path: '/_docplat/reset',
    summary: "Back to the initial state (the scenario's, or the state file's at start); clears faults and the request logs",
    status: 204,
  },
  controlGetState: {
    method: 'GET',
    path: '/_docplat/state',
    summary: 'The whole state, as `platform.snapshot()` gives it',
    status: 200,
    response: Snapshot,
  },
  controlPutState: {
    method: 'PUT',
    path: '/_docplat/state',
    summary: 'Replaces the state with a snapshot; a malformed one is refused with 400 and changes nothing',
    body: Snapshot,
    status: 204,
  },
  controlSettleIntegrations: {
    method: 'POST',
    path: '/_docplat/integrations/settled',
    summary:
      'Answers once every development-mode delivery started so far has settled (its event `success` or `failed`), as `platform.integrations.settled()`',
    status: 204,
  },
  controlGetClock: { method: 'GET', path: '/_docplat/clock', summary: 'Platform time', status: 200, response: ClockState },
  controlAdvanceClock: {
    method: 'POST',
    path: '/_docplat/clock/advance',
    summary: "Moves platform time forward: `{ by: '7d' }` (or milliseconds)",
    body: z.strictObject({ by: Duration }),
    status: 200,
    response: ClockState,
  },
  controlSetClock: {
    method: 'POST',
    path: '/_docplat/clock/set',
    summary: 'Sets platform time (forward or back), `{ now }` as an ISO instant',
    body: z.strictObject({ now: Instant }),
    status: 200,
    response: ClockState,
  },
  controlFreezeClock: {
    method: 'POST',
    path: '/_docplat/clock/freeze',
    summary: 'Stops platform time at the current instant',
    status: 200,
    response: ClockState,
  },
  controlUnfreezeClock: {
    method: 'POST',
    path: '/_docplat/clock/unfreeze',
    summary: 'Lets platform time flow again',
    status: 200,
    response: ClockState,
  },
  controlListFaults: {
    method: 'GET',
    path: '/_docplat/faults',
    summary: 'The active faults',
    status: 200,
    response: z.object({ faults: z.array(ActiveFault) }),
  },
  controlAddFault: {
    method: 'POST',
    path: '/_docplat/faults',
    summary: 'Adds a fault: the object `platform.faults.add` takes; a regular expression on the path goes in `pathPattern`',
    body: WireFault,
    status: 201,
    response: z.object({ id: z.number() }),
  },
  controlClearFaults: { method: 'DELETE', path: '/_docplat/faults', summary: 'Removes every fault', status: 204 },
  controlRemoveFault: {
    method: 'DELETE',
    path: '/_docplat/faults/{id}',
    summary: 'Removes one fault by the ID adding it returned',
    status: 204,
  },
  controlListRequests: {
    method: 'GET',
    path: '/_docplat/requests',
    summary: 'The request log, oldest first (newest last)',
    status: 200,
    query: {
      operationId: q('Only requests that matched this operation'),
      method: q('Only this HTTP method'),
      status: q('Only this status (`404`) or class (`4xx`)'),
      since: q('Only requests handled at or after this platform time (ISO)'),
    },
    response: z.object({ requests: z.array(LoggedRequestSchema) }),
  },
  controlClearRequests: {
    method: 'DELETE',
    path: '/_docplat/requests',
    summary: "Forgets the request log (and the inspector's exchanges)",
    status: 204,
  },
  controlListExchanges: {
    method: 'GET',
    path: '/_docplat/exchanges',
    summary:
      "What the inspector shows: every HTTP exchange the server answered (the control plane's aside), newest last; `epoch` changes when the journal is cleared",
    status: 200,
    query: { after: q('Only exchanges with a greater `id`'), limit: q('At most this many, the newest (default and maximum 10000)') },
    response: z.object({ exchanges: z.array(ExchangeSummary), next: z.number(), epoch: z.number() }),
  },
  controlGetExchange: {
    method: 'GET',
    path: '/_docplat/exchanges/{id}',
    summary:
      'One exchange with its request and response headers and bodies (bodies kept for the newest, at most 1000 within the request journal memory budget, up to 64 Ki characters each)',
    status: 200,
    response: z.extend(ExchangeSummary, { request: Message, response: Message }),
  },
  controlListTokens: {
    method: 'GET',
    path: '/_docplat/tokens',
    summary: 'API tokens: those named in `platform.tokens`, and every token with its user',
    status: 200,
    response: z.object({ named: z.record(z.string(), z.string()), tokens: z.array(TokenInfo) }),
  },
  controlCreateUser: {
    method: 'POST',
    path: '/_docplat/users',
    summary: 'A user with a fresh API token, optionally a member of an organization with a role (`builders.user`)',
    body: NewUser,
    status: 201,
    response: CreatedUser,
  },
  controlCreateOrganization: {
    method: 'POST',
    path: '/_docplat/organizations',
    summary: 'An organization (`builders.organization`): with `POST /_docplat/users`, what makes `--scenario empty` usable',
    body: NewOrganizationBody,
    status: 201,
    response: ShownOrganization,
  },
  controlUpdateInstallation: {
    method: 'PATCH',
    path: '/_docplat/installations/{installationId}',
    summary:
      'Changes an installation (`platform.integrations.updateInstallation`): status, configuration, external IDs, selections, and the settings of the spaces and sites it targets; records the events that causes',
    body: InstallationUpdateBody,
    status: 200,
    response: WireInstallation,
  },
  controlEmitInstallationEvent: {
    method: 'POST',
    path: '/_docplat/installations/{installationId}/events',
    summary:
      'Emits an event of a type the mock records for an installation (`platform.integrations.emitEvent`): `installation_setup`, `space_installation_setup` with `spaceId`, `site_installation_setup` with `siteId`; answers it once delivered, or `pending` while a tunnel takes longer than a second',
    body: EmittedEventBody,
    status: 201,
    response: WireEvent,
  },
  controlGetIntegrationDevelopment: {
    method: 'GET',
    path: '/_docplat/integrations/{integrationName}/development',
    summary:
      'Whether development mode is on for an integration, its tunnel, and whether it takes all organizations (`platform.integrations.development`)',
    status: 200,
    response: Development,
  },
  controlCreatePlatform: {
    method: 'POST',
    path: '/_docplat/platforms',
    summary:
      'Another platform on this server, with its own state, clock, faults, request log and fresh tokens: its API under `baseUrl` (`/_docplat/platforms/{id}/v1/...`), its control plane under `controlUrl`. `"from": "server"` starts it from the server\'s starting state, shared with the others started from it until each writes. 429 past `--max-platforms`, 507 past the memory bound',
    body: NewPlatformBody,
    bodyOptional: true,
    status: 201,
    response: CreatedPlatform,
  },
  controlListPlatforms: {
    method: 'GET',
    path: '/_docplat/platforms',
    summary: "The server's platforms: its first one (`default`, at the server's own URLs), then those created, oldest first",
    status: 200,
    response: z.object({ platforms: z.array(PlatformInfo) }),
  },
  controlEndPlatform: {
    method: 'DELETE',
    path: '/_docplat/platforms/{id}',
    summary: "Ends a created platform: its URLs answer 404 from then on (the server's first one cannot be ended: 409)",
    status: 204,
  },
  controlOpenAPI: {
    method: 'GET',
    path: '/openapi.json',
    summary: 'The OpenAPI document of the API and of this control plane',
    status: 200,
    response: z.looseObject({ openapi: z.string() }),
  },
} as const satisfies Record<string, RouteShape>

/** The ID of a control route: a key of {@link CONTROL}. */
export type ControlRouteId = keyof typeof CONTROL

/** Every control route with its ID, in the table's order. */
export const CONTROL_ROUTES: readonly ControlRoute[] = (Object.keys(CONTROL) as ControlRouteId[]).map((id) => ({ id, ...CONTROL[id] }))

/** The JSON body a route takes, as its schema gives it; `undefined` for a route without one. */
export type RouteBody<Id extends ControlRouteId> = (typeof CONTROL)[Id] extends { body: infer S extends z.ZodMiniType }
  ? z.output<S>
  : undefined

/** What a route answers, as its schema gives it; `undefined` for a route without a JSON answer. */
export type RouteAnswer<Id extends ControlRouteId> = (typeof CONTROL)[Id] extends { response: infer S extends z.ZodMiniType }
  ? z.output<S>
  : undefined

/**
 * `T`, read-only all the way down: what a handler may answer with (its answer is only serialized),
 * so a platform method that hands out read-only records still answers its route.
 */
export type Immutable<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { readonly [K in keyof T]: Immutable<T[K]> } : T

/** A route called with JSON (or nothing) and answering JSON (or nothing): every route but a page's, such as the inspector's. */
export type ControlCallId = { [Id in ControlRouteId]: (typeof CONTROL)[Id] extends { contentType: string } ? never : Id }[ControlRouteId]

/** The routes {@link Control} calls, in the table's order. */
export const CONTROL_CALLS = CONTROL_ROUTES.filter((route) => route.contentType === undefined) as ReadonlyArray<
  ControlRoute & { id: ControlCallId }
>

/** The method of {@link Control} that calls a route: its ID without `control` (`controlGetClock` is `getClock`). */
export type ControlMethod<Id extends ControlRouteId> = Id extends `control${infer Rest}` ? Uncapitalize<Rest> : never

/** The method of {@link Control} that calls route `id`. */
export function controlMethod<Id extends ControlRouteId>(id: Id): ControlMethod<Id> {
  const rest = id.slice('control'.length)
  return `${rest.charAt(0).toLowerCase()}${rest.slice(1)}` as ControlMethod<Id>
}

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never

/** The names of a route's path parameters, read from its path (`/_docplat/faults/{id}` has `id`). */
export type RouteParams<Id extends ControlRouteId> = ParamNames<(typeof CONTROL)[Id]['path']>

type Nothing = Record<never, never>

/**
 * What a control call takes, as its route declares it: `params` when its path has parameters
 * (values as sent, not encoded), `query` when it takes query parameters, `body` when it takes one
 * (optional when the route's body may be left out).
 */
export type ControlInput<Id extends ControlRouteId> = ([RouteParams<Id>] extends [never]
  ? Nothing
  : { params: { readonly [K in RouteParams<Id>]: string } }) &
  ((typeof CONTROL)[Id] extends { query: infer Q } ? { query?: { readonly [K in keyof Q]?: string | undefined } } : Nothing) &
  ((typeof CONTROL)[Id] extends { body: z.ZodMiniType }
    ? (typeof CONTROL)[Id] extends { bodyOptional: true }
      ? { body?: Immutable<RouteBody<Id>> }
      : { body: Immutable<RouteBody<Id>> }
    : Nothing)

/** The call of one route: its input as the table declares it, its answer as its schema gives it. */
export type ControlCall<Id extends ControlRouteId> =
  Nothing extends ControlInput<Id>
    ? (input?: ControlInput<Id>) => Promise<Immutable<RouteAnswer<Id>>>
    : (input: ControlInput<Id>) => Promise<Immutable<RouteAnswer<Id>>>

/**
 * The control API, one method per route of the control plane (`CONTROL` in mock/control/routes.ts), named after the
 * route (`controlAdvanceClock` is `advanceClock`), taking and answering what the route declares.
 * The same interface is served in process (`localControl(platform)`) and over HTTP
 * (`connectMockServer(url)`'s `control`), so a test's control calls run against either. A refusal
 * rejects with an error carrying the route's `status` and the plane's message (over HTTP a
 * `ControlPlaneError`, its message prefixed with the method and path).
 *
 * @example
 * ```ts
 * await control.advanceClock({ body: { by: '7d' } })
 * const { faults } = await control.listFaults()
 * await control.removeFault({ params: { id: String(faults[0]!.id) } })
 * ```
 */
export type Control = { readonly [Id in ControlCallId as ControlMethod<Id>]: ControlCall<Id> }

/** Calls route `id` on a control, for callers that hold the route's ID rather than its method (the plane, by its route table). */
export function callControl(control: Control, id: ControlCallId, input: unknown): Promise<unknown> {
  return (control[controlMethod(id)] as (input: unknown) => Promise<unknown>)(input)
}
