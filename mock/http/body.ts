import type { IncomingMessage } from 'node:http'
import { MAX_BODY_BYTES } from '../base/input.ts'

/** A request body larger than the server accepts for it, noticed before buffering it. */
export class BodyTooLarge extends Error {
  readonly limit: number
  constructor(limit: number) {
    super(tooLargeMessage(limit))
    this.limit = limit
  }
}

const tooLargeMessage = (limit: number): string => `Request body is larger than ${limit} bytes`

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
