const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }

/** Parses `'7d'`, `'90m'`, `'1.5h'` or a number of milliseconds. */
export function parseDuration(value: string | number): number {
  if (typeof value === 'number') return value
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)$/.exec(value.trim())
  if (!match) throw new TypeError(`Invalid duration "${value}": use a number of ms or e.g. "30s", "15m", "2h", "7d"`)
  return Number(match[1]) * UNITS[match[2]!]!
}

/**
 * The platform's clock. Time flows from the start instant like a real server's, unless frozen;
 * `advance('7d')` jumps ahead (retention, last-seen, processing states all follow it).
 * `stamp()` never returns the same instant twice, so every `updatedAt` moves on change.
 */
export class Clock {
  #offset: number
  #frozenAt: number | undefined
  #last = 0
  readonly #real: () => number

  /** @internal */
  constructor(start: Date | string | number | undefined, frozen: boolean, real: () => number = Date.now) {
    this.#real = real
    const startMs = start === undefined ? real() : new Date(start).getTime()
    if (Number.isNaN(startMs)) throw new TypeError(`Invalid start time: ${String(start)}`)
    this.#offset = startMs - real()
    this.#frozenAt = frozen ? startMs : undefined
  }

  /** The current platform time. */
  now(): Date {
    return new Date(this.ms())
  }

  /** The current platform time in milliseconds. */
  ms(): number {
    return this.#frozenAt ?? this.#real() + this.#offset
  }

  /** A strictly increasing timestamp for writes, as an ISO string. */
  stamp(): string {
    this.#last = Math.max(this.ms(), this.#last + 1)
    return new Date(this.#last).toISOString()
  }

  /** Moves time forward by a duration (`'7d'`, `'2h'`, or milliseconds). */
  advance(duration: string | number): Date {
    const ms = parseDuration(duration)
    if (!(ms >= 0)) throw new RangeError('The clock only moves forward')
    if (this.#frozenAt !== undefined) this.#frozenAt += ms
    else this.#offset += ms
    return this.now()
  }

  /** Sets the time (forward or back). */
  set(time: Date | string | number): Date {
    const ms = new Date(time).getTime()
    if (Number.isNaN(ms)) throw new TypeError(`Invalid time: ${String(time)}`)
    if (this.#frozenAt !== undefined) this.#frozenAt = ms
    else this.#offset = ms - this.#real()
    this.#last = 0
    return this.now()
  }

  /** Stops time at the current instant. */
  freeze(): Date {
    this.#frozenAt = this.ms()
    return this.now()
  }

  /** Lets time flow again from the current instant. */
  unfreeze(): void {
    if (this.#frozenAt === undefined) return
    this.#offset = this.#frozenAt - this.#real()
    this.#frozenAt = undefined
  }

  /** @internal */
  get state(): { ms: number; frozen: boolean; last: number } {
    return { ms: this.ms(), frozen: this.#frozenAt !== undefined, last: this.#last }
  }

  /** @internal */
  load(state: { ms: number; frozen: boolean; last: number }): void {
    this.#frozenAt = state.frozen ? state.ms : undefined
    this.#offset = state.ms - this.#real()
    this.#last = state.last
  }
}
