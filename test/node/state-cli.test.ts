import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { isSerializedState } from '../../mock/platform.ts'
import { createClient } from '../../src/index.ts'
import { saveStateFile } from '../../mock/node/index.ts'
import { setup } from '../helpers.ts'
import { CLI_TEST, demoTokens, runCli, startCli, stop, stopAll } from './child.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docplat-cli-state-'))
})
afterEach(async () => {
  await stopAll()
  await rm(dir, { recursive: true, force: true })
})

let tokens: Readonly<Record<string, string>>
beforeAll(async () => {
  tokens = await demoTokens()
})

describe('docplat-mock serve --state', CLI_TEST, () => {
  it('creates the file, saves changes, and restores them after a restart', async () => {
    const { demo } = await setup()
    const file = join(dir, 'nested', 'state.json')
    const first = await startCli(['--port', '0', '--state', file])
    expect(first.stdout()).toContain(`state     ${file} (created; saved after each change)`)
    expect(isSerializedState(JSON.parse(await readFile(file, 'utf8')))).toBe(true)

    const admin = createClient({ baseUrl: first.url, token: tokens.admin!, retry: 0 })
    await admin.spaces.update({ spaceId: demo.spaces.guide, title: 'Kept across restarts' })
    await admin.orgs.update({ organizationId: demo.acme, title: 'Acme Persisted' })
    expect(await stop(first)).toEqual({ code: 0, signal: null })
    // Only the state file remains: every temporary file was renamed over it.
    expect(await readdir(join(dir, 'nested'))).toEqual(['state.json'])

    const second = await startCli(['--port', '0', '--state', file])
    expect(second.stdout()).toContain(`state     ${file} (restored; saved after each change)`)
    for (const [name, token] of Object.entries(tokens)) expect(second.stdout()).toMatch(new RegExp(`^  ${name} +${token}$`, 'm'))
    const again = createClient({ baseUrl: second.url, token: tokens.admin!, retry: 0 })
    expect((await again.spaces.get({ spaceId: demo.spaces.guide })).title).toBe('Kept across restarts')
    expect((await again.orgs.get({ organizationId: demo.acme })).title).toBe('Acme Persisted')
    expect(await stop(second)).toEqual({ code: 0, signal: null })
  })

  it('does not rewrite the file for reads or failed writes', async () => {
    const { demo } = await setup()
    const file = join(dir, 'state.json')
    const cli = await startCli(['--port', '0', '--state', file])
    const before = await readFile(file, 'utf8')
    const reader = createClient({ baseUrl: cli.url, token: tokens.read!, retry: 0 })
    await reader.orgs.list()
    await expect(reader.orgs.update({ organizationId: demo.acme, title: 'Denied' })).rejects.toMatchObject({ status: 403 })
    expect(await stop(cli)).toEqual({ code: 0, signal: null })
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it.each([
    ['a foreign JSON file', '{"nope":1}', 'is not a docplat mock state file'],
    ['an empty file', '', 'is not valid JSON (it is empty)'],
    ['a future format version', JSON.stringify({ format: 'docplat-mock-state', version: 2 }), 'has state format version 2'],
  ])('refuses %s, exits with 1 and leaves it untouched', async (_, content, message) => {
    const file = join(dir, 'state.json')
    await writeFile(file, content)
    const run = runCli(['serve', '--port', '0', '--state', file])
    expect((await run.exited).code).toBe(1)
    expect(run.stderr()).toContain(`State file ${file}: ${message}`)
    expect(run.stdout()).toBe('')
    expect(await readFile(file, 'utf8')).toBe(content)
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('refuses a truncated state file and leaves it untouched', async () => {
    const platform = createMockPlatform({ scenario: 'demo' })
    await platform.ready
    const whole = JSON.stringify(platform.snapshot(), null, 2)
    const truncated = whole.slice(0, Math.floor(whole.length / 2))
    const file = join(dir, 'state.json')
    await writeFile(file, truncated)
    const run = runCli(['serve', '--port', '0', '--state', file])
    expect((await run.exited).code).toBe(1)
    expect(run.stderr()).toMatch(
      new RegExp(`State file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: is not valid JSON \\(.*truncated or corrupt\\?\\)`),
    )
    expect(await readFile(file, 'utf8')).toBe(truncated)
  })

  it('exits with 1 when the path cannot be read or the file cannot be created', async () => {
    const blocker = join(dir, 'a-file')
    await writeFile(blocker, 'not a directory')
    // Reading through a dangling link finds nothing; creating the directory then fails.
    await symlink(join(dir, 'nowhere'), join(dir, 'dangling'))
    // Both start together: neither path is the other's.
    const unreadable = runCli(['serve', '--port', '0', '--state', join(blocker, 'state.json')])
    const uncreatable = runCli(['serve', '--port', '0', '--state', join(dir, 'dangling', 'state.json')])
    expect((await unreadable.exited).code).toBe(1)
    expect(unreadable.stderr()).toContain(`State file ${join(blocker, 'state.json')}: cannot be read (ENOTDIR`)
    expect((await uncreatable.exited).code).toBe(1)
    expect(uncreatable.stderr()).toContain(`Cannot use the state file ${join(dir, 'dangling', 'state.json')}: `)
  })
})

describe('docplat-mock serve --state with a file prepared in code', CLI_TEST, () => {
  it('serves it and lists its own tokens when the scenario has none', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Fixture Org' })
    const { token } = await platform.builders.user({ displayName: 'Fran', organization: org.id, role: 'admin', tokenName: 'fran' })
    const file = join(dir, 'fixture.json')
    await saveStateFile(platform, file)

    const cli = await startCli(['--port', '0', '--scenario', 'empty', '--state', file])
    expect(cli.stdout()).toMatch(new RegExp(`^  fran  ${token}$`, 'm'))
    expect(cli.stdout()).toContain(`token: '${token}'`)
    const client = createClient({ baseUrl: cli.url, token, retry: 0 })
    expect((await client.orgs.list()).items.map((o) => [o.id, o.title])).toEqual([[org.id, 'Fixture Org']])
  })
})
