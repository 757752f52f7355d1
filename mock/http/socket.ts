import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { MockLog } from '../base/logger.ts'

/**
 * Writes a body's chunks as they come, waiting for the socket to drain; `cancel` stops the source
 * when the client goes away.
 */
export async function writeChunks(
  res: ServerResponse,
  next: () => Promise<IteratorResult<Uint8Array | string> | ReadableStreamReadResult<Uint8Array>>,
  cancel: () => void,
  logger: MockLog,
): Promise<void> {
  res.on('close', cancel)
  try {
    for (;;) {
      const { done, value } = await next()
      if (done) break
      if (res.destroyed) return
      if (!res.write(value)) await drained(res)
    }
    res.end()
  } catch (error) {
    // The status line is already out: the only honest signal left is to cut the connection.
    if (!res.destroyed) logger.error('a response body failed mid-stream:', error)
    destroy(res.socket)
  } finally {
    res.off('close', cancel)
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

/**
 * Ends a connection after an error answer: the answer goes out with a half-close, and the
 * connection is cut `linger` ms later whatever the client does. Without the cut a client that
 * never reads (so never sees the end) and keeps sending holds its socket for ever, since every
 * byte it sends resets the idle timeout; the linger gives one that does read the time to see the
 * answer before the reset an unread receive buffer causes.
 */
export function closeAfterError(socket: Socket, linger: number, answer?: string): void {
  if (socket.destroyed) return
  cutAfter(socket, linger)
  if (answer === undefined) socket.end()
  else socket.end(answer)
}

/** Cuts the connection `linger` ms from now unless it closes first; nothing the client does moves it. */
export function cutAfter(socket: Socket, linger: number): () => void {
  if (socket.destroyed) return () => undefined
  const cut = setTimeout(() => socket.destroy(), linger)
  const cancel = () => clearTimeout(cut)
  socket.once('close', cancel)
  return () => {
    cancel()
    socket.off('close', cancel)
  }
}

export function destroy(socket: Socket | null): void {
  if (socket && !socket.destroyed) socket.destroy()
}
