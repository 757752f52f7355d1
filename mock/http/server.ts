import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Logger } from '../../src/core/logger.ts'
import { ByteBudget } from '../base/byte-budget.ts'
import { errorAnswer, errorJson, internalErrorAnswer } from '../base/error-answer.ts'
import { mockLog } from '../base/logger.ts'
import { isLoopbackHost as isLoopback } from '../base/loopback.ts'
import { DroppedConnection, type PlainHandler } from '../core.ts'
import type { FetchDispatch } from '../fetch-adapter.ts'
import type { MockPlatform } from '../platform.ts'
import type { SharedStart } from '../scenarios/shared-start.ts'
import { ExchangeDetails } from '../control/exchange-messages.ts'
import { createControlPlane, type ControlPlaneOptions } from '../control/plane.ts'
import type { RequestSummary } from './access-log.ts'
import { writeAnswer } from './answer.ts'
import { corsPolicy, hostPolicy } from './cors.ts'
import { NativeRequest } from './native-request.ts'
import { answerRequest, ClientGone, edgeOf, type Edge, type Passage, type Tenant } from './pipeline.ts'
import { closeAfterError, destroy } from './socket.ts'
import { oldGenerationLimit, oldGenerationUsed } from './heap.ts'
import { MAX_BODY_BYTES } from '../base/input.ts'
import { hostedPath, PlatformHost, PLATFORMS_PREFIX, type HostedPlatform, type PlatformPolicy } from '../host/platforms.ts'
import type { ControlPlane } from '../control/plane.ts'
import { answerThrough } from './whatwg.ts'
import { SourceWorkers } from './source-workers.ts'
import type { SourceReader } from '../base/source-limits.ts'

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /**
   * What answers the requests: a platform from `createMockPlatform`, or anything with its
   * `dispatch` (a wrapper that logs, for instance, called for every request) or its `handle` (the
   * same without WHATWG objects: `platform.handle`, what the server calls for a whole platform).
   */
  platform: Pick<MockPlatform, 'dispatch'> | Pick<MockPlatform, 'handle'>
  /**
   * Where the server's own failures are told (a request it could not answer, a listener error),
   * as `createMockPlatform({ logger })` does for the platform's. Default: stderr, prefixed `[docplat mock]`.
   */
  logger?: Logger | undefined
  /** TCP port; `0` (the default) picks a free one, see {@link MockServer.port}. */
  port?: number | undefined
  /**
   * Interface to listen on. Default `127.0.0.1`, so the mock is not reachable from other machines.
   * Beyond loopback, build the platform with `tunnelLoopback: false` (as `docplat-mock serve`
   * does), or its organization admins can read this machine's local services through tunnels.
   */
  host?: string | undefined
  /**
   * Which browser origins may call the server, besides pages it serves itself. Default: pages
   * served from loopback (`http://localhost:5173`, `https://127.0.0.1:3000`, `http://[::1]:6006`,
   * any port); a list allows those origins too (`['https://devbox.lan:5173']`); `true` any origin
   * (`*`, what the server allowed on loopback before); `false` none, and no CORS headers. A request
   * from another origin is refused with 403 before it runs.
   */
  cors?: boolean | readonly string[] | undefined
  /**
   * Host names the server answers besides loopback names, IP addresses, `host` itself and this
   * machine's name (`os.hostname()`): a request whose `Host` names another is refused with 403,
   * so a page cannot reach the server through a name its owner points at this machine (DNS
   * rebinding). `.example.test` allows that name and its subdomains; `true` any host.
   */
  allowedHosts?: true | readonly string[] | undefined
  /**
   * The control plane under `/_docplat/` (reset, state, clock, faults, requests, tokens, users,
   * the inspector page) and `/openapi.json`. On by default when `platform` is a whole platform;
   * `false` turns it off. Off loopback it needs `token`, or the server refuses to start.
   */
  control?: ControlPlaneOptions | false | undefined
  /** Called once per answered request (the CLI prints a line from it). */
  onRequest?: ((entry: RequestSummary) => void) | undefined
  /**
   * The bytes of memory the headers and bodies the inspector shows may take: a {@link ByteBudget},
   * the platform's own by default (`platform.requests.budget`), so that they and the platform's
   * request log share one bound; `false` keeps none. With the control plane off, none are kept
   * anyway: nothing could read them.
   */
  requestJournal?: ByteBudget | false | undefined
  /** How long a client may take, so idle or slow connections cannot hold the server's sockets. */
  timeouts?: MockServerTimeouts | undefined
  /**
   * More platforms on this server, each under `/_docplat/platforms/{id}/` (`POST
   * /_docplat/platforms` creates one; docs/cli.md, "Parallel end-to-end runs"): how many at most
   * (the first counted, default 100), the old-generation heap in bytes at which new ones are
   * refused (default three quarters of what the old generation can hold), how long one may stay
   * unused (`'30m'` default, `0` never), and the policy each is created with. Their request logs
   * and exchanges share the server's `requestJournal` budget. `false` turns them off. Needs the
   * control plane.
   */
  platforms?: MockServerPlatforms | false | undefined
  /**
   * Saves what an answered request to `platform` changed (the CLI's `--state` file): each answer
   * leaves only once it resolves, and a failure is a 500 saying the change was made but not saved.
   * @internal
   */
  persist?: (() => Promise<void>) | undefined
}

/** Limits of the platforms a server hosts ({@link MockServerOptions.platforms}). */
export interface MockServerPlatforms {
  /** Most platforms at once, the server's first one included. Default 100. */
  max?: number | undefined
  /**
   * Bytes in use at which a new platform is refused (507): the old generation of V8's heap in use,
   * plus what the request memory budget may still fill. Default three quarters of what the old
   * generation can hold (`--max-old-space-size`; never the young generation, which
   * `heap_size_limit` also counts).
   */
  memory?: number | undefined
  /** How long a created platform may go without a request before it is ended: `'30m'` (default), ms, `0` never. */
  idle?: string | number | undefined
  /**
   * The options every created platform takes from the server (tunnels, near misses): give the
   * first platform the same (`createMockPlatform({ ...policy })`), as `docplat-mock serve` does.
   * Default: development tunnels may reach loopback only when the server listens on loopback.
   */
  policy?: PlatformPolicy | undefined
  /**
   * The server's starting state, which `POST /_docplat/platforms` with `"from": "server"` starts
   * platforms from, shared among them: `docplat-mock serve` gives its first platform's state as it
   * started (its scenario, or its `--state` file). `undefined` while the server is starting.
   * Omitted, `"from": "server"` is refused (400).
   */
  start?: (() => SharedStart | undefined) | undefined
}

/** Time limits of {@link startMockServer}, in milliseconds. */
export interface MockServerTimeouts {
  /** To send a request's headers, from the connection's start or the previous response. Default 10,000. */
  headers?: number | undefined
  /** To send a whole request, headers and body. Default 30,000. */
  request?: number | undefined
  /** Of silence on a connection (nothing received or sent) before it is closed. Default 30,000. */
  idle?: number | undefined
  /** A kept-alive connection waits this long for its next request. Default 5,000. */
  keepAlive?: number | undefined
  /**
   * After an error answer that ends the connection (408, 413, 431, 400, 405 to `CONNECT`), how
   * long the client has to read it before the connection is cut, whatever it sends meanwhile.
   * Default 2,000.
   */
  linger?: number | undefined
}

/** Defaults of {@link MockServerTimeouts}. */
export const DEFAULT_TIMEOUTS: { [K in keyof MockServerTimeouts]-?: number } = {
  headers: 10_000,
  request: 30_000,
  idle: 30_000,
  keepAlive: 5_000,
  linger: 2_000,
}

/** A running mock server. */
export interface MockServer {
  /** Base URL to give the SDK (`createClient({ baseUrl: server.url })`), without a trailing slash. */
  readonly url: string
  /** The port actually listened on (the free one picked when `port` was `0`). */
  readonly port: number
  /**
   * Stops accepting connections, lets requests in flight finish (for at most a few seconds, so a
   * long stream cannot hold shutdown hostage), then closes every connection.
   */
  close(): Promise<void>
}

/** How long `close()` waits for requests in flight before cutting their connections. */
const CLOSE_GRACE_MS = 3_000

/**
 * Serves a mock platform over real HTTP with `node:http`, for SDKs in other processes, other
 * languages, curl, or a browser app's dev server proxy.
 *
 * @example
 * ```ts
 * import { createClient } from 'docplat'
 * import { createMockPlatform } from 'docplat/mock'
 * import { startMockServer } from 'docplat/mock/node'
 *
 * const platform = createMockPlatform({ scenario: 'demo' })
 * const server = await startMockServer({ platform })
 * const client = createClient({ baseUrl: server.url, token: platform.tokens.admin })
 * console.log(await client.orgs.list())
 * await server.close()
 * ```
 */
export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  const { platform, port = 0, host = '127.0.0.1' } = options
  const logger = mockLog(options.logger)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new RangeError(`Invalid port ${String(port)}: expected an integer from 0 to 65535`)
  let base = ''
  let closing = false
  const loopback = isLoopback(host)
  const origins = corsPolicy(options.cors)
  const hostNames = hostPolicy(host, options.allowedHosts)
  const controlPlatform =
    options.control === false ? undefined : (options.control?.platform ?? (isWholePlatform(platform) ? platform : undefined))
  if (controlPlatform && !loopback && !(options.control && options.control.token)) {
    throw new Error(
      `The control plane on ${host} would let anyone who can reach it rewrite all state: give it a token (control: { token }, --control-token) or turn it off (control: false)`,
    )
  }
  // The platform's own budget, unless it is still to come (a promise) or not a whole platform.
  const platformBudget = (controlPlatform as Partial<MockPlatform> | undefined)?.requests?.budget
  const budget = options.requestJournal === false ? new ByteBudget(0) : (options.requestJournal ?? platformBudget ?? new ByteBudget())
  const answer = answererOf(platform)
  // Platforms created over HTTP, each its own tenant (its own control plane and inspector details).
  const limits = options.platforms === false ? undefined : (options.platforms ?? {})
  const platformHost =
    controlPlatform && limits
      ? new PlatformHost({
          firstScenario: (options.control && options.control.scenario) || 'custom',
          origin: () => base,
          maxPlatforms: limits.max,
          idle: limits.idle,
          // The server's tunnel policy unless the caller gave one: beyond loopback, no tunnel to loopback.
          policy: limits.policy ?? { tunnelLoopback: loopback },
          requestMemory: budget,
          start: limits.start,
          memory: {
            // What the request memory may still fill counts as used: it fills without asking.
            used: () => oldGenerationUsed() + Math.max(0, budget.limit - budget.used),
            limit: limits.memory ?? Math.floor(oldGenerationLimit() * 0.75),
          },
        })
      : undefined
  const tenants = new WeakMap<HostedPlatform, Tenant>()
  const tenantOf = (hosted: HostedPlatform): Tenant => {
    let found = tenants.get(hosted)
    if (!found) {
      const { platform: hostedPlatform } = hosted
      found = {
        answer: hostedPlatform.handle,
        control: createControlPlane({
          platform: hostedPlatform,
          scenario: hosted.scenario,
          ...(options.control && options.control.token !== undefined ? { token: options.control.token } : {}),
          details: new ExchangeDetails(hostedPlatform.requests.budget),
        }),
      }
      tenants.set(hosted, found)
    }
    return found
  }
  /** Which platform a request is for: a hosted one below its prefix (the path made its own), else the first. */
  const resolve = (passage: Passage): Tenant => {
    const { request } = passage
    const hosted = platformHost && hostedPath(request.pathname)
    if (!hosted) return tenant
    request.within(`${PLATFORMS_PREFIX}${hosted.id}`)
    const begun = platformHost.begin(hosted.id)
    if (!begun) return missing(hosted.id)
    passage.finished = begun.finished
    return tenantOf(begun.hosted)
  }
  const tenant: Tenant = {
    answer,
    persist: options.persist,
    control: controlPlatform
      ? createControlPlane({
          ...(options.control || {}),
          platform: controlPlatform,
          details: new ExchangeDetails(budget),
          host: platformHost,
        })
      : undefined,
  }
  /** What every request's stages share (mock/http/pipeline.ts, `answerRequest`). */
  const edge = edgeOf({ onRequest: options.onRequest, cors: origins, hosts: hostNames, resolve, logger })

  // A limit given as `undefined` (read from an unset setting) keeps its default.
  const given = Object.entries(options.timeouts ?? {}).filter(([, value]) => value !== undefined)
  const timeouts: { [K in keyof MockServerTimeouts]-?: number } = { ...DEFAULT_TIMEOUTS, ...Object.fromEntries(given) }
  for (const [name, value] of Object.entries(timeouts)) {
    if (!(Number.isInteger(value) && value > 0))
      throw new RangeError(`Invalid timeouts.${name} ${String(value)}: expected a positive integer of milliseconds`)
  }
  const isClosing = () => closing
  // Every platform the server serves reads OpenAPI sources on its worker, not on the event loop.
  const sourceWorkers = new SourceWorkers()
  const onRequest = (req: IncomingMessage, res: ServerResponse) =>
    void serve(edge, req, res, base, timeouts.linger, isClosing, sourceWorkers.read)
  const server = createServer(
    {
      keepAlive: true,
      headersTimeout: timeouts.headers,
      // Node wants the request limit to be at least the headers one.
      requestTimeout: Math.max(timeouts.request, timeouts.headers),
      keepAliveTimeout: timeouts.keepAlive,
      // How often the headers and request limits are checked; Node's 30 s would let them run late.
      connectionsCheckingInterval: Math.min(1_000, timeouts.headers),
    },
    onRequest,
  )
  server.setTimeout(timeouts.idle, (socket: Socket) => socket.destroy())
  // The body limits stage says continue, or refuses a body larger than accepted before it is sent.
  server.on('checkContinue', onRequest)
  // What Node's parser rejects (bad request lines, unknown methods, oversized headers, timeouts)
  // gets the same error body as every other answer, instead of Node's bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, timeouts.linger))
  // Without a listener Node drops a CONNECT without a word; this server is no proxy.
  server.on('connect', (req: IncomingMessage, socket: Socket) =>
    closeAfterError(socket, timeouts.linger, rawErrorAnswer(405, `${req.method ?? 'CONNECT'} is not allowed`)),
  )

  await listen(server, port, host)
  // Failures after start (running out of file descriptors on accept) must not end the process.
  server.on('error', (error) => logger.error('server error:', error))
  const address = server.address() as AddressInfo
  base = `http://${urlHost(host)}:${address.port}`

  let closed: Promise<void> | undefined
  return {
    url: base,
    port: address.port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing = true
        platformHost?.close()
        sourceWorkers.close()
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      })
      return closed
    },
  }
}

/**
 * One request through the stages, its answer written; a dropped connection cut. Whatever fails
 * after the stages (writing) is the one 500 if nothing was sent yet, else ends this request's
 * connection: never the process.
 */
async function serve(
  edge: Edge,
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  linger: number,
  closing: () => boolean,
  readSource: SourceReader,
): Promise<void> {
  try {
    const request = new NativeRequest(req, res, base, readSource)
    const passage: Passage = {
      req,
      res,
      request,
      arrived: performance.now(),
      at: Date.now(),
      origin: request.header('origin'),
      tenant: undefined,
      controlRoute: undefined,
    }
    try {
      await writeAnswer(await answerRequest(edge, passage), req, res, linger, edge.logger)
    } finally {
      passage.finished?.()
    }
  } catch (error) {
    if (error instanceof DroppedConnection) return void req.socket.destroy()
    if (error instanceof ClientGone) return
    if (res.headersSent) {
      edge.logger.error('the server failed to answer a request:', error)
      return destroy(res.socket)
    }
    const { status, headers, body } = internalErrorAnswer(error, { during: 'server' }, edge.logger)
    res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body)
  } finally {
    // A kept-alive connection would otherwise stay open after close() until the client lets go:
    // ended once its answer is out (checked here, not by a listener on every response).
    if (closing() && !res.socket?.destroyed) res.socket?.destroySoon()
  }
}

/**
 * How the server answers through `platform`: the plain handler its `dispatch` adapts (the core,
 * without WHATWG objects), else its `handle` when it gives no `dispatch`; a `dispatch` written by
 * hand (one that logs) must see every request, so it is called as it is.
 */
function answererOf(platform: Pick<MockPlatform, 'dispatch'> | Pick<MockPlatform, 'handle'>): Tenant['answer'] {
  const dispatch = 'dispatch' in platform ? (platform.dispatch as FetchDispatch | undefined) : undefined
  const plain: PlainHandler | undefined = dispatch ? dispatch.adapts : (platform as Pick<MockPlatform, 'handle'>).handle
  if (plain) return plain
  return (request) => answerThrough(dispatch!, request)
}

function isWholePlatform(platform: Pick<MockPlatform, 'dispatch'> | Pick<MockPlatform, 'handle'>): platform is MockPlatform {
  const p = platform as Partial<MockPlatform>
  return typeof p.snapshot === 'function' && typeof p.restore === 'function' && p.faults !== undefined && p.clock !== undefined
}

/** The tenant of a platform ID that names none (ended, expired, never created): 404 on its API and control plane alike. */
function missing(id: string): Tenant {
  const gone = () =>
    errorAnswer(
      404,
      `No platform ${JSON.stringify(id)} on this server (it was ended, expired, or never created): see GET /_docplat/platforms`,
    )
  const control: ControlPlane = {
    handle: async () => ({ answer: gone() }),
    log: () => undefined,
    details: undefined,
    bodyLimit: () => MAX_BODY_BYTES,
  }
  return { answer: async () => gone(), control }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
}

/** The host part of the server's URL: a wildcard address is not something a client can dial. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1'
  if (host === '::' || host === '[::]') return '[::1]'
  if (host.includes(':') && !host.startsWith('[')) return `[${host}]`
  return host
}

/** The status and words for a request Node's parser refused. */
function clientErrorAnswer(error: NodeJS.ErrnoException): [number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request headers are too large']
    case 'HPE_INVALID_METHOD':
      return [501, 'Unknown request method']
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request took too long to arrive']
    default:
      return [400, `Malformed request${error.code ? ` (${error.code})` : ''}`]
  }
}

function answerClientError(error: NodeJS.ErrnoException, socket: Socket, linger: number): void {
  // A reset or a half-sent request: nobody is listening for an answer.
  if (error.code === 'ECONNRESET' || !socket.writable) return destroy(socket)
  closeAfterError(socket, linger, rawErrorAnswer(...clientErrorAnswer(error)))
}

/** An error answer written straight to a socket that Node's HTTP layer no longer drives. */
function rawErrorAnswer(status: number, message: string): string {
  const body = errorJson(status, message)
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
}
