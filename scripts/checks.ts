/**
 * The checks `npm test` runs before the tests (`node scripts/checks.ts`), or the lint's alone
 * (`node scripts/checks.ts lint`, which `npm run lint` runs): the two type-checks, Biome, knip and
 * the layer order. They read the same files and none writes anything, so they run side by side,
 * as many at a time as there are cores (at least two), the longest first: on two cores about half
 * the time of one after another (docs/decisions/tooling.md).
 *
 * Each check's output is kept whole and printed once it ends, stdout and stderr in the order they
 * came, so two checks never interleave. Every check runs to its end, so one run reports every
 * failure; the exit status is the first failed check's (in the order below), 0 when all passed.
 */
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

interface Check {
  name: string
  command: string
  args: string[]
}

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Colours as in a terminal when this runs in one (a piped tool writes none by itself). */
const TTY = process.stdout.isTTY === true

/** Longest first (CPU time on two cores: about 30, 15, 15, 5 and 5 s), so a short one never ends the run alone. */
const TYPES: Check[] = ['.', 'tsconfig.inspector.json'].map((project) => ({
  name: `tsc -p ${project}`,
  command: 'tsc',
  args: ['--noEmit', '-p', project, ...(TTY ? ['--pretty'] : [])],
}))
const LINT: Check[] = [
  { name: 'knip', command: 'knip', args: [] },
  { name: 'biome ci', command: 'biome', args: ['ci', '--error-on-warnings', '.'] },
  // The Node that runs this script (Node 24 runs the TypeScript as it is).
  { name: 'layer order', command: process.execPath, args: ['scripts/check-cycles.ts'] },
]

const which = process.argv[2]
if (which !== undefined && which !== 'lint') {
  process.stderr.write(`usage: node scripts/checks.ts [lint]\n`)
  process.exit(2)
}
const checks = which === 'lint' ? LINT : [...TYPES, ...LINT]

const env: NodeJS.ProcessEnv = {
  ...process.env,
  // The tools of this install, also when this script is not started by npm.
  PATH: [join(ROOT, 'node_modules', '.bin'), process.env.PATH].filter(Boolean).join(delimiter),
  ...(TTY && process.env.NO_COLOR === undefined ? { FORCE_COLOR: '1' } : {}),
}

/** Runs one check to its end; resolves with its exit code (1 when it could not start or was killed). */
function run(check: Check): Promise<number> {
  const started = performance.now()
  return new Promise((resolve) => {
    const output: Buffer[] = []
    const child = spawn(check.command, check.args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    let failure: Error | undefined
    child.on('error', (error) => (failure = error))
    child.on('close', (code, signal) => {
      const status = failure || signal ? 1 : (code ?? 1)
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      const how = failure
        ? `could not start (${failure.message})`
        : signal
          ? `killed (${signal})`
          : status === 0
            ? 'passed'
            : `failed (exit code ${status})`
      const text = Buffer.concat(output).toString('utf8')
      process.stdout.write(`${text}${text && !text.endsWith('\n') ? '\n' : ''}${check.name}: ${how} in ${seconds} s\n`)
      resolve(status)
    })
  })
}

const queue = [...checks]
const slots = Math.min(queue.length, Math.max(2, availableParallelism()))
const statuses = new Map<Check, number>()
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) statuses.set(check, await run(check))
  }),
)
const failed = checks.filter((check) => statuses.get(check) !== 0)
if (failed.length > 0) {
  process.stdout.write(
    `${failed.length} of ${checks.length} checks failed: ${failed.map((check) => check.name).join(', ')} (output above)\n`,
  )
  process.exitCode = statuses.get(failed[0]!)
}
