import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createMockPlatform } from '../../mock/index.ts'

/** The repository root: the CLI runs from source there, as `npm start` does. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CLI = 'mock/node/cli.ts'

/** One `docplat-mock` child process and what it printed so far. */
export interface CliRun {
  readonly child: ChildProcess
  stdout(): string
  stderr(): string
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Options for a test or `describe` that starts the CLI: each start is a Node process compiling the
 * mock, seconds on a busy machine, so vitest's 20 s default would fail a slow machine, not a bug.
 * Only a hang gets near this bound (a test's timeout is the one bound these helpers have).
 */
export const CLI_TEST = { timeout: 120_000 }

const running = new Set<ChildProcess>()

/** Starts `node mock/node/cli.ts ...args`; stop it with {@link stopAll} (call it in `afterEach`). */
export function runCli(args: readonly string[], env?: NodeJS.ProcessEnv): CliRun {
  // process.execPath is the Node that runs vitest (Node 24), which runs the TypeScript sources as they are.
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...(env ? { env } : {}) })
  running.add(child)
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child)
      resolve({ code, signal })
    })
  })
  return { child, stdout: () => out, stderr: () => err, exited }
}

/**
 * Starts `docplat-mock serve ...` and resolves with the base URL it printed, or rejects when the
 * child exits first. No timer of its own: a start slower than any guess is still a start, and
 * vitest's test timeout is the one bound (the child is then killed by {@link stopAll}).
 */
export async function startCli(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<CliRun & { url: string }> {
  const run = runCli(['serve', ...args], env)
  const url = await new Promise<string>((resolve, reject) => {
    let settled = false
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(run.stdout())
      if (match && run.stdout().includes('Press Ctrl+C')) done(() => resolve(match[1]!))
    }
    const done = (then: () => void) => {
      if (settled) return
      settled = true
      run.child.stdout!.off('data', check)
      then()
    }
    run.child.stdout!.on('data', check)
    void run.exited.then(({ code, signal }) =>
      done(() =>
        reject(
          new Error(
            `docplat-mock exited (code ${code}, signal ${signal}) before listening\nstdout: ${run.stdout()}\nstderr: ${run.stderr()}`,
          ),
        ),
      ),
    )
  })
  return { ...run, url }
}

/**
 * Resolves with all the child printed once its stdout matches `pattern` (checked on each chunk as
 * it arrives, no polling and no timer), or rejects when it exits without printing it.
 */
export function printed(run: CliRun, pattern: RegExp): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let settled = false
    const check = () => {
      if (settled || !pattern.test(run.stdout())) return
      settled = true
      run.child.stdout!.off('data', check)
      resolve(run.stdout())
    }
    run.child.stdout!.on('data', check)
    check()
    void run.exited.then(() => {
      check()
      if (settled) return
      settled = true
      run.child.stdout!.off('data', check)
      reject(new Error(`docplat-mock exited without printing ${pattern}\nstdout: ${run.stdout()}\nstderr: ${run.stderr()}`))
    })
  })
}

/** Sends a signal and waits for the exit. */
export async function stop(run: CliRun, signal: NodeJS.Signals = 'SIGTERM') {
  run.child.kill(signal)
  return run.exited
}

/** Kills every child still running, so a failed assertion never leaves a server behind. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('close', () => resolve())
          if (child.exitCode !== null || child.signalCode !== null || !child.kill('SIGKILL')) resolve()
        }),
    ),
  )
}

/** The tokens `createMockPlatform({ scenario: 'demo', seed })` gives, which the CLI must print and accept. */
export async function demoTokens(seed?: string): Promise<Readonly<Record<string, string>>> {
  const platform = createMockPlatform({ scenario: 'demo', ...(seed !== undefined ? { seed } : {}) })
  await platform.ready
  return platform.tokens
}
