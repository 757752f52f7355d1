import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient, type Client } from '../src/index.ts'
import { createMockPlatform } from '../mock/index.ts'
import { saveStateFile } from '../mock/node/state-file.ts'
import { fmt, median, time } from './harness.ts'
import { buildOrganizationAtScale, organizationAtScale, type ScaleSearch } from './search.ts'

interface Page {
  items: unknown[]
  count: number
  next?: { page: string } | undefined
}
type ListPage = (page?: string, limit?: number) => Promise<Page>

/** Walks a list (in pages of 1,000, then 100) until exactly 90% of its items are behind, and returns that cursor. */
async function deepCursor(list: ListPage): Promise<string> {
  const { count } = await list(undefined, 1)
  const target = Math.floor((count * 0.9) / 100) * 100
  let seen = 0
  let page: string | undefined
  while (seen < target) {
    const result = await list(page, seen + 1000 <= target ? 1000 : 100)
    seen += result.items.length
    if (!result.next) throw new Error('the list ended before 90% of its count')
    page = result.next.page
  }
  return page!
}

async function emptyOrg() {
  const platform = createMockPlatform({ scenario: 'empty', seed: 'scale' })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Scale' })
  const admin = await b.user({ organization: org.id, role: 'admin', displayName: 'Admin' })
  return { platform, b, org, admin, client: (token: string): Client => createClient({ token, fetch: platform.fetch, retry: 0 }) }
}

/**
 * Spaces in a collection nested two deep, listed by a member whose write access comes from a
 * team's grant on the top collection: every space's permissions walk its ancestors and grants.
 */
async function spacesList(n: number): Promise<ListPage> {
  const { b, org, client } = await emptyOrg()
  const top = await b.collection({ organization: org.id, title: 'Product' })
  const middle = await b.collection({ organization: org.id, title: 'Guides', parent: top.id })
  const big = await b.collection({ organization: org.id, title: 'Big', parent: middle.id })
  const writer = await b.user({ organization: org.id, role: 'read', displayName: 'Writer' })
  const team = await b.team({ organization: org.id, title: 'Writers', members: [writer.user.id] })
  await b.grant({ target: top.id, principal: team.id, role: 'edit' })
  for (let i = 0; i < n; i++) await b.space({ organization: org.id, parent: big.id, title: `Space ${i}` })
  const sdk = client(writer.token)
  return (page, limit) => sdk.collections.listSpaces({ collectionId: big.id, ...(page ? { page } : {}), ...(limit ? { limit } : {}) })
}

/** Members of an organization that also holds one space per ten members (each member shows its space count). */
async function membersList(n: number): Promise<ListPage> {
  const { b, org, admin, client } = await emptyOrg()
  for (let i = 0; i < n; i++) await b.user({ organization: org.id, role: 'read', displayName: `Member ${i}` })
  for (let i = 0; i < n / 10; i++) await b.space({ organization: org.id, title: `Space ${i}` })
  const sdk = client(admin.token)
  return (page, limit) => sdk.orgs.members.list({ organizationId: org.id, ...(page ? { page } : {}), ...(limit ? { limit } : {}) })
}

/** Comments in one space, by one author per hundred comments. */
async function commentsList(n: number): Promise<ListPage> {
  const { b, org, admin, client } = await emptyOrg()
  const space = await b.space({ organization: org.id, title: 'Discussed' })
  const authors: string[] = []
  for (let i = 0; i < Math.max(10, n / 100); i++)
    authors.push((await b.user({ organization: org.id, role: 'comment', displayName: `Author ${i}` })).user.id)
  for (let i = 0; i < n; i++)
    await b.comment({ space: space.id, postedBy: authors[i % authors.length]!, markdown: `Comment ${i}: is this *right*?` })
  const sdk = client(admin.token)
  return (page, limit) => sdk.spaces.comments.list({ spaceId: space.id, ...(page ? { page } : {}), ...(limit ? { limit } : {}) })
}

const LISTS: Record<string, (n: number) => Promise<ListPage>> = {
  'spaces in a collection': spacesList,
  'members of an organization': membersList,
  'comments in a space': commentsList,
}

/**
 * The first page and the page after 90% of every size of one list, in interleaved rounds: all
 * sizes live in the process together, so a machine that gets busier, or a collection the heap
 * needs, slows every size alike and the ratios hold.
 */
async function measure(lists: ListPage[]): Promise<Array<{ first: number; deep: number }>> {
  const cursors = await Promise.all(lists.map((list) => deepCursor(list)))
  // Compile every path before measuring, so the size measured first does not pay for it.
  const warm = performance.now() + 2_000
  while (performance.now() < warm) for (const [i, list] of lists.entries()) await Promise.all([list(), list(cursors[i])])
  ;(globalThis as { gc?: () => void }).gc?.()
  const samples = lists.map(() => ({ first: [] as number[], deep: [] as number[] }))
  for (let round = 0; round < 60; round++) {
    for (const [i, list] of lists.entries()) {
      samples[i]!.first.push(await time(() => list(), 1))
      samples[i]!.deep.push(await time(() => list(cursors[i]), 1))
    }
  }
  return samples.map((s) => ({ first: median(s.first), deep: median(s.deep) }))
}

/**
 * Scale: the first page and a page after 90% of the items (default page of 100) at each size.
 * Goal: the largest size within 1.5x of the smallest, for both pages.
 */
export async function scale(sizes = [1_000, 10_000, 100_000]): Promise<string[]> {
  const rows: string[] = []
  let worst = 0
  rows.push(
    '## 2. Scale (median ms per page of 100, SDK through platform.fetch; sizes measured in interleaved rounds)',
    '',
    '| list | items | first page | page after 90% | first vs smallest | deep vs smallest |',
    '|---|---|---|---|---|---|',
  )
  for (const [name, build] of Object.entries(LISTS)) {
    const lists: ListPage[] = []
    for (const n of sizes) lists.push(await build(n))
    const results = await measure(lists)
    const base = results[0]!
    for (const [i, n] of sizes.entries()) {
      const r = results[i]!
      rows.push(
        `| ${name} | ${fmt(n)} | ${fmt(r.first, 2)} | ${fmt(r.deep, 2)} | ${fmt(r.first / base.first, 2)}x | ${fmt(r.deep / base.deep, 2)}x |`,
      )
      if (n === sizes.at(-1)) worst = Math.max(worst, r.first / base.first, r.deep / base.deep)
    }
    console.error(`scale: ${name} done`)
  }
  rows.push(
    '',
    `Goal: the ${fmt(sizes.at(-1)!)} figures within 1.5x of the ${fmt(sizes[0]!)} figures, for both pages: ${worst <= 1.5 ? 'met' : 'NOT met'} (the largest ratio is ${fmt(worst, 2)}x).`,
    '',
  )
  rows.push(...memory(), '', ...searchAtScale(searchSizes()), '', ...(await servedAtScale(searchSizes())))
  return rows
}

/**
 * Memory held by 10,000 stored spaces, measured in fresh processes (a long-running one has
 * already grown its heap, which hides or inflates RSS deltas): RSS and heap after a full GC,
 * before and after adding the spaces to a platform that already has their organization. With
 * Node's default flags the RSS delta also holds V8's young generation, which grows (to a few
 * tens of MB, once) with the allocation rate of building the spaces and is never returned to the
 * system; pinning it small (`--max-semi-space-size=1`) leaves what the spaces themselves hold.
 */
function memory(): string[] {
  const script = fileURLToPath(new URL('./memory.ts', import.meta.url))
  const run = (flags: string[]) => {
    const runs = [0, 1, 2].map(
      () =>
        JSON.parse(execFileSync(process.execPath, ['--expose-gc', ...flags, script], { encoding: 'utf8' })) as {
          rss: number
          heap: number
        },
    )
    return { rss: median(runs.map((r) => r.rss)), heap: median(runs.map((r) => r.heap)) }
  }
  const held = run(['--max-semi-space-size=1'])
  const defaults = run([])
  return [
    '| Memory held by 10,000 stored spaces (each with its revision), median of 3 fresh processes | RSS delta | heap delta |',
    '|---|---|---|',
    `| young generation pinned at 1 MB (what the spaces hold) | ${fmt(held.rss, 1)} MB | ${fmt(held.heap, 1)} MB |`,
    `| Node's default flags | ${fmt(defaults.rss, 1)} MB | ${fmt(defaults.heap, 1)} MB |`,
    '',
    `Goal: under 20 MB per 10,000 stored spaces (RSS delta, young generation pinned): ${held.rss < 20 ? 'met' : 'NOT met'} (${fmt(held.rss, 1)} MB; ${fmt(held.rss / 20, 2)}x the goal).`,
  ]
}

/**
 * The organization sizes (pages) the search at scale is measured at: `--pages 10000,50000,100000`
 * on the command line (of `npm run bench` or of this file), or two small ones so the default run
 * stays short.
 */
function searchSizes(): number[] {
  const at = process.argv.indexOf('--pages')
  if (at < 0) return [2_000, 10_000]
  const sizes = (process.argv[at + 1] ?? '').split(',').map(Number)
  if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 100))
    throw new Error('--pages takes sizes of at least 100 pages, comma-separated')
  return sizes
}

/**
 * The first organization search at each size (spaces of 100 pages of about 900 characters, built
 * through the builders), each in a fresh process so one size's heap does not weigh on the next.
 * Judged on CPU time against MiniSearch indexing the same raw markdown in the same process: the
 * machine's load changes between processes, the ratio much less.
 */
function searchAtScale(sizes: readonly number[]): string[] {
  const script = fileURLToPath(import.meta.url)
  const results = sizes.map((pages) => {
    const result = JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', script, '--search-one', String(pages)], { encoding: 'utf8', maxBuffer: 1 << 20 }),
    ) as ScaleSearch
    console.error(`scale: organization search over ${fmt(pages)} pages done`)
    return result
  })
  const perPage = (r: ScaleSearch) => (r.first.cpu / r.pages) * 1000
  const base = results[0]!
  const ratio = (r: ScaleSearch) => r.first.cpu / r.raw.cpu
  const worstRatio = Math.max(...results.map(ratio))
  const largest = results.at(-1)!
  const growth = perPage(largest) / perPage(base)
  const growthVsRaw = ratio(largest) / ratio(base)
  const change = largest.changed / largest.unchanged
  return [
    '### The first organization search at scale (spaces of 100 pages; CPU ms, each size in a fresh process)',
    '',
    '| pages | spaces | built (wall ms) | first organization search (CPU ms) | MiniSearch, same raw markdown (CPU ms) | vs MiniSearch | CPU µs per page | per page vs smallest | after one page changed (CPU ms) | nothing changed (CPU ms) | RSS (MB) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${fmt(r.pages)} | ${fmt(r.spaces)} | ${fmt(r.built)} | ${fmt(r.first.cpu)} | ${fmt(r.raw.cpu)} | ${fmt(ratio(r), 2)}x | ${fmt(perPage(r), 1)} | ${fmt(perPage(r) / perPage(base), 2)}x | ${fmt(r.changed, 1)} | ${fmt(r.unchanged, 1)} | ${fmt(r.rss)} |`,
    ),
    '',
    `Goal (organization search at scale): at most 3x MiniSearch indexing the raw markdown at every size: ${worstRatio <= 3 ? 'met' : 'NOT met'} (at most ${fmt(worstRatio, 2)}x).`,
    `Goal (cost per page): the ${fmt(largest.pages)}-page figure within 1.3x of the ${fmt(base.pages)}-page one: ${growth <= 1.3 ? 'met' : 'NOT met'} (${fmt(growth, 2)}x in CPU µs per page; ${fmt(growthVsRaw, 2)}x measured against MiniSearch in each process).`,
    `Goal (search after one page changed, ${fmt(largest.pages)} pages): within 2x of a search with nothing changed: ${change <= 2 ? 'met' : 'NOT met'} (${fmt(change, 2)}x).`,
  ]
}

/** What a state file at scale needs beside it to be asked over HTTP: who asks, and where. */
interface StateFileAtScale {
  file: string
  token: string
  organizationId: string
  spaceId: string
}

/**
 * The organization of `pages` pages (spaces of 100 pages of about 900 characters, as
 * {@link organizationAtScale} builds it), built through the builders and written as a state file
 * into `dir` the way `docplat-mock capture` and a `--state` save write it. With `reuse`, a file
 * an earlier run left there is served again (`--state-dir`: before and after a change then serve
 * the same bytes).
 */
async function stateFileAtScale(pages: number, dir: string, reuse: boolean): Promise<StateFileAtScale> {
  const file = join(dir, `${pages}.json`)
  const meta = `${file}.meta`
  if (reuse && existsSync(file) && existsSync(meta))
    return { file, ...(JSON.parse(readFileSync(meta, 'utf8')) as Omit<StateFileAtScale, 'file'>) }
  await mkdir(dir, { recursive: true })
  const { platform, org, token, firstSpace: spaceId } = await buildOrganizationAtScale(pages)
  await saveStateFile(platform, file)
  const kept = { token, organizationId: org.id, spaceId }
  writeFileSync(meta, JSON.stringify(kept))
  return { file, ...kept }
}

/**
 * Loaded into the served process (`--import`): on SIGUSR2 it collects twice, prints its heap, and
 * writes a heap snapshot when `SCALE_SNAPSHOT` names a file. The mock has no route for its own
 * memory, and adding one for a benchmark would widen the control plane.
 */
const PROBE = `data:text/javascript,${encodeURIComponent(`
import { writeHeapSnapshot } from 'node:v8'
let probes = 0
process.on('SIGUSR2', () => {
  globalThis.gc(); globalThis.gc()
  const m = process.memoryUsage()
  const base = process.env.SCALE_SNAPSHOT
  const snapshot = base ? writeHeapSnapshot(base + '-' + ++probes + '.heapsnapshot') : undefined
  process.stderr.write('PROBE ' + JSON.stringify({ rss: m.rss, heap: m.heapUsed, external: m.external, snapshot }) + '\\n')
})`)}`

/** What serving one state file at scale measured. */
interface Served {
  pages: number
  fileMB: number
  /** From spawning `docplat-mock serve --state` to its first answer, wall ms. */
  firstAnswer: number
  /** The served process's CPU time (user and system) at its first answer, ms: what the start cost, whatever the load. */
  firstAnswerCpu: number
  /** Which CLI was served: the built one users run, or the TypeScript sources. */
  cli: ServedCli
  spaceSearch: number
  orgSearch: number
  /** The process's resident memory after both searches (VmRSS), MB. */
  rss: number
  /** Heap in use after both searches and two full collections, MB. */
  heap: number
  /** Heap in use once started, before any search (after two full collections), MB. */
  heapStarted: number
  /** The same start without a state file (`--scenario empty`), wall ms: the part of the start the file does not cost. */
  emptyStart: number
  /** Its CPU time at the first answer, ms. */
  emptyStartCpu: number
  load: string
}

const VmRSS = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux Node runs on). */
const USER_HZ = 100

/** A process's CPU time so far (user and system, /proc/<pid>/stat), ms: what a start cost whatever else runs on the machine. */
function cpuTime(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces), counted from the state (field 3): utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ
}

/** Which CLI is served: `dist` (`npm run build` first), as users run it, or `sources` (TypeScript stripped at load), as the tests run it. */
export type ServedCli = 'dist' | 'sources'

/**
 * Starts `docplat-mock serve --state <file>` of the organization at scale as a child process
 * (the CLI from sources, as the tests start it), times its start to the first answer, then the
 * first space search and the first organization search over HTTP, and reads its memory.
 * `snapshot` names a heap snapshot file to take after the searches.
 */
async function serveAtScale(pages: number, dir: string, reuse: boolean, cli: ServedCli, snapshot?: string): Promise<Served> {
  const state = await stateFileAtScale(pages, dir, reuse)
  const empty = await startServe(cli, ['--scenario', 'empty'])
  empty.stop()
  // A first organization search of 100,000 pages keeps the connection silent for longer than the default idle timeout.
  const served = await startServe(cli, ['--state', state.file, '--idle-timeout', '900000', '--request-timeout', '900000'], snapshot)
  try {
    const client = createClient({ baseUrl: served.url, token: state.token, retry: 0, timeout: false })
    await client.orgs.get({ organizationId: state.organizationId })
    const firstAnswer = served.firstAnswer
    const started = await served.probe()
    let t = performance.now()
    const inSpace = await client.spaces.search({ spaceId: state.spaceId, query: 'webhook' })
    const spaceSearch = performance.now() - t
    t = performance.now()
    const inOrg = await client.orgs.search({ organizationId: state.organizationId, query: 'webhook' })
    const orgSearch = performance.now() - t
    if (inSpace.items.length === 0 || inOrg.items.length === 0) throw new Error('a search at scale found nothing')
    const rss = VmRSS(served.pid)
    const { heap } = await served.probe()
    return {
      pages,
      fileMB: statSync(state.file).size / 1e6,
      firstAnswer,
      firstAnswerCpu: served.firstAnswerCpu,
      cli,
      spaceSearch,
      orgSearch,
      rss,
      heap: heap / 1e6,
      heapStarted: started.heap / 1e6,
      emptyStart: empty.firstAnswer,
      emptyStartCpu: empty.firstAnswerCpu,
      load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    }
  } finally {
    served.stop()
  }
}

/**
 * `docplat-mock serve --port 0 --quiet ...args` from sources, with the probe loaded: resolves once
 * it has printed where it listens (it does so once started), with when it was spawned, how long
 * its first answer (`GET /v1/user` with no token: a 401 is an answer) took from there, and what
 * asks it for its heap.
 */
async function startServe(from: ServedCli, args: readonly string[], snapshot?: string) {
  const cli = fileURLToPath(new URL(from === 'dist' ? '../dist/mock/node/cli.js' : '../mock/node/cli.ts', import.meta.url))
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first, or serve the sources`)
  const started = performance.now()
  const child = spawn(process.execPath, ['--expose-gc', `--import=${PROBE}`, cli, 'serve', '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(snapshot ? { SCALE_SNAPSHOT: snapshot } : {}) },
  })
  let out = ''
  let err = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => reject(new Error(`docplat-mock serve exited (${code}): ${err}`))),
  )
  exited.catch(() => undefined)
  const stop = () => void child.kill('SIGKILL')
  try {
    const url = await Promise.race([
      exited,
      new Promise<string>((resolve) =>
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk
          const match = /listening on (http:\/\/\S+)/.exec(out)
          if (match) resolve(match[1]!)
        }),
      ),
    ])
    await fetch(`${url}/v1/user`)
    const firstAnswer = performance.now() - started
    const firstAnswerCpu = cpuTime(child.pid!)
    let probes = 0
    /** Two full collections in the child, then its heap (and a heap snapshot when asked). */
    const probe = () => {
      const nth = ++probes
      const probed = new Promise<{ heap: number }>((resolve) => {
        const check = () => {
          const lines = [...err.matchAll(/PROBE (\{.*\})\n/g)]
          if (lines.length >= nth) {
            child.stderr.off('data', check)
            resolve(JSON.parse(lines[nth - 1]![1]!) as { heap: number })
          }
        }
        child.stderr.on('data', check)
      })
      child.kill('SIGUSR2')
      return Promise.race([exited, probed])
    }
    return { url, started, firstAnswer, firstAnswerCpu, pid: child.pid!, probe, stop }
  } catch (error) {
    stop()
    throw error
  }
}

/**
 * Serving a large organization from its state file (`docplat-mock serve --state`), at each size:
 * the start to the first answer, the first searches, and the memory after them against the file.
 * Goals: RSS at most 8x the state file at the largest size, heap per page within 1.3x from the
 * smallest size to the largest, and the largest file's first answer under 2 s.
 */
export async function servedAtScale(
  sizes: readonly number[],
  options: { stateDir?: string; snapshotDir?: string; cli?: ServedCli } = {},
): Promise<string[]> {
  const cli = options.cli ?? 'sources'
  const results: Served[] = []
  const dir = options.stateDir ?? (await mkdtemp(join(tmpdir(), 'docplat-scale-')))
  try {
    for (const pages of sizes) {
      // A snapshot of a 100,000-page heap takes longer to write and read than the rest of the run.
      const snapshot = options.snapshotDir && pages <= 50_000 ? join(options.snapshotDir, `served-${pages}`) : undefined
      results.push(await serveAtScale(pages, dir, options.stateDir !== undefined, cli, snapshot))
      console.error(`scale: served ${fmt(pages)} pages`)
    }
  } finally {
    if (options.stateDir === undefined) await rm(dir, { recursive: true, force: true })
  }
  const perPage = (r: Served) => (r.heap * 1e6) / r.pages
  const base = results[0]!
  const largest = results.at(-1)!
  const growth = perPage(largest) / perPage(base)
  return [
    `### Serving a large organization from its state file (\`docplat-mock serve --state\` from the ${cli === 'dist' ? 'built CLI' : 'sources'}, a fresh process per size)`,
    '',
    '| pages | state file MB | start to first answer (ms) | its CPU (ms) | the same start without a file (ms) | its CPU (ms) | RSS after both searches (MB) | RSS / state file | heap once started (MB) | heap per page after both searches (bytes) | first space search (ms) | first organization search (ms) | load |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${fmt(r.pages)} | ${fmt(r.fileMB, 1)} | ${fmt(r.firstAnswer)} | ${fmt(r.firstAnswerCpu)} | ${fmt(r.emptyStart)} | ${fmt(r.emptyStartCpu)} | ${fmt(r.rss)} | ${fmt(r.rss / r.fileMB, 1)}x | ${fmt(r.heapStarted)} | ${fmt(perPage(r))} | ${fmt(r.spaceSearch)} | ${fmt(r.orgSearch)} | ${r.load} |`,
    ),
    '',
    `Goal (memory): RSS at most 8x the state file at ${fmt(largest.pages)} pages: ${largest.rss <= 8 * largest.fileMB ? 'met' : 'NOT met'} (${fmt(largest.rss / largest.fileMB, 1)}x).`,
    `Goal (heap per page): the ${fmt(largest.pages)}-page figure within 1.3x of the ${fmt(base.pages)}-page one: ${growth <= 1.3 ? 'met' : 'NOT met'} (${fmt(growth, 2)}x).`,
    `Goal (start): the ${fmt(largest.pages)}-page file answers its first request in under 2 s: ${largest.firstAnswer < 2000 ? 'met' : 'NOT met'} (${fmt(largest.firstAnswer)} ms; ${fmt(largest.firstAnswer - largest.emptyStart)} ms more than the same start without a file). In the served process's CPU time, which the machine's load lengthens far less: ${largest.firstAnswerCpu < 2000 ? 'met' : 'NOT met'} (${fmt(largest.firstAnswerCpu)} ms).`,
    ...(largest.pages < 100_000
      ? [
          '',
          'The goals stand at 100,000 pages, where what an empty platform holds no longer weighs on the ratios: `node bench/scale.ts --served 10000,50000,100000` (or `npm run bench -- --pages 10000,50000,100000`).',
        ]
      : []),
  ]
}

/**
 * The start alone, `rounds` times per size: `docplat-mock serve --state` of the organization at
 * scale in a fresh process each time, to its first answer, in wall and CPU time with the load
 * beside each. What a change to the start is judged on, before and after in interleaved runs.
 */
async function startsAtScale(sizes: readonly number[], rounds: number, dir: string, cli: ServedCli): Promise<string[]> {
  const rows = [
    `### Start to the first answer (\`docplat-mock serve --state\` from the ${cli === 'dist' ? 'built CLI' : 'sources'}, a fresh process each)`,
    '',
    '| pages | state file MB | round | first answer (wall ms) | its CPU (ms) | load |',
    '|---|---|---|---|---|---|',
  ]
  for (const pages of sizes) {
    const state = await stateFileAtScale(pages, dir, true)
    for (let round = 1; round <= rounds; round++) {
      const served = await startServe(cli, ['--state', state.file])
      served.stop()
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
      rows.push(
        `| ${fmt(pages)} | ${fmt(statSync(state.file).size / 1e6, 1)} | ${round} | ${fmt(served.firstAnswer)} | ${fmt(served.firstAnswerCpu)} | ${load} |`,
      )
    }
  }
  return rows
}

if (import.meta.main) {
  const one = process.argv.indexOf('--search-one')
  const served = process.argv.indexOf('--served')
  const option = (name: string) => {
    const at = process.argv.indexOf(name)
    return at >= 0 ? resolve(process.argv[at + 1]!) : undefined
  }
  if (one >= 0) console.log(JSON.stringify(await organizationAtScale(Number(process.argv[one + 1]))))
  else if (served >= 0) {
    const sizes = (process.argv[served + 1] ?? '').split(',').map(Number)
    const stateDir = option('--state-dir')
    const snapshotDir = option('--heap-snapshots')
    // `--cli dist` serves the built CLI (`npm run build` first), as users run it; the sources by default, which need no build.
    const cliAt = process.argv.indexOf('--cli')
    const cli = cliAt >= 0 ? process.argv[cliAt + 1] : 'sources'
    if (cli !== 'dist' && cli !== 'sources') throw new Error('--cli takes dist or sources')
    // `--starts N`: only the start to the first answer, N fresh processes per size (no searches).
    const starts = process.argv.indexOf('--starts')
    const rows =
      starts >= 0
        ? await startsAtScale(sizes, Number(process.argv[starts + 1]), stateDir ?? (await mkdtemp(join(tmpdir(), 'docplat-starts-'))), cli)
        : await servedAtScale(sizes, { ...(stateDir ? { stateDir } : {}), ...(snapshotDir ? { snapshotDir } : {}), cli })
    console.log(rows.join('\n'))
  } else console.log(searchAtScale(searchSizes()).join('\n'))
}
