import { type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { createClient } from '../src/index.ts'
import { createMockPlatform } from '../mock/index.ts'
import { fmt, median, start, stop } from './harness.ts'

const script = (path: string) => fileURLToPath(new URL(path, import.meta.url))

interface Load {
  rate: number
  p50: number
  p99: number
  errors: number
}

/** One measured request: what autocannon sends (a PATCH varies its title so every request writes). */
interface Workload {
  name: string
  method: 'GET' | 'PATCH'
  /** Path with query, the same on every server. */
  path: string
  body?: (n: number) => string
  /** The goal, as a fraction of the bare server's rate. */
  goal: number
}

async function load(base: string, workload: Workload, headers: Record<string, string>, seconds: number): Promise<Load> {
  let n = 0
  const result = await autocannon({
    url: `${base}${workload.path}`,
    connections: 10,
    duration: seconds,
    requests: [
      {
        method: workload.method,
        headers: workload.body ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(workload.body ? { setupRequest: (request: object) => ({ ...request, body: workload.body!(n++) }) } : {}),
      },
    ],
  })
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

/**
 * HTTP server: `docplat-mock serve` (the CLI, in its own process) under autocannon from this
 * process, on loopback, 10 connections, against a bare `node:http` server (its own process too)
 * answering the same JSON on the same routes: the ceiling of Node's HTTP. Three requests: a get, a
 * write, a page of 100. Rounds alternate between the servers so a busy machine costs them alike;
 * the figures are medians. Goals: the mock at least 0.5x the ceiling on the get, 0.4x on the others,
 * and 0.5x a fair ceiling on the page of 100 members: a bare server serializing the same page per request.
 */
export async function http({ seconds = 5, rounds = 3 } = {}): Promise<string[]> {
  const cli = script('../mock/node/cli.ts')
  const listening = /listening on (http:\/\/\S+)/
  // --quiet: the server's work, not the terminal's; the second server prints a line per request (the default).
  const quiet = await start([cli, 'serve', '--port', '0', '--scenario', 'demo', '--quiet'], listening)
  const logging = await start([cli, 'serve', '--port', '0', '--scenario', 'demo'], listening)
  // Its per-request lines must be read, as a terminal would, or the pipe fills and stalls it.
  logging.child.stdout!.resume()
  let bare: ChildProcess | undefined
  let serializing: ChildProcess | undefined
  try {
    const mockUrls = { quiet: quiet.match[1]!, logging: logging.match[1]! }
    // The CLI's default seed gives the tokens createMockPlatform gives.
    const token = createMockPlatform({ scenario: 'demo' }).tokens.admin!
    const headers = { authorization: `Bearer ${token}` }
    // Both servers start from the same seed and get the same 100 new members in the same order:
    // the same IDs, so the same paths.
    let org = ''
    let spaceId = ''
    for (const baseUrl of Object.values(mockUrls)) {
      const client = createClient({ token, baseUrl, retry: 0 })
      const {
        items: [first],
      } = await client.orgs.list()
      const {
        items: [collection],
      } = await client.collections.list({ organizationId: first!.id })
      const {
        items: [space],
      } = await client.collections.listSpaces({ collectionId: collection!.id })
      org = first!.id
      spaceId = space!.id
      for (let i = 0; i < 100; i++) {
        const response = await fetch(`${baseUrl}/_docplat/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ displayName: `Bench member ${i}`, email: `bench-${i}@example.test`, organization: org, role: 'read' }),
        })
        if (response.status !== 201) throw new Error(`adding a member: ${response.status} ${await response.text()}`)
      }
    }
    const workloads: Workload[] = [
      { name: '`GET /v1/orgs/{organizationId}`', method: 'GET', path: `/v1/orgs/${org}`, goal: 0.5 },
      {
        name: '`PATCH /v1/spaces/{spaceId}` (a new title each time)',
        method: 'PATCH',
        path: `/v1/spaces/${spaceId}`,
        body: (n) => JSON.stringify({ title: `Bench title ${n % 1000}` }),
        goal: 0.4,
      },
      { name: '`GET /v1/orgs/{organizationId}/members?limit=100`', method: 'GET', path: `/v1/orgs/${org}/members?limit=100`, goal: 0.4 },
    ]
    // The bare server answers what the mock answered, byte for byte.
    const routes: Record<string, string> = {}
    const sizes: number[] = []
    for (const w of workloads) {
      const response = await fetch(`${mockUrls.quiet}${w.path}`, {
        method: w.method,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(w.body ? { body: w.body(-1) } : {}),
      })
      const text = await response.text()
      if (response.status !== 200) throw new Error(`${w.method} ${w.path}: ${response.status} ${text}`)
      if (w.path.includes('members') && (JSON.parse(text) as { items: unknown[] }).items.length !== 100)
        throw new Error('the members page does not hold 100 members')
      routes[`${w.method} ${w.path}`] = text
      sizes.push(Buffer.byteLength(text))
    }
    const ceiling = await start([script('./http-ceiling.ts'), JSON.stringify(routes)], /^(\d+)$/)
    bare = ceiling.child
    // The fair ceiling of the page of 100 members: a bare server that serializes the same page per
    // request, as any server holding the members must (the string kept ready above does not).
    const members = workloads.find((w) => w.path.includes('members'))!
    const serializingCeiling = await start(
      [
        script('./http-ceiling.ts'),
        JSON.stringify({ [`${members.method} ${members.path}`]: routes[`${members.method} ${members.path}`] }),
        'serialize',
      ],
      /^(\d+)$/,
    )
    serializing = serializingCeiling.child
    const servers = {
      bare: `http://127.0.0.1:${ceiling.match[1]}`,
      serializing: `http://127.0.0.1:${serializingCeiling.match[1]}`,
      ...mockUrls,
    }
    type Server = keyof typeof servers
    const names = Object.keys(servers) as Server[]
    /** The servers measured on a workload: the serializing ceiling on the members page only. */
    const measured = (w: Workload) => names.filter((s) => s !== 'serializing' || w === members)
    const runs = workloads.map(() => Object.fromEntries(names.map((s) => [s, [] as Load[]])) as Record<Server, Load[]>)
    for (const w of workloads) for (const s of measured(w)) await load(servers[s], w, headers, 1)
    for (let r = 0; r < rounds; r++) {
      for (const [i, w] of workloads.entries()) for (const s of measured(w)) runs[i]![s].push(await load(servers[s], w, headers, seconds))
    }
    const summary = (list: Load[]) => ({
      rate: median(list.map((l) => l.rate)),
      p50: median(list.map((l) => l.p50)),
      p99: median(list.map((l) => l.p99)),
      errors: list.reduce((n, l) => n + l.errors, 0),
    })
    const lines = [
      `## 4. HTTP server (\`docplat-mock serve\` under autocannon from another process; loopback, 10 connections, ${rounds} alternating rounds of ${seconds} s, medians)`,
      '',
      "As the demo admin; the ceiling is a bare node:http server in its own process answering each route with the JSON the mock answered (the PATCH's body read first). Autocannon reports latencies in whole milliseconds.",
      '',
      '| request | server | requests/s | vs ceiling | p50 latency | p99 latency |',
      '|---|---|---|---|---|---|',
    ]
    const goals: string[] = []
    for (const [i, w] of workloads.entries()) {
      const b = summary(runs[i]!.bare)
      const q = summary(runs[i]!.quiet)
      const l = summary(runs[i]!.logging)
      if (b.errors + q.errors + l.errors > 0)
        throw new Error(`${w.name}: load test errors: bare ${b.errors}, quiet ${q.errors}, logging ${l.errors}`)
      const row = (server: string, x: ReturnType<typeof summary>) =>
        `| ${w.name} (${fmt(sizes[i]!)} bytes) | ${server} | ${fmt(x.rate)} | ${fmt(x.rate / b.rate, 2)}x | ${fmt(x.p50, 1)} ms | ${fmt(x.p99, 1)} ms |`
      lines.push(
        row('ceiling: bare node:http', b),
        row('docplat-mock serve (a line per request on stdout: the default)', l),
        row('docplat-mock serve --quiet', q),
      )
      const worst = Math.min(l.rate, q.rate) / b.rate
      goals.push(
        `Goal: ${w.name} at least ${w.goal}x the ceiling, with and without the request lines: ${worst >= w.goal ? 'met' : 'NOT met'} (${fmt(l.rate / b.rate, 2)}x with, ${fmt(q.rate / b.rate, 2)}x without).`,
      )
      if (w === members) {
        const c = summary(runs[i]!.serializing)
        if (c.errors > 0) throw new Error(`${w.name}: load test errors: serializing ceiling ${c.errors}`)
        const row2 = (server: string, x: ReturnType<typeof summary>) =>
          `| ${w.name} (${fmt(sizes[i]!)} bytes) | ${server} | ${fmt(x.rate)} | ${fmt(x.rate / c.rate, 2)}x of this ceiling | ${fmt(x.p50, 1)} ms | ${fmt(x.p99, 1)} ms |`
        lines.push(row2('fair ceiling: bare node:http serializing the same 100 members per request', c))
        const fair = Math.min(l.rate, q.rate) / c.rate
        goals.push(
          `Goal: ${w.name} at least 0.5x the fair ceiling (the same page serialized per request), with and without the request lines: ${fair >= 0.5 ? 'met' : 'NOT met'} (${fmt(l.rate / c.rate, 2)}x with, ${fmt(q.rate / c.rate, 2)}x without).`,
        )
      }
    }
    return [...lines, '', ...goals]
  } finally {
    await stop(quiet.child)
    await stop(logging.child)
    if (bare) await stop(bare)
    if (serializing) await stop(serializing)
  }
}

if (import.meta.main) console.log((await http({ seconds: Number(process.argv[2] ?? 5), rounds: Number(process.argv[3] ?? 3) })).join('\n'))
