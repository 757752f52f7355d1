import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PlainAnswer } from '../core.ts'
import type { MockLog } from '../base/logger.ts'
import { closeAfterError, cutAfter, writeChunks } from './socket.ts'

/**
 * What the HTTP edge answers: the core's plain answer, or bytes (a platform served through its
 * WHATWG `dispatch`), with what the connection should do after it.
 */
export interface EdgeAnswer extends Omit<PlainAnswer, 'body' | 'headers'> {
  /** Lower-case header names; a list for a header sent once per value (`set-cookie`). */
  headers: Record<string, string | string[]>
  body: PlainAnswer['body'] | Uint8Array | AsyncIterable<string | Uint8Array>
  /**
   * After an error that leaves the connection unusable: `'end'` closes it once the answer is out
   * (a body that could not be read); `'drain'` reads and drops the rest of a body refused as too
   * large, so the client sees the answer rather than a reset.
   */
  connection?: 'end' | 'drain' | undefined
}

/**
 * Writes an answer: a JSON body in one write with its length, bytes likewise, Server-Sent Events
 * one event at a time as they come (stopping when the client goes away); then does what its
 * `connection` asks, the connection cut at the latest `linger` ms after.
 */
export async function writeAnswer(
  answer: EdgeAnswer,
  req: IncomingMessage,
  res: ServerResponse,
  linger: number,
  logger: MockLog,
): Promise<void> {
  const { status, body, headers } = answer
  const stream = body !== null && typeof body !== 'string' && !(body instanceof Uint8Array) ? body : undefined
  if (answer.connection === 'end') res.shouldKeepAlive = false
  // A client that asked `Expect: 100-continue` sends no body after a refusal: nothing to drain.
  if (answer.connection === 'drain' && /100-continue/i.test(String(req.headers.expect ?? ''))) headers.connection = 'close'
  if (res.destroyed || req.method === 'HEAD' || body === null) {
    if (stream) void (stream as AsyncGenerator<string>).return?.(undefined)
    if (!res.destroyed) res.writeHead(status, headers).end()
  } else if (typeof body === 'string') {
    const { data, encoding, length } = sendable(answer as PlainAnswer)
    headers['content-length'] = String(length)
    // Text goes out with the status line and headers in one write.
    res.writeHead(status, headers).end(data, encoding)
  } else if (body instanceof Uint8Array) {
    headers['content-length'] = String(body.byteLength)
    res.writeHead(status, headers).end(body)
  } else {
    res.writeHead(status, headers)
    res.flushHeaders()
    const iterator = body[Symbol.asyncIterator]()
    await writeChunks(
      res,
      () => iterator.next(),
      () => void iterator.return?.(undefined)?.catch(() => undefined),
      logger,
    )
  }
  if (answer.connection === 'end') closeAfterError(req.socket, linger)
  else if (answer.connection === 'drain' && !req.complete) {
    // Node's request timeout no longer runs once the answer is out: the connection is cut `linger`
    // ms from now unless the body ends first (it is then an ordinary kept-alive one).
    const keep = cutAfter(req.socket, linger)
    req.once('end', keep)
    req.resume()
  }
}

/** What to send of a JSON answer: its text, how to copy it to the socket, and how many bytes. */
interface Sendable {
  data: string
  /** `latin1` when every character is one byte (ASCII), so they are copied instead of encoded. */
  encoding: 'latin1' | 'utf8'
  length: number
}

/**
 * What to send of a JSON answer, decided once: the socket and the inspector's exchanges share it.
 * The text goes out as it is, in the same write as the headers, whatever its size: the exchanges
 * keep only a bounded prefix of a large answer (mock/control/exchange-messages.ts), so no copy of
 * the whole text outlives the request.
 */
function sendable(answer: PlainAnswer & { sendable?: Sendable }): Sendable {
  if (answer.sendable) return answer.sendable
  const body = answer.body as string
  const length = Buffer.byteLength(body)
  return (answer.sendable = { data: body, encoding: length === body.length ? 'latin1' : 'utf8', length })
}

/** The JSON body as the exchanges read it: the text that was sent, and its length in bytes. */
export function answerText(answer: PlainAnswer): { text: string; length: number } {
  const { data, length } = sendable(answer)
  return { text: data, length }
}
