import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { isSerializedState } from '../../mock/platform.ts'
import { loadStateFile } from '../../mock/node/index.ts'
import { runCli, startCli, stop, stopAll } from '../node/child.ts'

/**
 * Persistence: with `docplat-mock serve --state`, an answer to a write leaves only once the change
 * is in the journal, so killing the server (SIGKILL: no handler runs, no write is finished) in
 * the middle of a burst of writes loses no acknowledged write, and the next start carries on
 * from there. A corrupt or foreign file is refused with a message naming it, a non-zero exit,
 * and the file untouched.
 */

const ROUNDS = 3
let dir: string
const figures: string[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docplat-reliability-state-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
  console.info(`persistence:\n  ${figures.join('\n  ')}`)
})

describe('--state under SIGKILL', () => {
  afterEach(() => stopAll())

  it(`loses no acknowledged write over ${ROUNDS} kills in the middle of bursts from 8 writers`, async () => {
    const file = join(dir, 'killed.json')
    const acknowledged = new Set<string>()
    let answered = 0
    for (let round = 0; round < ROUNDS; round++) {
      const cli = await startCli(['--port', '0', '--state', file])
      const admin = createClient({ baseUrl: cli.url, token: await adminToken(), retry: 0 })
      const organizationId = (await admin.orgs.list()).items.find((o) => o.title === 'Acme')!.id
      // A killed writer's temporary file is cleared when the next server loads the state.
      expect((await readdir(dir)).filter((name) => name.startsWith('.killed.json.'))).toEqual([])
      // Every create answered before any earlier kill is there (walking every page).
      const titles = new Set<string>()
      for await (const collection of admin.collections.list({ organizationId, limit: 1000 })) titles.add(collection.title)
      expect([...acknowledged].filter((title) => !titles.has(title))).toEqual([])

      // Eight writers that never stop; the kill lands once this round has had its answers, mid-burst.
      const target = answered + 150 + round * 70
      let stopped = false
      let killed!: () => void
      const kill = new Promise<void>((resolve) => (killed = resolve))
      const writer = async (w: number) => {
        for (let i = 0; !stopped; i++) {
          const title = `Burst ${round}.${w}.${i}`
          await admin.collections.create({ organizationId, title }).then(
            () => {
              acknowledged.add(title)
              if (++answered >= target) killed()
            },
            () => (stopped = true),
          )
        }
      }
      const writers = Array.from({ length: 8 }, (_, w) => writer(w))
      await kill
      cli.child.kill('SIGKILL')
      expect((await cli.exited).signal).toBe('SIGKILL')
      stopped = true
      await Promise.all(writers)

      const state = JSON.parse(await readFile(file, 'utf8')) as unknown
      expect(isSerializedState(state)).toBe(true)
    }
    // The last round's acknowledged writes, checked in process from the file and its journal.
    const last = await startCli(['--port', '0', '--state', file])
    const admin = createClient({ baseUrl: last.url, token: await adminToken(), retry: 0 })
    const organizationId = (await admin.orgs.list()).items.find((o) => o.title === 'Acme')!.id
    const titles = new Set<string>()
    for await (const collection of admin.collections.list({ organizationId, limit: 1000 })) titles.add(collection.title)
    expect([...acknowledged].filter((title) => !titles.has(title))).toEqual([])
    expect(await stop(last)).toEqual({ code: 0, signal: null })
    // A clean stop folds the journal into the file: it alone holds every acknowledged write.
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    expect(await loadStateFile(platform, file)).toBe(true)
    const inFile = new Set((platform.snapshot().tables.collections as Array<{ title: string }>).map((c) => c.title))
    expect([...acknowledged].filter((title) => !inFile.has(title))).toEqual([])
    expect(await readdir(dir)).toEqual(['killed.json'])
    figures.push(`${ROUNDS} SIGKILLs during bursts of 8 writers: ${acknowledged.size} creates acknowledged, 0 lost`)
  })
})

describe('--state refuses what it cannot use', () => {
  const bad: Array<[string, string | Buffer, RegExp]> = [
    ['empty', '', /is not valid JSON \(it is empty\)/],
    ['truncated', '{"format":"docplat-mock-state","version":1,"seq":3,"tab', /is not valid JSON/],
    ['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), /is not valid JSON/],
    ['foreign', JSON.stringify({ name: 'some-package', version: '1.0.0', dependencies: {} }), /is not a docplat mock state file/],
    ['an array', '[1, 2, 3]', /is not a docplat mock state file/],
    [
      'a newer format',
      JSON.stringify({ format: 'docplat-mock-state', version: 2, seq: 0, random: [1, 2, 3, 4], clock: { ms: 0 }, tables: {} }),
      /version 2, this docplat reads version 1/,
    ],
    ['damaged fields', JSON.stringify({ format: 'docplat-mock-state', version: 1, seq: 'x', tables: [] }), /missing or damaged fields/],
  ]

  // Concurrent: each case is its own short-lived process that exits by itself.
  it.concurrent.each(bad)(
    'a file that is %s: exit code 1, a message naming the file, the file untouched',
    async (name, content, message) => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.json`)
      await writeFile(file, content)
      const before = await stat(file)
      const run = runCli(['serve', '--port', '0', '--state', file])
      const { code } = await run.exited
      expect(code).toBe(1)
      expect(run.stderr()).toContain(file)
      expect(run.stderr()).toMatch(message)
      expect(run.stdout()).not.toContain('listening on')
      expect(await readFile(file)).toEqual(Buffer.isBuffer(content) ? content : Buffer.from(content))
      expect((await stat(file)).mtimeMs).toBe(before.mtimeMs)
    },
    // Seven Node processes starting at once: a busy machine takes long, and this only catches a hang.
    120_000,
  )
})

let token: string | undefined
async function adminToken(): Promise<string> {
  if (token) return token
  const platform = createMockPlatform({ scenario: 'demo' })
  await platform.ready
  return (token = platform.tokens.admin!)
}
