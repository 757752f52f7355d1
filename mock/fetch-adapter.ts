/**
 * The WHATWG side of the platform's core: `platform.fetch`, `platform.dispatch` and the MSW
 * handlers turn a `Request` into the core's plain request and its plain answer into a `Response`.
 * The Node server has its own adapter (mock/http/native-request.ts) that builds neither.
 */
import { readRequestBytes } from './base/input.ts'
import type { PlainHandler, PlainAnswer, PlainRequest } from './core.ts'

/**
 * A `dispatch(Request) => Response` over a plain handler, naming the plain handler it
 * adapts (`adapts`), so a server handed the platform answers through that handler without building
 * WHATWG objects. A `dispatch` written by hand (a wrapper that logs) names none, and is called as
 * it is.
 */
export type FetchDispatch = ((request: Request) => Promise<Response>) & { readonly adapts?: PlainHandler | undefined }

/** What the core reads of a `Request`: the body only when the operation takes one. */
class FetchRequest implements PlainRequest {
  readonly method: string
  readonly url: string
  readonly pathname: string
  readonly search: string
  readonly signal: AbortSignal
  readonly #request: Request

  constructor(request: Request) {
    const url = new URL(request.url)
    this.method = request.method
    this.url = request.url
    this.pathname = url.pathname
    this.search = url.search.length > 1 ? url.search.slice(1) : ''
    this.signal = request.signal
    this.#request = request
  }

  header(name: string): string | undefined {
    return this.#request.headers.get(name) ?? undefined
  }

  body(): Promise<Uint8Array | undefined> {
    return readRequestBytes(this.#request)
  }

  discard(): void {
    if (this.#request.body) void this.#request.body.cancel().catch(() => undefined)
  }
}

/** Reads what the core needs of a `Request`, the body only when the operation takes one. */
export function plainRequest(request: Request): PlainRequest {
  return new FetchRequest(request)
}

const encoder = new TextEncoder()

/** The `Response` of a plain answer; a stream of events is read as the events come. */
export function toResponse(answer: PlainAnswer): Response {
  const { status, headers, body } = answer
  if (body === null || typeof body === 'string') return new Response(body, { status, headers })
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for await (const event of body) controller.enqueue(encoder.encode(event))
      } finally {
        controller.close()
      }
    },
  })
  return new Response(stream, { status, headers })
}

/** `dispatch(Request) => Response` over `handler` (the core, or the core as strict mode sees it). */
export function fetchDispatch(handler: PlainHandler): FetchDispatch {
  const dispatch = async (request: Request) => toResponse(await handler(plainRequest(request)))
  return Object.defineProperty(dispatch, 'adapts', { value: handler })
}
