import { APIPromise, type Fetched } from './api-promise.ts'

/** One Server-Sent Event as it arrives on the wire. */
export interface RawEvent {
  event: string
  data: string
  id?: string
}

/**
 * Splits a `text/event-stream` body into events (the WHATWG rules: blank line ends an event,
 * `data:` lines join). When `signal` aborts, the body is cancelled (even one from a `fetch` that
 * ignores signals) and the events end with the signal's reason.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<RawEvent> {
  const decoder = new TextDecoder()
  let buffer = ''
  let event: RawEvent = { event: 'message', data: '' }
  let hasData = false
  if (signal?.aborted) {
    if (!body.locked) body.cancel(signal.reason).catch(() => {})
    throw signal.reason
  }
  const reader = body.getReader()
  // Cancelling resolves the pending read as done, so the loop ends on its own.
  const stop = () => reader.cancel(signal?.reason).catch(() => {})
  signal?.addEventListener('abort', stop, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      signal?.throwIfAborted()
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
      let nl: number
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1))
        if (line === '') {
          if (hasData) yield event
          event = { event: 'message', data: '' }
          hasData = false
          continue
        }
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const val = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1))
        if (field === 'data') {
          event.data = hasData ? `${event.data}\n${val}` : val
          hasData = true
        } else if (field === 'event') event.event = val
        else if (field === 'id') event.id = val
      }
      if (done) break
    }
    if (hasData) yield event
  } finally {
    signal?.removeEventListener('abort', stop)
    reader.releaseLock()
  }
}

/**
 * What a streaming operation returns: `for await` over it for each parsed event, or await it
 * for the iterable (and `.withResponse()` for the raw response).
 */
export class StreamPromise<T> extends APIPromise<AsyncIterable<T>> implements AsyncIterable<T> {
  /** @internal */
  constructor(start: () => Promise<Fetched<AsyncIterable<T>>>) {
    super(start)
  }

  /** Each parsed event, as it arrives. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* await this
  }
}
