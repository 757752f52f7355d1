import { operations } from '../../../src/contract/index.ts'
import type { OperationDef } from '../../../src/contract/define.ts'
import { MAX_BODY_BYTES } from '../../core/input.ts'
import { routeTableFor } from '../../core/route-table.ts'
import type { MockPlatform } from '../../platform.ts'
import type { Core, PlainAnswer, PlainRequest } from '../../dispatch.ts'
import { answerBytes, HOP_BY_HOP } from '../native.ts'
import type { ByteBudget } from '../../core/byte-budget.ts'
import { bodyText, ExchangeJournal, headersOf, RawExchange, type ExchangeMessage, type RequestSummary } from './exchanges.ts'

export type { RequestSummary } from './exchanges.ts'
import { createControlPlane, isControlPath, type ControlPlane, type ControlPlaneOptions } from './plane.ts'

export interface FrontOptions {
  /** `false` for no control plane; otherwise its options, with the platform resolved. */
  control: (ControlPlaneOptions & { platform: MockPlatform | PromiseLike<MockPlatform> }) | false
  /** What the journal of exchanges may keep, shared with the platform's request log. */
  budget: ByteBudget
  onRequest?: ((entry: RequestSummary) => void) | undefined
}

/**
 * What the server does around the platform: the control plane under `/_docplat/`, the journal of
 * exchanges the inspector reads, and the per-request callback the CLI prints from.
 */
export interface Front {
  /** Answers `request`: the control plane for its paths, `dispatch` for the rest. */
  handle(request: Request, dispatch: (request: Request) => Promise<Response>): Promise<Response>
  /**
   * Answers an API request through the platform's core, without WHATWG objects (the Node-native
   * path): the same journal entry and callback as `handle`. `raw` is what the inspector may show
   * later: the raw header list and the body's bytes, read only if someone opens the exchange.
   */
  api(request: PlainRequest, core: Core, raw: { headers: readonly string[]; body: Uint8Array | undefined }): Promise<PlainAnswer>
  /** The most bytes this request's body may hold (the control plane's state upload takes more than the API). */
  bodyLimit(method: string, pathname: string, header: (name: string) => string | undefined): number
}

const routes = routeTableFor(Object.values(operations) as OperationDef[])

export function createFront(options: FrontOptions): Front {
  // Only the control plane reads the journal: without it, no exchange is kept (nobody could read it).
  const journal = options.control === false ? undefined : new ExchangeJournal(options.budget)
  const control: ControlPlane | undefined =
    options.control === false ? undefined : createControlPlane({ ...options.control, journal: journal! })
  const recording = journal?.keeps ? journal : undefined

  return {
    bodyLimit: (method, pathname, header) => control?.bodyLimit(method, pathname, header) ?? MAX_BODY_BYTES,
    async api(request, core, raw) {
      const started = performance.now()
      const at = Date.now()
      const iso = () => new Date(at).toISOString()
      const method = request.method.toUpperCase()
      const path = request.search === '' ? request.pathname : `${request.pathname}?${request.search}`
      let answer: PlainAnswer
      try {
        answer = await core(request)
      } catch (error) {
        const match = routes.match(method, request.pathname)
        const entry = {
          at: iso(),
          method,
          path,
          status: 0,
          duration: since(started),
          ...(match.kind === 'found' ? { operationId: match.op.id } : {}),
        }
        options.onRequest?.(entry)
        if (recording)
          recording.detail(recording.add(entry), new RawExchange(raw.headers, HOP_BY_HOP, raw.body, {}, '(connection dropped)'))
        throw error
      }
      const entry = {
        at,
        method,
        path,
        status: answer.status,
        duration: since(started),
        ...(answer.operationId !== undefined ? { operationId: answer.operationId } : {}),
      }
      options.onRequest?.({ ...entry, at: iso() })
      if (recording) {
        const { body } = answer
        recording.detail(
          recording.add(entry),
          new RawExchange(
            raw.headers,
            HOP_BY_HOP,
            raw.body,
            answer.headers,
            body === null ? undefined : typeof body === 'string' ? answerBytes(answer) : null,
          ),
        )
      }
      return answer
    },
    async handle(request, dispatch) {
      const started = performance.now()
      const at = new Date().toISOString()
      const url = new URL(request.url)
      const method = request.method.toUpperCase()
      const path = `${url.pathname}${url.search}`
      if (!control && url.pathname === '/') {
        // No inspector to send a person to: say where the API is.
        const message = `No operation matches ${method} /: the API is under /v1/ (this server's control plane and its inspector are off)`
        return Response.json({ error: { code: 404, message } }, { status: 404 })
      }
      if (control && isControlPath(url.pathname)) {
        const { response, operationId } = await control.handle(request)
        // The inspector polls: its reads would drown what the app sent. Changes are printed.
        if (method !== 'GET' && method !== 'HEAD')
          options.onRequest?.({
            at,
            method,
            path,
            status: response.status,
            duration: since(started),
            ...(operationId ? { operationId } : {}),
          })
        return response
      }
      const match = routes.match(method, url.pathname)
      const operationId = match.kind === 'found' ? match.op.id : undefined
      if (!recording) {
        let status = 0
        try {
          const response = await dispatch(request)
          status = response.status
          return response
        } finally {
          // 0 when the connection was dropped, as the journal records it.
          options.onRequest?.({ at, method, path, status, duration: since(started), ...(operationId ? { operationId } : {}) })
        }
      }
      const journal = recording
      // Read before the platform consumes it; bounded by the server's body limit.
      const requestBody = request.body ? bodyText(request.clone().body) : Promise.resolve({})
      let response: Response
      try {
        response = await dispatch(request)
      } catch (error) {
        const entry = { at, method, path, status: 0, duration: since(started), ...(operationId ? { operationId } : {}) }
        const id = journal.add(entry)
        options.onRequest?.(entry)
        void requestBody.then((body) =>
          journal.detail(id, {
            request: { headers: headersOf(request.headers), ...body },
            response: { headers: {}, body: '(connection dropped)' },
          }),
        )
        throw error
      }
      const entry = { at, method, path, status: response.status, duration: since(started), ...(operationId ? { operationId } : {}) }
      const id = journal.add(entry)
      options.onRequest?.(entry)
      const streaming = /^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '')
      let responseBody: Promise<Pick<ExchangeMessage, 'body' | 'truncated'>>
      if (streaming) responseBody = Promise.resolve({ body: '(a Server-Sent Events stream: not recorded)' })
      else {
        const copy = response.clone()
        responseBody = bodyText(copy.body)
      }
      const responseHeaders = headersOf(response.headers)
      void Promise.all([requestBody, responseBody]).then(([req, res]) =>
        journal.detail(id, { request: { headers: headersOf(request.headers), ...req }, response: { headers: responseHeaders, ...res } }),
      )
      return response
    },
  }
}

function since(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10
}
