import autocannon from 'autocannon'
import { readFileSync } from 'node:fs'
import { createClient } from '../src/index.ts'
import { createMockPlatform, sharedStart, type MockPlatform, type SerializedState } from '../mock/index.ts'
import { fileURLToPath } from 'node:url'
import { fmt, median, serveMock, start, stop, time } from './harness.ts'

interface Created {
  id: string
  baseUrl: string
  tokens: Record<string, string>
}

async function create(server: string, body: object = { scenario: 'demo' }): Promise<Created> {
  const response = await fetch(`${server}/_docplat/platforms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (response.status !== 201) throw new Error(`creating a platform: ${response.status} ${await response.text()}`)
  return (await response.json()) as Created
}

/** The creation request refused by validation (an unknown scenario): the same round trip, no platform made. */
async function refused(server: string): Promise<void> {
  const response = await fetch(`${server}/_docplat/platforms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scenario: 'no-such-scenario' }),
  })
  await response.arrayBuffer()
  if (response.status !== 400) throw new Error(`an unknown scenario answered ${response.status}`)
}

/** One round trip to a bare server: `method` on `url`, with the creation's body when a POST. */
async function bareTrip(url: string, method: 'GET' | 'POST'): Promise<void> {
  const response = await fetch(url, {
    method,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: 'demo' }) } : {}),
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`bare ${method} ${url}: ${response.status}`)
}

async function end(server: string, id: string): Promise<void> {
  const response = await fetch(`${server}/_docplat/platforms/${id}`, { method: 'DELETE' })
  await response.body?.cancel()
  if (response.status !== 204) throw new Error(`ending platform ${id}: ${response.status}`)
}

async function getRate(url: string, token: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers: { authorization: `Bearer ${token}` } })
  if (result.errors + result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`)
  return result.requests.average
}

/** Heap bytes (after full collections) that `make` adds, per platform, for `count` platforms. */
async function heapPer(count: number, make: () => Promise<MockPlatform>): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  await make() // every code path compiled before measuring
  gc()
  gc()
  const before = process.memoryUsage().heapUsed
  const kept: MockPlatform[] = []
  for (let i = 0; i < count; i++) kept.push(await make())
  gc()
  gc()
  const after = process.memoryUsage().heapUsed
  if (kept.length !== count) throw new Error('platforms lost')
  return (after - before) / count
}

/** A state of `pages` pages (and a space per 100 of them), from a platform built with the builders; an admin token labelled `admin`. */
async function largeState(pages: number): Promise<SerializedState> {
  const platform = createMockPlatform({ scenario: 'empty', seed: 'large' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Large' })
  await platform.builders.user({ displayName: 'Admin', organization: org.id, role: 'admin', tokenName: 'admin' })
  const collection = await platform.builders.collection({ organization: org.id, title: 'Everything' })
  for (let s = 0; s < pages / 100; s++) {
    const space = await platform.builders.space({ organization: org.id, parent: collection.id, title: `Space ${s}` })
    await platform.builders.content({
      space: space.id,
      pages: Array.from({ length: 100 }, (_, p) => ({
        title: `Page ${s}.${p}`,
        markdown: `# Page ${s}.${p}\n\nSome text of page ${p} in space ${s}, long enough to look like documentation.\n`,
      })),
    })
  }
  return platform.snapshot()
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

/**
 * Memory per platform started from a large state (`pages` pages): copied (a restore of the same
 * snapshot object, as before shared starts) against shared (`createMockPlatform({ start })`), as a
 * share of the state's own memory, idle, then after one update and after one insert.
 */
export async function sharedPlatforms(pages: number, count: number): Promise<string[]> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  const heap = () => {
    gc()
    gc()
    return process.memoryUsage().heapUsed
  }
  const state = await largeState(pages)
  const json = JSON.stringify(state)
  // The state's own memory: one platform holding it, strings included (parsed afresh, the parse let go).
  let base = heap()
  const holder = createMockPlatform({ scenario: 'empty', baseUrl: 'http://127.0.0.1:1/own' })
  await holder.restore(JSON.parse(json) as SerializedState)
  const own = heap() - base
  let n = 0
  const copied = await heapPer(count, async () => {
    const platform = createMockPlatform({ scenario: 'empty', baseUrl: `http://127.0.0.1:1/c${n++}` })
    await platform.restore(state)
    return platform
  })
  base = heap()
  const start = sharedStart(state)
  const startCost = heap() - base
  const token = (state.tables.tokens as Array<{ id: string; label: string }>).find((t) => t.label === 'admin')!.id
  const spaceIds = (state.tables.spaces as Array<{ id: string }>).map((s) => s.id)
  const kept: MockPlatform[] = []
  const make = async () => {
    const platform = createMockPlatform({ start, baseUrl: `http://127.0.0.1:1/s${n++}` })
    await platform.ready
    kept.push(platform)
    return platform
  }
  const shared = await heapPer(count, make)
  // A first read each (what any first request builds: request log, lazily derived data), then one
  // write, then one insert: what a platform adds once it writes, apart from reading.
  const clients = kept.map((platform) => createClient({ token, fetch: platform.fetch, retry: 0 }))
  base = heap()
  for (const [i, client] of clients.entries()) await client.spaces.get({ spaceId: spaceIds[i % spaceIds.length]! })
  const afterRead = (heap() - base) / kept.length
  base = heap()
  for (const [i, client] of clients.entries())
    await client.spaces.update({ spaceId: spaceIds[i % spaceIds.length]!, title: `Renamed ${i}` })
  const afterUpdate = (heap() - base) / kept.length
  base = heap()
  for (const [i, platform] of kept.entries())
    await platform.builders.content({ space: spaceIds[i % spaceIds.length]!, pages: [{ title: `New ${i}`, markdown: `# New ${i}\n` }] })
  const afterInsert = (heap() - base) / kept.length
  if (holder.db.pages.size < pages) throw new Error('the state lost pages')
  const share = (bytes: number) => `${((100 * bytes) / own).toFixed(1)}%`
  const goal = shared <= 0.05 * own
  return [
    `Per platform started from a large state (${pages} pages in ${pages / 100} spaces; ${mb(json.length)} of JSON; one platform holding it: ${mb(own)} of heap), ${count} platforms, V8 heap after full collections (load ${load()}):`,
    '',
    '| per platform | heap | share of the state |',
    '|---|---|---|',
    `| copied (a restore of the same snapshot object) | ${mb(copied)} | ${share(copied)} |`,
    `| shared (\`createMockPlatform({ start })\`), idle | ${kb(shared)} | ${share(shared)} |`,
    `| shared, then a first read (a space over the SDK: request log, what it derives on first read) | +${kb(afterRead)} | +${share(afterRead)} |`,
    `| shared, then one update (that space renamed over the SDK) | +${kb(afterUpdate)} | +${share(afterUpdate)} |`,
    `| shared, then one insert (a page added with the builders) | +${kb(afterInsert)} | +${share(afterInsert)} |`,
    '',
    `The shared start itself (\`sharedStart(state)\`, built once) is ${mb(startCost)}. Goal (shared starts): a platform from a large state costs at most 5% of that state's memory until it writes: ${goal ? 'met' : 'NOT met'} (${share(shared)}).`,
    '',
  ]
}

export async function platforms(quick = false): Promise<string[]> {
  const lines = ['## Many platforms on one server', '']

  // 1. Creating a demo platform: over HTTP, in process, and one loopback round trip.
  const server = await serveMock(['--quiet', '--scenario', 'demo', '--max-platforms', '60'])
  try {
    const runs = quick ? 15 : 40
    const created: string[] = []
    const overHttp = await time(async () => created.push((await create(server.url)).id), runs)
    for (const id of created.splice(0)) await end(server.url, id)
    const inProcess = await time(async () => {
      const platform = createMockPlatform({ scenario: 'demo', scenarioTokens: 'random', baseUrl: 'http://127.0.0.1:1/p' })
      await platform.ready
    }, runs)
    const roundTrip = await time(async () => {
      const response = await fetch(`${server.url}/_docplat/health`)
      await response.arrayBuffer()
    }, runs)
    const ratio = overHttp / (inProcess + roundTrip)
    lines.push(
      `Creating a demo platform, the first ${runs} of each (medians, code still warming up): over HTTP (\`POST /_docplat/platforms\`, answered once the platform is ready) ${fmt(overHttp, 2)} ms; in process \`createMockPlatform({ scenario: 'demo', scenarioTokens: 'random' })\` ${fmt(inProcess, 2)} ms; one loopback round trip (\`GET /_docplat/health\`) ${fmt(roundTrip, 2)} ms: ${ratio.toFixed(2)}x.`,
      '',
    )
    // The same three, one of each in turn: above, the creations over HTTP are the server's first
    // requests and the bench's first fetches (code not yet compiled), while the round trip comes
    // after 80 requests; in turn, all three run at the same point of both processes' warm-up.
    const turnHttp: number[] = []
    const turnInProcess: number[] = []
    const turnTrip: number[] = []
    // The floor of the HTTP part, on a bare node:http server answering the same creation POST (body
    // read, the same answer) and the same health GET: what any server pays for the two requests.
    const sample = await create(server.url)
    await end(server.url, sample.id)
    const health = await (await fetch(`${server.url}/_docplat/health`)).text()
    const answer = JSON.stringify(sample)
    const ceiling = await start(
      [
        fileURLToPath(new URL('./http-ceiling.ts', import.meta.url)),
        JSON.stringify({ 'POST /_docplat/platforms': answer, 'GET /_docplat/health': health }),
      ],
      /^(\d+)$/,
    )
    const bare = `http://127.0.0.1:${ceiling.match[1]}/_docplat`
    const turnRefused: number[] = []
    const turnBarePost: number[] = []
    const turnBareGet: number[] = []
    for (let i = 0; i < runs; i++) {
      let started = performance.now()
      const { id } = await create(server.url)
      turnHttp.push(performance.now() - started)
      // Ended at once, untimed, as the in-process one is dropped at once: both sides create into
      // the same live set (kept, the server's heap would grow by a platform each turn).
      await end(server.url, id)
      started = performance.now()
      const platform = createMockPlatform({ scenario: 'demo', scenarioTokens: 'random', baseUrl: 'http://127.0.0.1:1/p' })
      await platform.ready
      turnInProcess.push(performance.now() - started)
      started = performance.now()
      await (await fetch(`${server.url}/_docplat/health`)).arrayBuffer()
      turnTrip.push(performance.now() - started)
      started = performance.now()
      await refused(server.url)
      turnRefused.push(performance.now() - started)
      started = performance.now()
      await bareTrip(`${bare}/platforms`, 'POST')
      turnBarePost.push(performance.now() - started)
      started = performance.now()
      await bareTrip(`${bare}/health`, 'GET')
      turnBareGet.push(performance.now() - started)
    }
    await stop(ceiling.child)
    for (const id of created.splice(0)) await end(server.url, id)
    const [inTurnHttp, inTurnInProcess, inTurnTrip] = [median(turnHttp), median(turnInProcess), median(turnTrip)]
    const inTurn = inTurnHttp / (inTurnInProcess + inTurnTrip)
    lines.push(
      `The same, one of each in turn (${runs} turns, medians, after the above, so all three run at the same point of both processes' warm-up): over HTTP ${fmt(inTurnHttp, 2)} ms; in process ${fmt(inTurnInProcess, 2)} ms; one round trip ${fmt(inTurnTrip, 2)} ms.`,
      '',
      `Goal (platform creation): creating over HTTP costs at most in process + one round trip (measured in turn): ${inTurn <= 1 ? 'met' : 'NOT met'} (${inTurn.toFixed(2)}x).`,
      '',
      `In the same turns, what the HTTP part costs apart from the creation: the same \`POST /_docplat/platforms\` refused by validation (an unknown scenario: body read and checked, no platform made) ${fmt(median(turnRefused), 2)} ms on the mock; on a bare node:http server answering the same POST with the same ${fmt(answer.length)}-byte answer ${fmt(median(turnBarePost), 2)} ms, and the same health GET ${fmt(median(turnBareGet), 2)} ms. Over HTTP less in process is ${fmt(inTurnHttp - inTurnInProcess, 2)} ms: the creation request's own round trip, which on a bare server already costs ${fmt(median(turnBarePost) - median(turnBareGet), 2)} ms more than the health GET the goal compares with.`,
      '',
    )

    // 2. A platform's get with 1 and with 50 live platforms on the server.
    const seconds = quick ? 2 : 5
    const rounds = quick ? 1 : 3
    const first = await create(server.url)
    const orgs = (await (
      await fetch(`${first.baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${first.tokens.admin}` } })
    ).json()) as { items: Array<{ id: string }> }
    const url = `${first.baseUrl}/v1/orgs/${orgs.items[0]!.id}`
    const others: string[] = []
    const alone: number[] = []
    const crowded: number[] = []
    await getRate(url, first.tokens.admin!, 1)
    for (let r = 0; r < rounds; r++) {
      for (const id of others.splice(0)) await end(server.url, id)
      // Each window is measured in the steady state: a second of the same load first, untimed, so
      // the collections and recompilation that ending or creating 49 platforms sets off land there.
      await getRate(url, first.tokens.admin!, 1)
      alone.push(await getRate(url, first.tokens.admin!, seconds))
      for (let i = 0; i < 49; i++) others.push((await create(server.url)).id)
      await getRate(url, first.tokens.admin!, 1)
      crowded.push(await getRate(url, first.tokens.admin!, seconds))
    }
    const [one, fifty] = [median(alone), median(crowded)]
    lines.push(
      `A hosted platform's \`GET /v1/orgs/{organizationId}\` (autocannon, 10 connections, ${rounds} alternating rounds of ${seconds} s, each after 1 s of the same load untimed, medians): ${fmt(one)}/s with it alone, ${fmt(fifty)}/s with 50 live platforms on the server.`,
      '',
      `Goal (many platforms): with 50 live platforms, within 10% of one platform's rate: ${fifty >= 0.9 * one ? 'met' : 'NOT met'} (${(fifty / one).toFixed(2)}x).`,
      '',
    )
  } finally {
    await stop(server.child)
  }

  // 3. Memory an idle platform holds (in this process, after full collections).
  const count = quick ? 10 : 50
  let n = 0
  const demo = await heapPer(count, async () => {
    const platform = createMockPlatform({ scenario: 'demo', scenarioTokens: 'random', baseUrl: `http://127.0.0.1:1/p${n++}` })
    await platform.ready
    return platform
  })
  lines.push(`Memory per idle platform (V8 heap after full collections, ${count} platforms): ${mb(demo)} for a demo platform.`, '')
  lines.push(...(await sharedPlatforms(quick ? 1_000 : 5_000, quick ? 3 : 10)))
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `--shared <pages>`: only the shared-start figures, at that size.
  const at = process.argv.indexOf('--shared')
  const lines =
    at > 0 ? await sharedPlatforms(Number(process.argv[at + 1] ?? 5_000), 10) : await platforms(process.argv.includes('--quick'))
  console.log(lines.join('\n'))
}
