import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
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

/**
 * Rates (calls per second) of several functions, measured in interleaved rounds: a machine that
 * gets busier (or a heap that grows) during the run then slows every function alike, so their
 * ratios hold. Returns the median rate of each.
 */
export async function rates<K extends string>(
  fns: Record<K, () => Promise<unknown>>,
  { ms = 300, rounds = 7, warmup = 200 } = {},
): Promise<Record<K, number>> {
  const names = Object.keys(fns) as K[]
  for (const name of names) {
    const end = performance.now() + warmup
    while (performance.now() < end) await fns[name]()
  }
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      let n = 0
      const start = performance.now()
      while (performance.now() - start < ms) {
        await fns[name]()
        n++
      }
      samples[name].push((n * 1000) / (performance.now() - start))
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])])) as Record<K, number>
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

/** Starts a server in its own process and resolves with its first stdout line matching `pattern`. */
export function start(args: string[], pattern: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => void (errors += chunk.toString()))
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      const match = pattern.exec(line)
      if (match) resolve({ child, match })
    })
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before it listened:\n${errors}`)))
  })
}

const CLI = fileURLToPath(new URL('../mock/node/cli.ts', import.meta.url))

/** Starts `docplat-mock serve --port 0` with `args` in its own process; resolves with its URL. */
export async function serveMock(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const { child, match } = await start([CLI, 'serve', '--port', '0', ...args], /listening on (http:\/\/\S+)/)
  return { child, url: match[1]! }
}

/** Stops a server started by {@link start}, resolving once it has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
