import type { IncomingMessage, ServerResponse } from 'node:http'
import { MAX_BODY_BYTES } from '../core/input.ts'
import { HOP_BY_HOP, requestUrl } from './native.ts'
import { cutAfter } from './response.ts'

/** A request body larger than the server accepts for it, noticed before buffering it. */
export class BodyTooLarge extends Error {
  readonly limit: number
  constructor(limit: number) {
    super(tooLargeMessage(limit))
    this.limit = limit
  }
}

const tooLargeMessage = (limit: number) => `Request body is larger than ${limit} bytes`

/** Converts a Node request into a WHATWG `Request`, reading at most a little more than the platform accepts. */
export async function toRequest(
  req: IncomingMessage,
  base: string,
  signal: AbortSignal,
  read?: Uint8Array<ArrayBuffer>,
  limit = MAX_BODY_BYTES,
): Promise<Request> {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, req.rawHeaders[i + 1]!)
  }
  const method = req.method ?? 'GET'
  // GET and HEAD bodies are never read (nor given to the `Request`, which refuses them).
  const body = method === 'GET' || method === 'HEAD' ? undefined : (read ?? (await readBody(req, limit)))
  return new Request(requestUrl(req, base), { method, headers, signal, ...(body && body.byteLength > 0 ? { body } : {}) })
}

/**
 * Buffers the body up to `limit` (the platform's `MAX_BODY_BYTES` unless the server allows this
 * request more) plus one chunk: enough to know it is too large without holding whatever a client
 * chooses to send.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) return Promise.reject(new BodyTooLarge(limit))
  // Plain listeners rather than `for await`: leaving an async iterator early destroys the
  // request, and with it the socket the 413 has to go out on.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > limit) {
        cleanup()
        req.pause()
        reject(new BodyTooLarge(limit))
      } else chunks.push(chunk)
    }
    const onEnd = () => {
      cleanup()
      resolve(Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const onClose = () => {
      if (!req.complete) onError(new Error('The client closed the connection while sending the body'))
    }
    const cleanup = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
    }
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose)
  })
}

/**
 * Answers 413. A client that asked `Expect: 100-continue` sends no body after it, so the
 * connection closes; otherwise the rest of the body is read and thrown away, because closing on a
 * client still sending makes it see a connection reset instead of the answer. Node's request
 * timeout no longer runs once the answer is out, so the connection is cut `linger` ms after the
 * answer unless the body has ended by then (the connection is then an ordinary kept-alive one).
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, limit: number, linger: number): void {
  const body = JSON.stringify({ error: { code: 413, message: tooLargeMessage(limit) } })
  const expecting = /100-continue/i.test(String(req.headers.expect ?? ''))
  res.writeHead(413, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...(expecting ? { connection: 'close' } : {}),
  })
  res.end(body)
  if (req.complete) return
  const keep = cutAfter(req.socket, linger)
  req.once('end', keep)
  req.resume()
}
