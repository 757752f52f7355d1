const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }

/** The earliest instant the platform's clock may show: 1970-01-01T00:00:00.000Z. */
export const MIN_CLOCK_MS = 0

/**
 * The latest instant the clock may be set or advanced to: 9989-12-31T23:59:59.999Z. Ten years
 * short of the last instant an ISO string writes with a four-digit year, so what the model adds
 * to the clock (7 days of retention, a generated certificate's three years, one millisecond per
 * write, the clock flowing on) still formats as every timestamp of the API does.
 */
export const MAX_CLOCK_MS = Date.UTC(9990, 0, 1) - 1

/** The last instant a timestamp of the API can write (9999-12-31T23:59:59.999Z): what a saved clock may hold. */
const LAST_FORMATTABLE_MS = Date.UTC(10_000, 0, 1) - 1

/** The clock's range as users read it. */
export const CLOCK_RANGE = `${new Date(MIN_CLOCK_MS).toISOString()} to ${new Date(MAX_CLOCK_MS).toISOString()}`

/**
 * Why `ms` is no time the clock may be set to, naming the range; `undefined` when it is one.
 * `what` names the value (`clock.now "..."`).
 */
export function clockRangeRefusal(ms: number, what: string): string | undefined {
  if (Number.isNaN(ms)) return `${what} is not a time: expected an ISO 8601 time or milliseconds since 1970`
  if (ms >= MIN_CLOCK_MS && ms <= MAX_CLOCK_MS) return undefined
  return `${what} is outside the platform's date range, ${CLOCK_RANGE}`
}

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
    inRange(startMs, `Start time ${String(start)}`)
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

  /**
   * Moves time forward by a duration (`'7d'`, `'2h'`, or milliseconds). Throws a `RangeError`,
   * changing nothing, when that would pass the platform's date range (to 9989-12-31T23:59:59.999Z).
   */
  advance(duration: string | number): Date {
    const ms = parseDuration(duration)
    if (!(ms >= 0)) throw new RangeError('The clock only moves forward')
    inRange(this.ms() + ms, `Advancing by ${String(duration)} would reach a time that`)
    if (this.#frozenAt !== undefined) this.#frozenAt += ms
    else this.#offset += ms
    return this.now()
  }

  /**
   * Sets the time (forward or back). Throws a `RangeError`, changing nothing, for a time outside
   * the platform's date range (1970-01-01T00:00:00.000Z to 9989-12-31T23:59:59.999Z).
   */
  set(time: Date | string | number): Date {
    const ms = new Date(time).getTime()
    if (Number.isNaN(ms)) throw new TypeError(`Invalid time: ${String(time)}`)
    inRange(ms, `Time ${String(time)}`)
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

  /**
   * Takes a saved clock. Throws, changing nothing, for one no timestamp can be written from: a
   * saved clock may hold up to the end of year 9999, since a clock flows on, and stamps step a
   * millisecond per write, past the range it was set in. @internal
   */
  load(state: { ms: number; frozen: boolean; last: number }): void {
    for (const [field, value] of [
      ['ms', state.ms],
      ['last', state.last],
    ] as const)
      if (!(typeof value === 'number' && value >= MIN_CLOCK_MS && value <= LAST_FORMATTABLE_MS))
        throw new RangeError(
          `clock.${field} ${String(value)} is outside the times a saved clock may hold, ${new Date(MIN_CLOCK_MS).toISOString()} to ${new Date(LAST_FORMATTABLE_MS).toISOString()}`,
        )
    this.#frozenAt = state.frozen ? state.ms : undefined
    this.#offset = state.ms - this.#real()
    this.#last = state.last
  }
}

/** Throws a `RangeError` naming the platform's date range when `ms` is outside it. */
function inRange(ms: number, what: string): void {
  if (!(ms >= MIN_CLOCK_MS && ms <= MAX_CLOCK_MS)) throw new RangeError(`${what} is outside the platform's date range, ${CLOCK_RANGE}`)
}
