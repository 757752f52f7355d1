import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { createClient } from '../../src/index.ts'
import { failure } from '../helpers.ts'
import { CLI_TEST, demoTokens, startCli, stop, stopAll } from './child.ts'

/**
 * `docplat-mock serve` beyond loopback never accepts the default seed's tokens, which the docs
 * print, nor tokens derived from `--seed`: it makes fresh ones on every start and prints them. A state
 * file keeps the tokens it holds across restarts.
 */

const dirs: string[] = []
afterEach(async () => {
  await stopAll()
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

/** The tokens the banner lists, by name. */
function printed(stdout: string): Record<string, string> {
  return Object.fromEntries(Array.from(stdout.matchAll(/^ {2}(\w+) +(dpt_\S+)$/gm), (m) => [m[1]!, m[2]!]))
}

describe('docplat-mock serve off loopback', CLI_TEST, () => {
  it('makes fresh tokens on every start, prints them, and refuses the well-known ones', async () => {
    const known = await demoTokens()
    const first = await startCli(['--port', '0', '--host', '0.0.0.0', '--control-token', 'test-control-secret'])
    const tokens = printed(first.stdout())
    expect(Object.keys(tokens)).toEqual(Object.keys(known))
    expect(first.stdout()).toContain('fresh for this start')
    for (const [name, token] of Object.entries(tokens)) {
      expect(token).toMatch(new RegExp(`^dpt_${name}_[A-Za-z0-9]{24}$`))
      expect(token).not.toBe(known[name])
    }
    const admin = createClient({ baseUrl: first.url, token: tokens.admin!, retry: 0 })
    expect((await admin.orgs.list()).items.map((o) => o.title)).toEqual(['Acme'])
    const wellKnown = createClient({ baseUrl: first.url, token: known.admin!, retry: 0 })
    expect((await failure(wellKnown.orgs.list())).status).toBe(401)
    expect(await stop(first)).toEqual({ code: 0, signal: null })

    const second = await startCli(['--port', '0', '--host', '0.0.0.0', '--control-token', 'test-control-secret'])
    expect(printed(second.stdout()).admin).not.toBe(tokens.admin)
  })

  it('with --seed, keeps its IDs but derives no token from the seed a public ID gives away', { timeout: 120_000 }, async () => {
    const seed = 'acme-ci-2026'
    const seeded = await startCli(['--port', '0', '--host', '0.0.0.0', '--control-token', 'test-control-secret', '--seed', seed])
    const guest = createClient({ baseUrl: seeded.url, token: printed(seeded.stdout()).guest!, retry: 0 })
    const publicIds = (await guest.orgs.list()).items.map((org) => org.id)
    expect(publicIds.length).toBeGreaterThan(0)
    // The attack: try seeds with the project's own generator until one makes the IDs read...
    let found: string | undefined
    for (const guess of ['docplat', 'acme', 'acme-ci', 'acme-ci-2025', seed, 'acme-ci-2027']) {
      const candidate = createMockPlatform({ scenario: 'demo', seed: guess })
      await candidate.ready
      if (publicIds.every((id) => candidate.db.organizations.get(id) !== undefined)) {
        found = guess
        break
      }
    }
    // ...which still works (the IDs are the fixture's), then compute every token from it.
    expect(found).toBe(seed)
    const derived = await demoTokens(found)
    expect(Object.keys(derived).length).toBeGreaterThan(0)
    for (const [name, token] of Object.entries(derived)) {
      const status = (await failure(createClient({ baseUrl: seeded.url, token, retry: 0 }).orgs.list())).status
      expect({ name, status }).toEqual({ name, status: 401 })
    }
    expect(seeded.stdout()).toContain('fresh for this start')
  })

  it('uses the tokens of --seed on loopback, as createMockPlatform does', async () => {
    // Two independent servers: started together, so the test waits for one Node start, not two.
    const [seeded, loopback] = await Promise.all([startCli(['--port', '0', '--seed', 'team']), startCli(['--port', '0'])])
    expect(printed(seeded.stdout())).toEqual({ ...(await demoTokens('team')) })
    expect(printed(loopback.stdout())).toEqual({ ...(await demoTokens()) })
  })

  it('keeps the tokens of its state file across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docplat-cli-secrets-'))
    dirs.push(dir)
    const file = join(dir, 'state.json')
    const first = await startCli(['--port', '0', '--host', '0.0.0.0', '--control-token', 'test-control-secret', '--state', file])
    const tokens = printed(first.stdout())
    await stop(first)
    expect(await readFile(file, 'utf8')).toContain(tokens.admin)
    const again = await startCli(['--port', '0', '--host', '0.0.0.0', '--control-token', 'test-control-secret', '--state', file])
    expect(printed(again.stdout())).toEqual(tokens)
    expect(again.stdout()).not.toContain('fresh for this start')
    const admin = createClient({ baseUrl: again.url, token: tokens.admin!, retry: 0 })
    expect((await admin.orgs.list()).items.map((o) => o.title)).toEqual(['Acme'])
  })
})
