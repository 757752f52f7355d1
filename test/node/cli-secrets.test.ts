import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { failure } from '../helpers.ts'
import { demoTokens, startCli, stop, stopAll } from './child.ts'

/**
 * `docplat-mock serve` beyond loopback never accepts the default seed's tokens, which the docs
 * print: it makes fresh ones on every start and prints them, unless `--seed` is given. A state
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

describe('docplat-mock serve off loopback', () => {
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

  it('uses the tokens of --seed when one is given, and the default tokens on loopback', async () => {
    const seeded = await startCli(['--port', '0', '--host', '0.0.0.0', '--control-token', 'test-control-secret', '--seed', 'team'])
    expect(printed(seeded.stdout())).toEqual({ ...(await demoTokens('team')) })
    const loopback = await startCli(['--port', '0'])
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
