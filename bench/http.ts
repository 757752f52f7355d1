import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { createClient } from '../src/index.ts'
import { createMockPlatform } from '../mock/index.ts'
import { fmt, median } from './harness.ts'

const script = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Starts a server in its own process and resolves with its first stdout line matching `pattern`. */
function start(args: string[], pattern: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
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

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

interface Load {
  rate: number
  p50: number
  p99: number
  errors: number
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds })
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

/**
 * HTTP server: `docplat-mock serve` (the CLI, in its own process) under autocannon from this
 * process, on loopback, 10 connections, against a bare `node:http` server answering the same
 * JSON (the ceiling of Node's HTTP). Rounds alternate between the two so a busy machine costs
 * both alike; the figures are medians. Goal: the mock at least 0.5x the ceiling on a get.
 */
export async function http({ seconds = 10, rounds = 3 } = {}): Promise<string[]> {
  // --quiet: the server's work, not the terminal's. The logging row below measures the default.
  const mock = await start([script('../mock/node/cli.ts'), 'serve', '--port', '0', '--scenario', 'demo', '--quiet'], /listening on (http:\/\/\S+)/)
  const logging = await start([script('../mock/node/cli.ts'), 'serve', '--port', '0', '--scenario', 'demo'], /listening on (http:\/\/\S+)/)
  // Its per-request lines must be read, as a terminal would, or the pipe fills and stalls it.
  logging.child.stdout!.resume()
  const ceiling: { bare?: ChildProcess; whatwg?: ChildProcess } = {}
  try {
    const baseUrl = mock.match[1]!
    // The CLI's default seed gives the tokens createMockPlatform gives.
    const token = createMockPlatform({ scenario: 'demo' }).tokens.admin!
    const client = createClient({ token, baseUrl, retry: 0 })
    const { items: [org] } = await client.orgs.list()
    const { items: [collection] } = await client.collections.list({ organizationId: org!.id })
    const { items: [space] } = await client.collections.listSpaces({ collectionId: collection!.id })
    const url = `${baseUrl}/v1/spaces/${space!.id}`
    const loggingUrl = `${logging.match[1]!}/v1/spaces/${space!.id}`
    const headers = { authorization: `Bearer ${token}` }
    const body = await (await fetch(url, { headers })).text()

    const bare = await start([script('./http-ceiling.ts'), body, 'bare'], /^(\d+)$/)
    ceiling.bare = bare.child
    const whatwg = await start([script('./http-ceiling.ts'), body, 'whatwg'], /^(\d+)$/)
    ceiling.whatwg = whatwg.child
    const bareUrl = `http://127.0.0.1:${bare.match[1]}/v1/spaces/${space!.id}`
    const whatwgUrl = `http://127.0.0.1:${whatwg.match[1]}/v1/spaces/${space!.id}`
    for (const target of [bareUrl, whatwgUrl, url, loggingUrl]) await load(target, headers, 1)
    const runs: { bare: Load[]; whatwg: Load[]; mock: Load[]; logging: Load[] } = { bare: [], whatwg: [], mock: [], logging: [] }
    for (let r = 0; r < rounds; r++) {
      runs.bare.push(await load(bareUrl, headers, seconds))
      runs.whatwg.push(await load(whatwgUrl, headers, seconds))
      runs.mock.push(await load(url, headers, seconds))
      runs.logging.push(await load(loggingUrl, headers, seconds))
    }
    const summary = (list: Load[]) => ({
      rate: median(list.map((l) => l.rate)),
      p50: median(list.map((l) => l.p50)),
      p99: median(list.map((l) => l.p99)),
      errors: list.reduce((n, l) => n + l.errors, 0),
    })
    const b = summary(runs.bare)
    const w = summary(runs.whatwg)
    const m = summary(runs.mock)
    const l = summary(runs.logging)
    if (m.errors + b.errors + w.errors + l.errors > 0) throw new Error(`load test errors: mock ${m.errors}, logging ${l.errors}, bare ${b.errors}, whatwg ${w.errors}`)
    return [
      `## 4. HTTP server (\`docplat-mock serve\` under autocannon from another process; loopback, 10 connections, ${rounds} alternating rounds of ${seconds} s, medians)`,
      '',
      `\`GET /v1/spaces/{spaceId}\` as the demo admin; the ceilings answer the same ${fmt(body.length)}-byte JSON; autocannon reports latencies in whole milliseconds.`,
      '',
      '| server | requests/s | vs ceiling | p50 latency | p99 latency |',
      '|---|---|---|---|---|',
      `| ceiling: bare node:http, constant JSON | ${fmt(b.rate)} | 1.00x | ${fmt(b.p50, 1)} ms | ${fmt(b.p99, 1)} ms |`,
      `| node:http + a WHATWG Request and Response per request, constant JSON | ${fmt(w.rate)} | ${fmt(w.rate / b.rate, 2)}x | ${fmt(w.p50, 1)} ms | ${fmt(w.p99, 1)} ms |`,
      `| docplat-mock serve --quiet | ${fmt(m.rate)} | ${fmt(m.rate / b.rate, 2)}x | ${fmt(m.p50, 1)} ms | ${fmt(m.p99, 1)} ms |`,
      `| docplat-mock serve, a line per request on stdout (the default) | ${fmt(l.rate)} | ${fmt(l.rate / b.rate, 2)}x | ${fmt(l.p50, 1)} ms | ${fmt(l.p99, 1)} ms |`,
      '',
      `Goal: at least 0.5x the ceiling on a get: ${m.rate / b.rate >= 0.5 ? 'met' : 'NOT met'} (${fmt(m.rate / b.rate, 2)}x; the second row is what converting each request and response to WHATWG objects alone leaves, before any of the mock's work).`,
    ]
  } finally {
    await stop(mock.child)
    await stop(logging.child)
    for (const child of [ceiling.bare, ceiling.whatwg]) if (child) await stop(child)
  }
}

if (import.meta.main) console.log((await http({ seconds: Number(process.argv[2] ?? 10), rounds: Number(process.argv[3] ?? 3) })).join('\n'))
