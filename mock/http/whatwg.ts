import type { EdgeAnswer } from './answer.ts'
import { HOP_BY_HOP, type NativeRequest } from './native-request.ts'

/** A platform given as its WHATWG `dispatch` (a wrapper that logs or persists): what the server calls then. */
export type WhatwgDispatch = (request: Request) => Promise<Response>

/**
 * Answers through a WHATWG `dispatch`: the request made a `Request`, the `Response` read back as
 * an answer, its body as bytes, or chunk by chunk for Server-Sent Events.
 */
export async function answerThrough(dispatch: WhatwgDispatch, request: NativeRequest): Promise<EdgeAnswer> {
  const headers = new Headers()
  const raw = request.rawHeaders
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) headers.append(raw[i]!, raw[i + 1]!)
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body()
  const response = await dispatch(
    new Request(request.url, {
      method: request.method,
      headers,
      signal: request.signal,
      ...(body !== undefined ? { body: body as Uint8Array<ArrayBuffer> } : {}),
    }),
  )
  const answerHeaders: Record<string, string | string[]> = {}
  for (const [name, value] of response.headers) if (name !== 'set-cookie') answerHeaders[name] = value
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) answerHeaders['set-cookie'] = cookies
  if (!response.body) return { status: response.status, headers: answerHeaders, body: null }
  if (/^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '')) {
    return { status: response.status, headers: answerHeaders, body: chunks(response.body) }
  }
  return { status: response.status, headers: answerHeaders, body: new Uint8Array(await response.arrayBuffer()) }
}

/**
 * A stream's chunks as an iterator whose `return` cancels the stream at once, even while a read
 * is pending (a generator's would wait for that read, which may never come).
 */
function chunks(body: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = body.getReader()
  const iterator: AsyncIterator<Uint8Array> = {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
    return: async () => {
      await reader.cancel().catch(() => undefined)
      return { done: true, value: undefined }
    },
  }
  return { [Symbol.asyncIterator]: () => iterator }
}
