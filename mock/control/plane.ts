import { timingSafeEqual } from 'node:crypto'
import { errorAnswer } from '../base/error-answer.ts'
import { HttpError } from '../base/http-error.ts'
import { MAX_BODY_BYTES } from '../base/input.ts'
import type { RequestLog } from '../base/request-log.ts'
import { routeTableFor } from '../base/route-table.ts'
import type { PlainAnswer, PlainRequest } from '../core.ts'
import type { PlatformHost } from '../host/platforms.ts'
import type { SerializedState } from '../model/state.ts'
import type { MockPlatform } from '../platform.ts'
import type { ExchangeDetails } from './exchange-messages.ts'
import { controlOver } from './local.ts'
import { CONTROL, CONTROL_ROUTES, callControl, type Control, type ControlRoute } from './routes.ts'
import { InspectorAssets } from './static.ts'

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
  /**
   * What `POST /_docplat/reset` returns to instead of the platform's own initial state, read at
   * each reset (`undefined`: the platform's own). Only the control plane's reset uses it:
   * `platform.reset()` in process still returns to the platform's own initial state, which
   * `docplat-mock serve --state` makes the state file's state at start without this option.
   */
  initial?: () => SerializedState | undefined
  /**
   * Called after the control plane changed state; the answer waits for it (the CLI saves its
   * state file then, so an acknowledged reset or new user survives the process being killed).
   */
  onChange?: (() => void | Promise<void>) | undefined
}

export const CONTROL_PREFIX = '/_docplat/'

const json = (status: number, body: unknown): PlainAnswer => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
})
const noContent = (): PlainAnswer => ({ status: 204, headers: {}, body: null })
/** An error answer of the plane: like every answer of the plane, about live state, so never cached. */
const planeError = (status: number, message: string, headers: Record<string, string> = {}): PlainAnswer => {
  const answer = errorAnswer(status, message, headers)
  answer.headers['cache-control'] = 'no-store'
  return answer
}
const redirect = (status: 302 | 308, location: string): PlainAnswer => ({ status, headers: { location }, body: null })

/** The control routes, routed as the API's operations are (mock/base/route-table.ts). */
const ROUTES = routeTableFor(CONTROL_ROUTES)

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

/** The control plane: the platform's control API ({@link Control}, mock/control/local.ts) over HTTP. */
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
  // first request, whose inspector entry needs the log before a promise could settle.
  let resolved = 'then' in options.platform ? undefined : options.platform
  void Promise.resolve(options.platform).then(
    (platform) => void (resolved = platform),
    () => undefined,
  )
  const token = options.token === undefined ? undefined : Buffer.from(options.token)
  const assets = new InspectorAssets()
  let control: Promise<Control> | undefined
  const controlOf = (): Promise<Control> =>
    (control ??= Promise.resolve(options.platform).then((platform) =>
      controlOver(platform, {
        scenario: options.scenario,
        initial: options.initial,
        onChange: options.onChange,
        details: options.details,
        host: options.host,
        started,
      }),
    ))

  function authorized(headerOf: (name: string) => string | undefined): boolean {
    if (token === undefined) return true
    const header = headerOf('x-docplat-control-token') ?? /^Bearer\s+(\S+)\s*$/i.exec(headerOf('authorization') ?? '')?.[1]
    if (header === undefined) return false
    const given = Buffer.from(header)
    return given.length === token.length && timingSafeEqual(given, token)
  }

  /** Calls the route's method of the control API with what the request carries, and answers with the route's status. */
  async function run(route: ControlRoute, params: Record<string, string>, request: PlainRequest): Promise<PlainAnswer> {
    // The page is served from its files before routing reaches here; a HEAD or an odd method lands here.
    if (route.id === 'controlInspector') throw new HttpError(404, 'The inspector page answers GET')
    const search = new URLSearchParams(request.search)
    const query: Record<string, string> = {}
    for (const name of Object.keys(route.query ?? {})) {
      const value = search.get(name)
      if (value !== null) query[name] = value
    }
    const input = {
      params: Object.fromEntries(Object.entries(params).map(([name, raw]) => [name, pathParam(raw)])),
      query,
      body: route.body ? await readBody(request) : undefined,
    }
    const result = await callControl(await controlOf(), route.id, input)
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
          answer: planeError(405, `${method} is not allowed on /: the API is under /v1/, the inspector at ${CONTROL_PREFIX}`, {
            allow: 'GET, HEAD',
          }),
        }
      }
      const asset = await assets.serve(pathname, method)
      if (asset) return { answer: asset, operationId: 'controlInspector' }
      const match = ROUTES.match(method === 'HEAD' ? 'GET' : method, pathname)
      if (match.kind === 'none') return { answer: planeError(404, `No control route ${pathname}: see GET /openapi.json, tag "control"`) }
      if (match.kind === 'method') {
        return { answer: planeError(405, `${method} is not allowed on ${pathname}`, { allow: [...new Set(match.allow)].join(', ') }) }
      }
      const route = match.op
      // The page and the API description hold no state; everything else needs the token off loopback.
      if (route.id !== 'controlInspector' && route.id !== 'controlOpenAPI' && !authorized((name) => request.header(name))) {
        return {
          answer: planeError(401, 'The control plane needs its token: Authorization: Bearer <the --control-token secret>', {
            'www-authenticate': 'Bearer realm="docplat control plane"',
          }),
          operationId: route.id,
        }
      }
      try {
        const answer = await run(route, match.params, request)
        if (method === 'HEAD') answer.body = null
        return { answer, operationId: route.id }
      } catch (error) {
        if (error instanceof HttpError) return { answer: planeError(error.status, error.message, error.headers), operationId: route.id }
        throw error
      }
    },
    bodyLimit(method, pathname, header) {
      return method.toUpperCase() === 'PUT' && pathname === STATE_PATH && authorized(header) ? MAX_STATE_BYTES : MAX_BODY_BYTES
    },
  }
}

/** A request's JSON body, parsed (the control API checks it against the route's schema); `undefined` when empty. */
async function readBody(request: PlainRequest): Promise<unknown> {
  const bytes = await request.body()
  const text = bytes === undefined ? '' : new TextDecoder().decode(bytes)
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new HttpError(400, `Malformed JSON body: ${String((error as Error)?.message ?? error)}`)
  }
}

/** A path parameter as sent: percent-decoded, or a 400 for an encoding that is not UTF-8. */
function pathParam(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw new HttpError(400, `Malformed path parameter ${JSON.stringify(raw)}`)
  }
}
