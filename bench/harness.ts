/** Runs `fn` in rounds of `ms` milliseconds and returns the median rate in calls per second. */
export async function rate(fn: () => Promise<unknown>, { ms = 400, rounds = 5, warmup = 200 } = {}): Promise<number> {
  const end = performance.now() + warmup
  while (performance.now() < end) await fn()
  const rates: number[] = []
  for (let r = 0; r < rounds; r++) {
    let n = 0
    const start = performance.now()
    while (performance.now() - start < ms) {
      await fn()
      n++
    }
    rates.push((n * 1000) / (performance.now() - start))
  }
  return median(rates)
}

/** Median duration in milliseconds of `runs` calls of `fn`. */
export async function time(fn: () => Promise<unknown> | unknown, runs = 25): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  return median(times)
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
