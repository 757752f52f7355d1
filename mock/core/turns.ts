/** How long work done outside the state lock runs before other requests get the event loop. */
export const SLICE_MS = 10

/** The next turn of the event loop: after pending I/O in Node, a task in a browser. */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)))
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
