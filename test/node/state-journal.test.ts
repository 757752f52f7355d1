import { appendFile, lstat, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { openStateJournal } from '../../mock/node/state-journal.ts'
import { assemblePlatform } from '../../mock/platform.ts'
import { loadStateFile, saveStateFile, StateFileError } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'
import { CLI_TEST, runCli, startCli, stop, stopAll } from './child.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docplat-journal-'))
})
afterEach(async () => {
  await stopAll()
  await rm(dir, { recursive: true, force: true })
})

/** A state file with one organization and its admin, and the admin's token. */
async function fixture(file: string) {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Journal Org' })
  const { token } = await platform.builders.user({ displayName: 'Jo', organization: org.id, role: 'admin', tokenName: 'jo' })
  await saveStateFile(platform, file)
  return { platform, organizationId: org.id, token }
}

async function titles(url: string, token: string, organizationId: string): Promise<string[]> {
  const client = createClient({ baseUrl: url, token, retry: 0 })
  const out: string[] = []
  for await (const collection of client.collections.list({ organizationId })) out.push(collection.title)
  return out
}

describe('--state journal', CLI_TEST, () => {
  it('keeps acknowledged writes in the journal and drops a last line torn by a kill', async () => {
    const file = join(dir, 'state.json')
    const { organizationId, token } = await fixture(file)
    const cli = await startCli(['--port', '0', '--scenario', 'empty', '--state', file])
    const client = createClient({ baseUrl: cli.url, token, retry: 0 })
    for (const title of ['One', 'Two', 'Three']) await client.collections.create({ organizationId, title })
    cli.child.kill('SIGKILL')
    await cli.exited
    // The answers came before any snapshot: the journal holds them.
    expect(await readdir(dir)).toEqual(['state.json', 'state.json.journal'])
    // What a process killed in the middle of a write leaves behind.
    await appendFile(join(dir, 'state.json.journal'), '{"n":4,"seq":1,"tables":{"collections":{"put":[{"id":"x')

    const again = await startCli(['--port', '0', '--scenario', 'empty', '--state', file])
    expect(await titles(again.url, token, organizationId)).toEqual(['One', 'Two', 'Three'])
    // The replayed journal is folded into the file at start.
    expect(await readFile(join(dir, 'state.json.journal'), 'utf8')).toBe('')
    expect(await stop(again)).toEqual({ code: 0, signal: null })
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('refuses a journal damaged before its last line, naming it, and leaves both files untouched', async () => {
    const file = join(dir, 'state.json')
    await fixture(file)
    const snapshot = await readFile(file, 'utf8')
    const journal = 'not json\n{"n":2}\n'
    await writeFile(`${file}.journal`, journal)
    const run = runCli(['serve', '--port', '0', '--scenario', 'empty', '--state', file])
    expect((await run.exited).code).toBe(1)
    expect(run.stderr()).toContain(`State file ${file}.journal: line 1 is not valid JSON`)
    expect(await readFile(file, 'utf8')).toBe(snapshot)
    expect(await readFile(`${file}.journal`, 'utf8')).toBe(journal)
  })

  it('writes through a symbolic link: the link stays a link, the file it points at holds the state', async () => {
    const real = join(dir, 'real.json')
    const link = join(dir, 'link.json')
    const { organizationId, token } = await fixture(real)
    await symlink(real, link)
    const cli = await startCli(['--port', '0', '--scenario', 'empty', '--state', link])
    await createClient({ baseUrl: cli.url, token, retry: 0 }).collections.create({ organizationId, title: 'Through the link' })
    expect(await stop(cli)).toEqual({ code: 0, signal: null })
    expect((await lstat(link)).isSymbolicLink()).toBe(true)
    expect(await readlink(link)).toBe(real)
    expect(await readFile(real, 'utf8')).toContain('Through the link')
    expect((await readdir(dir)).sort()).toEqual(['link.json', 'real.json'])
  })
})

describe('a state file deleted while the server runs', CLI_TEST, () => {
  it('is written again from the live state at the next write, so a kill after it loses nothing', async () => {
    const file = join(dir, 'state.json')
    const { organizationId, token } = await fixture(file)
    const cli = await startCli(['--port', '0', '--scenario', 'empty', '--state', file])
    const client = createClient({ baseUrl: cli.url, token, retry: 0 })
    await client.collections.create({ organizationId, title: 'Before' })
    await rm(file)
    await client.collections.create({ organizationId, title: 'After the delete' })
    // Answered: the state is on disk again before the answer, not at some later fold.
    expect(await readFile(file, 'utf8')).toContain('After the delete')
    await client.collections.create({ organizationId, title: 'Journaled' })
    cli.child.kill('SIGKILL')
    await cli.exited

    const again = await startCli(['--port', '0', '--scenario', 'empty', '--state', file])
    expect(await titles(again.url, token, organizationId)).toEqual(['Before', 'After the delete', 'Journaled'])
    expect(await stop(again)).toEqual({ code: 0, signal: null })
  })

  it('is written again when its whole folder was removed, and the journal follows it', async () => {
    const folder = join(dir, 'nested')
    const file = join(folder, 'state.json')
    const { organizationId, token } = await fixture(file)
    const cli = await startCli(['--port', '0', '--scenario', 'empty', '--state', file])
    const client = createClient({ baseUrl: cli.url, token, retry: 0 })
    await rm(folder, { recursive: true })
    await client.collections.create({ organizationId, title: 'Restored' })
    await client.collections.create({ organizationId, title: 'In the new journal' })
    cli.child.kill('SIGKILL')
    await cli.exited
    expect((await readdir(folder)).sort()).toEqual(['state.json', 'state.json.journal'])

    const again = await startCli(['--port', '0', '--scenario', 'empty', '--state', file])
    expect(await titles(again.url, token, organizationId)).toEqual(['Restored', 'In the new journal'])
    expect(await stop(again)).toEqual({ code: 0, signal: null })
  })
})

describe('state files are checked for references', CLI_TEST, () => {
  it('refuses a member of an organization the file lacks, naming the record, and leaves the file untouched', async () => {
    const file = join(dir, 'state.json')
    const { platform } = await fixture(file)
    const state = platform.snapshot()
    const member = { ...(state.tables.members![0] as Record<string, unknown>), id: 'ghost:member', organization: 'no-such-org' }
    state.tables.members!.push(member)
    const text = JSON.stringify(state, null, 2)
    await writeFile(file, text)

    const error = await loadStateFile(createMockPlatform({ scenario: 'empty' }), file).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StateFileError)
    expect((error as Error).message).toBe(
      `State file ${file}: members[1] "ghost:member" has organization "no-such-org", which is not in organizations; fix or remove that record`,
    )

    const run = runCli(['serve', '--port', '0', '--scenario', 'empty', '--state', file])
    expect((await run.exited).code).toBe(1)
    expect(run.stderr()).toContain('members[1] "ghost:member" has organization "no-such-org"')
    expect(await readFile(file, 'utf8')).toBe(text)
  })

  it('accepts the demo scenario as saved', async () => {
    const platform = createMockPlatform({ scenario: 'demo' })
    await platform.ready
    const file = join(dir, 'demo.json')
    await saveStateFile(platform, file)
    expect(await loadStateFile(createMockPlatform({ scenario: 'empty' }), file)).toBe(true)
  })
})

describe('the state journal in process', () => {
  it('writes a restore and a reset to the file before they resolve: it subscribes to the state lifecycle', async () => {
    const file = join(dir, 'lifecycle.json')
    const { platform, lifecycle } = assemblePlatform({ scenario: 'empty', freeze: true })
    await platform.ready
    const journal = await openStateJournal(platform, lifecycle, file)
    const onFile = async () => (JSON.parse(await readFile(file, 'utf8')) as { tables: Record<string, unknown[]> }).tables
    const initial = platform.snapshot()

    const other = (await fixture(join(dir, 'other.json'))).platform.snapshot()
    await platform.restore(other)
    expect(await onFile()).toEqual(other.tables)

    await platform.reset()
    expect(await onFile()).toEqual(initial.tables)
    await journal.close()
  })
})
