/** Where the capture reports what it is doing. */
export interface Progress {
  /** A new phase starts (`spaces`), with how many items it will read when known. */
  phase(name: string, total?: number): void
  /** One item of the current phase is done. */
  tick(detail?: string): void
  /** The capture is over: clear a live line. */
  done(): void
}

/** Reports nothing: what `capture()` does unless given a reporter. */
export const silentProgress: Progress = { phase() {}, tick() {}, done() {} }

/** A writable like `process.stderr`: a terminal redraws one line, anything else gets plain lines. */
export interface ProgressStream {
  write(text: string): unknown
  isTTY?: boolean | undefined
  columns?: number | undefined
}

/**
 * Progress on a stream. On a terminal, one line redrawn at most every 100 ms: the phase, items
 * done of the total, elapsed time and an estimate of what remains. Elsewhere (CI logs, a pipe),
 * one plain line per phase and one every 50 items, so logs stay readable.
 */
export function streamProgress(stream: ProgressStream, now: () => number = Date.now): Progress {
  const started = now()
  let phase = ''
  let total: number | undefined
  let done = 0
  let phaseStarted = started
  let lastDraw = 0
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`
  const line = (detail?: string) => {
    const elapsed = now() - started
    const count = total !== undefined ? `${done}/${total}` : `${done}`
    let eta = ''
    if (total !== undefined && done > 0 && done < total) eta = `, ~${seconds(((now() - phaseStarted) / done) * (total - done))} left`
    return `capture: ${phase} ${count} (${seconds(elapsed)} elapsed${eta})${detail ? ` ${detail}` : ''}`
  }
  const draw = (force: boolean, detail?: string) => {
    if (stream.isTTY) {
      if (!force && now() - lastDraw < 100) return
      lastDraw = now()
      const width = Math.max(20, (stream.columns ?? 80) - 1)
      stream.write(`\r\x1b[2K${line(detail).slice(0, width)}`)
    } else if (force || done % 50 === 0) stream.write(`${line(detail)}\n`)
  }
  return {
    phase(name, count) {
      phase = name
      total = count
      done = 0
      phaseStarted = now()
      draw(true)
    },
    tick(detail) {
      done++
      draw(false, detail)
    },
    done() {
      if (stream.isTTY) stream.write('\r\x1b[2K')
    },
  }
}
