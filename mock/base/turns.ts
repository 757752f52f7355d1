/** How long work done outside the state lock runs before other requests get the event loop. */
export const SLICE_MS = 10

/**
 * Past this much markdown to parse or index (64 KB, about 10 to 20 ms here), an operation does
 * it outside the state lock (`Prepare`); below it, doing it under the lock costs less than a round
 * trip through the event loop.
 */
export const PREPARE_ABOVE = 64 * 1024

/**
 * The next turn of the event loop (a task: pending I/O runs first in Node, and events in a
 * browser). A message through a `MessageChannel`, not a timer: tests that fake timers
 * (`vi.useFakeTimers()`, Jest's, sinon's) fake `setImmediate` and `setTimeout`, and a mock waiting
 * on them would never answer.
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel()
    port1.onmessage = () => {
      // A port with a listener keeps a Node process alive until it is closed.
      port1.close()
      resolve()
    }
    port2.postMessage(undefined)
  })
}

/** Runs `each` over `items`, giving the event loop back whenever a slice has run out (work done outside the state lock). */
export async function eachSliced<T>(
  items: Iterable<T>,
  each: (item: T) => void,
  pause: () => Promise<void> | undefined = slicer(),
): Promise<void> {
  for (const item of items) {
    const waiting = pause()
    if (waiting) await waiting
    each(item)
  }
}

/**
 * A pause for long work: each call returns a promise of the next turn once {@link SLICE_MS}
 * have passed since the last one (await it), `undefined` otherwise (go on), so short work costs
 * no extra turn and long work lets other requests run every slice.
 */
export function slicer(): () => Promise<void> | undefined {
  let start = performance.now()
  return () => {
    if (performance.now() - start <= SLICE_MS) return undefined
    return nextTurn().then(() => {
      start = performance.now()
    })
  }
}
