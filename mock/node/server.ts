import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DroppedConnection } from '../dispatch.ts'
import type { MockPlatform } from '../platform.ts'
import { BodyTooLarge, refuseBody, toRequest } from './request.ts'
import { destroy, writeResponse } from './response.ts'
import { applyCors, isLoopback, normalizeOrigin, type CorsPolicy } from './control/cors.ts'
import { createFront, type RequestSummary } from './control/front.ts'
import type { ControlPlaneOptions } from './control/plane.ts'

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /**
   * What answers the requests: a platform from `createMockPlatform`, or anything with its
   * `dispatch` (a wrapper that logs or persists, for instance).
   */
  platform: Pick<MockPlatform, 'dispatch'>
  /** TCP port; `0` (the default) picks a free one, see {@link MockServer.port}. */
  port?: number
  /** Interface to listen on. Default `127.0.0.1`, so the mock is not reachable from other machines. */
  host?: string
  /**
   * Which browser origins may call the server: `true` (any), a list of origins, or `false`.
   * Default: any origin while listening on loopback, none otherwise.
   */
  cors?: boolean | readonly string[]
  /**
   * The control plane under `/_docplat/` (reset, state, clock, faults, requests, tokens, users,
   * the inspector page) and `/openapi.json`. On by default when `platform` is a whole platform;
   * `false` turns it off. Off loopback it needs `token`, or the server refuses to start.
   */
  control?: ControlPlaneOptions | false
  /** Called once per answered request (the CLI prints a line from it). */
  onRequest?: (entry: RequestSummary) => void
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
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError(`Invalid port ${String(port)}: expected an integer from 0 to 65535`)
  let base = ''
  let closing = false
  // ---- control plane, CORS, request log (issue 14): see control/ ----
  const loopback = isLoopback(host)
  const cors: CorsPolicy = options.cors === undefined ? (loopback ? '*' : false) : options.cors === true ? '*' : options.cors === false ? false : options.cors.map(normalizeOrigin)
  const controlPlatform = options.control === false ? undefined : options.control?.platform ?? (isWholePlatform(platform) ? platform : undefined)
  if (controlPlatform && !loopback && !(options.control && options.control.token)) {
    throw new Error(`The control plane on ${host} would let anyone who can reach it rewrite all state: give it a token (control: { token }, --control-token) or turn it off (control: false)`)
  }
  const front = createFront({ control: controlPlatform ? { ...(options.control || {}), platform: controlPlatform } : false, onRequest: options.onRequest })
  const handled: Pick<MockPlatform, 'dispatch'> = { dispatch: (request) => front.handle(request, platform.dispatch) }
  // ----

  const server = createServer({ keepAlive: true }, (req, res) => {
    res.on('close', () => {
      // A kept-alive connection would otherwise stay open after close() until the client lets go.
      if (closing && !res.socket?.destroyed) res.socket?.destroySoon()
    })
    if (applyCors(cors, req, res)) {
      // Preflights are answered here, before the platform: printed all the same, CORS trouble is easier to see.
      options.onRequest?.({ at: new Date().toISOString(), method: 'OPTIONS', path: req.url ?? '/', status: res.statusCode, duration: 0 })
      return
    }
    serve(handled, base, req, res).catch((error: unknown) => {
      // Last resort: whatever went wrong, one request must never take the process down.
      console.error('[docplat mock] the server failed to answer a request:', error)
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { code: 500, message: `Internal error in the mock server: ${messageOf(error)}` } }))
      } else destroy(res.socket)
    })
  })

  await listen(server, port, host)
  // Failures after start (running out of file descriptors on accept) must not end the process.
  server.on('error', (error) => console.error('[docplat mock] server error:', error))
  const address = server.address() as AddressInfo
  base = `http://${urlHost(host)}:${address.port}`

  let closed: Promise<void> | undefined
  return {
    url: base,
    port: address.port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing = true
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

function isWholePlatform(platform: Pick<MockPlatform, 'dispatch'>): platform is MockPlatform {
  const p = platform as Partial<MockPlatform>
  return typeof p.snapshot === 'function' && typeof p.restore === 'function' && p.faults !== undefined && p.clock !== undefined
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

async function serve(platform: Pick<MockPlatform, 'dispatch'>, base: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const aborted = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) aborted.abort()
  })
  let request: Request
  try {
    request = await toRequest(req, base, aborted.signal)
  } catch (error) {
    // The client hung up while sending: nobody is left to answer.
    if (res.destroyed || (req.destroyed && !req.complete)) return
    if (error instanceof BodyTooLarge) return refuseBody(req, res)
    const method = (req.method ?? '').toUpperCase()
    const forbidden = method === 'TRACE' || method === 'TRACK' || method === 'CONNECT'
    const status = forbidden ? 405 : 400
    return writeResponse(errorResponse(status, forbidden ? `${method} is not allowed` : `Malformed request: ${messageOf(error)}`), req, res)
  }
  let response: Response
  try {
    response = await platform.dispatch(request)
  } catch (error) {
    if (error instanceof DroppedConnection) {
      req.socket.destroy()
      return
    }
    console.error('[docplat mock] the server failed to handle a request:', error)
    response = errorResponse(500, `Internal error in the mock server: ${messageOf(error)}`)
  }
  await writeResponse(response, req, res)
}

function messageOf(error: unknown): string {
  return String((error as Error)?.message ?? error)
}

function errorResponse(status: number, message: string): Response {
  return new Response(JSON.stringify({ error: { code: status, message } }), { status, headers: { 'content-type': 'application/json' } })
}
