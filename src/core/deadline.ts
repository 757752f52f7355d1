/**
 * How a call stops waiting. The code a call waits on may not listen to its signal (a token
 * function, middleware, a custom `fetch`, a response body), so the call races it against the
 * signal instead, and lets it go.
 */

const ignore = () => {}

/**
 * Settles as `work` does, or rejects with `signal`'s reason as soon as it aborts. The abandoned
 * work keeps running, but its later result is dropped and its later rejection handled here, so
 * it neither keeps the caller waiting nor surfaces as an unhandled rejection.
 */
export function within<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason)
    if (signal.aborted) stop()
    else signal.addEventListener('abort', stop, { once: true })
    work.then(
      (value) => {
        signal.removeEventListener('abort', stop)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop)
        reject(error)
      },
    )
  })
}

/**
 * Cancels a body no one will read, without waiting: a source's `cancel` may never settle, and a
 * body already locked or read refuses to be cancelled.
 */
export function letGo(response: { readonly body: ReadableStream<Uint8Array> | null; readonly bodyUsed: boolean }): void {
  if (response.body && !response.bodyUsed && !response.body.locked) response.body.cancel().catch(ignore)
}

/**
 * A body's text, read until it ends or `signal` aborts: then the body is cancelled (its source
 * told to stop, even when the `fetch` that made it ignores signals) and the read rejects with the
 * signal's reason.
 */
export async function readText(response: Response, signal: AbortSignal): Promise<string> {
  const { body } = response
  if (signal.aborted) {
    letGo(response)
    throw signal.reason
  }
  if (!body) return ''
  const reader = body.getReader()
  // Cancelling resolves the pending read as done, so the loop ends on its own.
  const stop = () => reader.cancel(signal.reason).catch(ignore)
  signal.addEventListener('abort', stop, { once: true })
  const decoder = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      signal.throwIfAborted()
      if (done) return text + decoder.decode()
      text += decoder.decode(value, { stream: true })
    }
  } finally {
    signal.removeEventListener('abort', stop)
    reader.releaseLock()
  }
}
