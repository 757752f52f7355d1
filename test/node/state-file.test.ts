import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMockPlatform, type SerializedState } from '../../mock/index.ts'
import { createStateSaver, loadStateFile, saveStateFile, StateFileError, type Persistable } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'
import { setup } from '../helpers.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docplat-state-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/**
 * Saves `platform` to a file, loads it into a new platform, saves that one again: the two states
 * must be equal and the two files the same bytes. Returns the platform that loaded the file.
 */
async function roundTrip(platform: ReturnType<typeof createMockPlatform>) {
  const file = join(dir, 'state.json')
  await saveStateFile(platform, file)
  const written = await readFile(file)
  const other = createMockPlatform({ scenario: 'empty', freeze: true })
  expect(await loadStateFile(other, file)).toBe(true)
  expect(other.snapshot()).toEqual(platform.snapshot())
  const again = join(dir, 'again.json')
  await saveStateFile(other, again)
  expect((await readFile(again)).equals(written)).toBe(true)
  return other
}

describe('saveStateFile / loadStateFile', () => {
  it('carries a change from one platform to another', async () => {
    const { platform, admin, demo } = await setup()
    await admin.spaces.update({ spaceId: demo.spaces.guide, title: 'Saved title' })
    const file = join(dir, 'deeper', 'state.json')
    await saveStateFile(platform, file)
    expect(await readdir(join(dir, 'deeper'))).toEqual(['state.json'])

    const other = createMockPlatform({ scenario: 'empty' })
    expect(await loadStateFile(other, file)).toBe(true)
    const client = createClient({ token: platform.tokens.admin!, fetch: other.fetch, retry: 0 })
    expect((await client.spaces.get({ spaceId: demo.spaces.guide })).title).toBe('Saved title')
    const saved = JSON.parse(await readFile(file, 'utf8')) as SerializedState
    expect(other.snapshot().tables).toEqual(saved.tables)
    expect(other.snapshot().seq).toBe(saved.seq)
  })

  it('resolves false for a missing file and creates nothing', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    expect(await loadStateFile(platform, join(dir, 'missing.json'))).toBe(false)
    expect(await readdir(dir)).toEqual([])
  })

  it.each([
    ['a foreign object', '{"nope":1}', 'is not a docplat mock state file'],
    ['a JSON array', '[1,2]', 'is not a docplat mock state file'],
    ['JSON null', 'null', 'is not a docplat mock state file'],
    ['an empty file', '', 'is not valid JSON (it is empty)'],
    ['truncated JSON', '{"format":"docplat-mock-state","version":1,"tab', 'is not valid JSON ('],
    ['another version', '{"format":"docplat-mock-state","version":7}', 'has state format version 7, this docplat reads version 1'],
    ['damaged fields', '{"format":"docplat-mock-state","version":1,"seq":"x"}', 'is a docplat mock state with missing or damaged fields'],
  ])('refuses %s with a StateFileError naming the file, changing nothing', async (_, content, message) => {
    const { platform, admin, demo } = await setup()
    const file = join(dir, 'state.json')
    await writeFile(file, content)
    const error = await loadStateFile(platform, file).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(StateFileError)
    expect((error as StateFileError).file).toBe(file)
    expect((error as Error).message).toContain(`State file ${file}: ${message}`)
    expect((await admin.orgs.get({ organizationId: demo.acme })).title).toBe('Acme')
    expect(await readFile(file, 'utf8')).toBe(content)
  })

  it('reads text beyond ASCII as written (accents, emoji, escapes) and writes it back byte for byte', async () => {
    // A stopped clock: both files are written at the same instant.
    const platform = createMockPlatform({ scenario: 'empty', freeze: true })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Café 📘 日本語' })
    const space = await platform.builders.space({ organization: org.id, title: 'Back\\slash "quoted" \u00e9 ✓' })
    await platform.builders.page({ space: space.id, title: 'Über 🚀', markdown: '# Ünïcödé\n\nTabs\tand \\ and 😀 \ud800 lone' })
    const other = await roundTrip(platform)
    expect(other.db.organizations.get(org.id)!.title).toBe('Café 📘 日本語')
  })

  it('reads a file whose text is mostly beyond ASCII, across read blocks, and writes it back byte for byte', async () => {
    const platform = createMockPlatform({ scenario: 'empty', freeze: true })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Ünïcödé' })
    const space = await platform.builders.space({ organization: org.id, title: '📘' })
    // More escapes than the room read after the bytes holds, and runs cut by every block edge.
    const markdown = `${'é日📘\\ ✓'.repeat(40_000)}\n${'a'.repeat(65_531)}😀`
    await platform.builders.page({ space: space.id, title: 'Über', markdown })
    const other = await roundTrip(platform)
    expect(JSON.stringify(other.snapshot())).toContain(JSON.stringify(markdown))
  })

  it.each([
    ['a character beyond ASCII after an escaping backslash', '{"format":"docplat-mock-state","version":1,"x":"\\é"}'],
    ['a character beyond ASCII outside a string', '{"format":"docplat-mock-state","version":1,"x":é}'],
  ])('refuses %s as invalid JSON, as the file reads', async (_, content) => {
    const platform = createMockPlatform({ scenario: 'empty' })
    const file = join(dir, 'state.json')
    await writeFile(file, content)
    let plain = ''
    try {
      JSON.parse(content)
    } catch (error) {
      plain = (error as Error).message
    }
    expect(plain).not.toBe('')
    await expect(loadStateFile(platform, file)).rejects.toThrow(`State file ${file}: is not valid JSON (${plain}; truncated or corrupt?)`)
  })

  it('refuses a directory', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await expect(loadStateFile(platform, dir)).rejects.toThrow(`State file ${dir}: cannot be read`)
  })
})

/** A stand-in whose state is a counter, to see which version each write captured. */
function counter() {
  let version = 0
  let snapshots = 0
  const target: Persistable = {
    snapshot: () => {
      snapshots++
      return {
        format: 'docplat-mock-state',
        version: 1,
        seq: version,
        random: [0, 0, 0, 0],
        clock: { ms: 0, frozen: true, last: 0 },
        tables: {},
      }
    },
    restore: async () => undefined,
  }
  return { target, change: () => ++version, snapshots: () => snapshots }
}

async function savedSeq(file: string): Promise<number> {
  return (JSON.parse(await readFile(file, 'utf8')) as SerializedState).seq
}

describe('createStateSaver', () => {
  it('coalesces a burst into one write in flight plus one after it', async () => {
    const { target, change, snapshots } = counter()
    const file = join(dir, 'state.json')
    const saver = createStateSaver(target, file)
    for (let i = 0; i < 10; i++) {
      change()
      saver.schedule()
    }
    await saver.flush()
    expect(snapshots()).toBe(2)
    expect(await savedSeq(file)).toBe(10)
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('always writes after the last change, even one made during a write', async () => {
    const { target, change, snapshots } = counter()
    const file = join(dir, 'state.json')
    const saver = createStateSaver(target, file)
    change()
    saver.schedule()
    await new Promise((resolve) => setTimeout(resolve, 0))
    change()
    saver.schedule()
    await saver.flush()
    expect(await savedSeq(file)).toBe(2)
    change()
    saver.schedule()
    await saver.flush()
    expect(await savedSeq(file)).toBe(3)
    expect(snapshots()).toBeLessThanOrEqual(3)
    await saver.flush()
  })

  it('reports a failed write and tries again on the next change', async () => {
    const { target, change } = counter()
    const blocker = join(dir, 'blocker')
    await writeFile(blocker, 'a file where a directory should be')
    const errors: unknown[] = []
    const saver = createStateSaver(target, join(blocker, 'state.json'), { onError: (e) => errors.push(e) })
    change()
    saver.schedule()
    await saver.flush()
    expect(errors).toHaveLength(1)
    // mkdir says EEXIST, open would say ENOTDIR: either way the blocker is in the way.
    expect(errors[0]).toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) })
    await rm(blocker)
    change()
    saver.schedule()
    await saver.flush()
    expect(errors).toHaveLength(1)
    expect(await savedSeq(join(blocker, 'state.json'))).toBe(2)
  })
})
