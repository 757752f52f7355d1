import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMockPlatform, type SerializedState } from '../../mock/index.ts'
import { REFERENCES } from '../../mock/model/references.ts'
import { CLI_TEST, startCli, stop, stopAll } from '../node/child.ts'

/**
 * What the server accepts, it starts from: `PUT /_docplat/state` and `platform.restore` refuse a
 * state that breaks a reference a start from `--state` checks, naming the first offending record,
 * so the state file on disk is never one the next start refuses.
 */

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docplat-references-'))
})
afterEach(async () => {
  await stopAll()
  await rm(dir, { recursive: true, force: true })
})

type Row = Record<string, unknown>

/** A copy of `state` with one reference broken: `table`'s first record that may carry `field` points nowhere. */
function breakReference(state: SerializedState, table: string, field: string): { state: SerializedState; expected: string } {
  const copy = structuredClone(state)
  const records = copy.tables[table] as Row[]
  // A deleted space may name a parent that went: that one is no broken reference.
  const index = records.findIndex((record) => !(field === 'parent' && record.deletedAt !== undefined))
  expect(index, `${table} has a record to break`).toBeGreaterThanOrEqual(0)
  const missing = `missing-${table}-${field}`
  records[index] = { ...records[index], [field]: missing }
  return { state: copy, expected: `${table}[${index}] "${String(records[index]!.id)}" has ${field} "${missing}", which is not in` }
}

const rules = Object.entries(REFERENCES).flatMap(([table, fields]) => Object.keys(fields).map((field) => ({ table, field })))

async function putState(url: string, state: unknown) {
  const response = await fetch(`${url}/_docplat/state`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(state),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as { error: { code: number; message: string } }) : undefined }
}

async function getState(url: string): Promise<SerializedState> {
  return (await (await fetch(`${url}/_docplat/state`)).json()) as SerializedState
}

describe('a state the server accepts is one it starts from', CLI_TEST, () => {
  it('refuses each broken reference with a 400 naming the record, and starts again from its --state file', async () => {
    const file = join(dir, 'state.json')
    const cli = await startCli(['--port', '0', '--scenario', 'demo', '--state', file])
    const good = await getState(cli.url)
    expect(rules.length).toBeGreaterThan(20)

    for (const { table, field } of rules) {
      const { state, expected } = breakReference(good, table, field)
      const answer = await putState(cli.url, state)
      expect(answer.status, `${table}.${field}`).toBe(400)
      expect(answer.body!.error.message).toContain(expected)
    }
    // A saved clock no timestamp can be written from is refused too.
    for (const clock of [
      { ...good.clock, ms: 8.64e15 },
      { ...good.clock, last: 8.64e15 },
      { ...good.clock, ms: -1 },
    ]) {
      const answer = await putState(cli.url, { ...good, clock })
      expect(answer.status).toBe(400)
      expect(answer.body!.error.message).toMatch(/^State: clock\.(ms|last) .* is outside the times a saved clock may hold/)
    }
    // Nothing of it was taken.
    const { clock: _after, ...after } = await getState(cli.url)
    const { clock: _before, ...before } = good
    expect(after).toEqual(before)

    // A whole state is taken, and a restart from the file it wrote starts with it.
    const renamed = structuredClone(good)
    const org = (renamed.tables.organizations as Row[])[0]!
    org.title = 'Taken and kept'
    expect((await putState(cli.url, renamed)).status).toBe(204)
    expect(await stop(cli)).toEqual({ code: 0, signal: null })

    const again = await startCli(['--port', '0', '--scenario', 'demo', '--state', file])
    const restarted = await getState(again.url)
    expect((restarted.tables.organizations as Row[]).find((o) => o.id === org.id)?.title).toBe('Taken and kept')
    expect(await stop(again)).toEqual({ code: 0, signal: null })
  })

  it('refuses the same in process, from platform.restore, and keeps working', async () => {
    const platform = createMockPlatform({ scenario: 'demo' })
    await platform.ready
    const good = platform.snapshot()
    const { state, expected } = breakReference(good, 'members', 'organization')
    await expect(platform.restore(state)).rejects.toThrow(expected)
    await expect(platform.restore(state)).rejects.toBeInstanceOf(TypeError)
    expect(platform.snapshot().tables.members).toEqual(good.tables.members)
    await platform.restore(good)
  })
})
