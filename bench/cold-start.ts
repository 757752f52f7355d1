/**
 * Cold start (goal 18.4): time from process start to the first answered request, for
 * `docplat-mock serve --scenario demo` (until the banner prints its URL, then one `GET /v1/orgs`
 * with the banner's first token) and for importing the mock plus `createMockPlatform({ scenario:
 * 'demo' })` and its first `platform.fetch`, against two baselines spawned the same way in the same
 * run: `node -e ''` and a process that only imports msw. Both from the built package when
 * `dist/` exists (what users run: the `docplat-mock` bin and `docplat/mock`; build it first with
 * `npm run build`), and from the sources (Node 24 strips the types), as `npm start` does. The CLI
 * keeps Node's compile cache (mock/node/cli.ts): each round starts it twice on a fresh cache folder,
 * a first start (the cache empty) and a second (the cache warm), as a user's starts are.
 * Run: `node bench/cold-start.ts [rounds]`; `npm run bench` includes it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const node = process.execPath

/** Spawns `node args` and resolves with the ms until it exits (status 0 required). */
function untilExit(args: string[]): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`node ${args.join(' ')} exited with ${code}`)),
    )
  })
}

const built = existsSync(`${root}/dist/mock/index.js`) && existsSync(`${root}/dist/mock/node/cli.js`)

const inProcess = (from: string) => `
import { createMockPlatform } from '${from}'
const platform = createMockPlatform({ scenario: 'demo' })
const token = Object.values(platform.tokens)[0]
const response = await platform.fetch(new Request('http://localhost/v1/orgs', { headers: { authorization: 'Bearer ' + token } }))
if (response.status !== 200) throw new Error('status ' + response.status)
await response.text()
`

/**
 * Spawns the CLI with its compile cache in `cache`, waits for the URL it prints and one answered
 * request; the ms from the spawn.
 */
function serveFirstAnswer(cli: string, cache: string): Promise<number> {
  const started = performance.now()
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_COMPILE_CACHE: cache }
  delete env.NODE_DISABLE_COMPILE_CACHE
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, 'serve', '--port', '0', '--scenario', 'demo'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    let asked = false
    child.on('error', reject)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', async (chunk: string) => {
      out += chunk
      const url = /listening on (\S+)/.exec(out)?.[1]
      const token = /Bearer (\S+?)'/.exec(out)?.[1]
      if (asked || !url || !token) return
      asked = true
      try {
        const response = await fetch(`${url}/v1/orgs`, { headers: { authorization: `Bearer ${token}` } })
        await response.text()
        if (response.status !== 200) throw new Error(`status ${response.status}`)
        resolve(performance.now() - started)
      } catch (error) {
        reject(error)
      } finally {
        child.kill()
      }
    })
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function coldStart(rounds = 3): Promise<string[]> {
  const runs: Record<string, number[]> = {
    bare: [],
    msw: [],
    mock: [],
    serve: [],
    serveWarm: [],
    distMock: [],
    distServe: [],
    distServeWarm: [],
  }
  const caches = mkdtempSync(join(tmpdir(), 'docplat-cold-start-'))
  /** A first start of the CLI on an empty compile cache, then a second start on what it left. */
  const serveTwice = async (cli: string, first: number[], second: number[]) => {
    const cache = mkdtempSync(join(caches, 'cache-'))
    first.push(await serveFirstAnswer(cli, cache))
    second.push(await serveFirstAnswer(cli, cache))
  }
  try {
    // Interleaved, so a change in the machine's load touches every figure alike.
    for (let round = 0; round < rounds; round++) {
      runs.bare!.push(await untilExit(['-e', '']))
      runs.msw!.push(await untilExit(['--input-type=module', '-e', "import 'msw'"]))
      if (built) {
        runs.distMock!.push(await untilExit(['--input-type=module', '-e', inProcess('./dist/mock/index.js')]))
        await serveTwice('dist/mock/node/cli.js', runs.distServe!, runs.distServeWarm!)
      }
      runs.mock!.push(await untilExit(['--input-type=module', '-e', inProcess('./mock/index.ts')]))
      await serveTwice('mock/node/cli.ts', runs.serve!, runs.serveWarm!)
    }
  } finally {
    rmSync(caches, { recursive: true, force: true })
  }
  const bare = median(runs.bare!)
  const msw = median(runs.msw!)
  const row = (what: string, key: string) => {
    const value = median(runs[key]!)
    return `| ${what} | ${value.toFixed(1)} | ${(value / bare).toFixed(2)}x | ${(value / msw).toFixed(2)}x | ${runs[key]!.map((v) => v.toFixed(0)).join(', ')} |`
  }
  return [
    `## 8. Cold start (median ms from spawning \`node\` to the first answered request; ${rounds} rounds)`,
    '',
    "Baselines: `node -e ''` and a process that only imports msw, spawned the same way in the same run.",
    'The built package (`dist/`, what the `docplat-mock` bin and `docplat/mock` run) and the sources (type-stripped by Node, as `npm start` runs).',
    '',
    "| process | ms | vs `node -e ''` | vs importing msw | runs |",
    '|---|---|---|---|---|',
    row("`node -e ''`", 'bare'),
    row("`import 'msw'`", 'msw'),
    ...(built
      ? [
          row("built package: import `docplat/mock`, `createMockPlatform({ scenario: 'demo' })`, first `platform.fetch`", 'distMock'),
          row(
            'built package: `docplat-mock serve --scenario demo` until its URL is printed, then one `GET /v1/orgs`; a first start (compile cache empty)',
            'distServe',
          ),
          row('built package: the same, a later start (compile cache warm)', 'distServeWarm'),
        ]
      : []),
    row("sources: import the mock, `createMockPlatform({ scenario: 'demo' })`, first `platform.fetch`", 'mock'),
    row(
      'sources: `docplat-mock serve --scenario demo` until its URL is printed, then one `GET /v1/orgs`; a first start (compile cache empty)',
      'serve',
    ),
    row('sources: the same, a later start (compile cache warm)', 'serveWarm'),
  ]
}

if (import.meta.main) console.log((await coldStart(Number(process.argv[2] ?? 3))).join('\n'))
