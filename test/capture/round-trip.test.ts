import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.ts'
import { demoTokens, runCli, startCli, stopAll } from '../node/child.ts'
import { walk, type Answers } from './walk.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docplat-capture-'))
})
afterAll(async () => {
  await stopAll()
  await rm(dir, { recursive: true, force: true })
})

/**
 * Fields the API does not reveal, so a copy cannot hold them as the service does. Each is named
 * with why (docs/capture.md lists them all); everything else must be equal.
 */
const UNREVEALED: Array<{ call: RegExp; path: string; why: string }> = [
  { call: /^spaces\.comments\./, path: 'replies', why: "a space comment's replies cannot be listed, so the copy has none" },
  { call: /teams/i, path: 'spaces', why: 'team grants are not listed: the copy rebuilds access as user grants, so a team reaches no spaces' },
  { call: /^orgs\.saml\./, path: 'defaultTeam.spaces', why: 'the same team count, embedded' },
]

function normalise(answers: Answers, origin: string): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [key, value] of answers) {
    const copy = JSON.parse(JSON.stringify(value ?? null).replaceAll(origin, 'BASE')) as unknown
    for (const rule of UNREVEALED) if (rule.call.test(key)) strip(copy, rule.path.split('.'))
    out.set(key, copy)
  }
  return out
}

/** Deletes a field at a path wherever it occurs (in arrays and nested objects). */
function strip(value: unknown, path: string[]): void {
  if (Array.isArray(value)) return value.forEach((v) => strip(v, path))
  if (!value || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  if (path.length === 1) delete record[path[0]!]
  else if (record[path[0]!] !== undefined) strip(record[path[0]!], path.slice(1))
  for (const [k, v] of Object.entries(record)) if (k !== path[0] && typeof v === 'object') strip(v, path)
}

describe('docplat-mock capture: round trip', () => {
  it('captures the demo as its admin; the served copy answers every list and get as the service does', { timeout: 120_000 }, async () => {
    const tokens = await demoTokens()
    const source = await startCli(['--port', '0', '--scenario', 'demo'])
    const file = join(dir, 'copy.json')
    const run = runCli(['capture', '--base', source.url, '--token', tokens.admin!, '--out', file])
    const { code } = await run.exited
    expect(run.stderr()).toContain('Captured into')
    expect(code).toBe(0)
    const token = /capturing user .*: (dpt_captured_\S+)$/m.exec(run.stdout())?.[1]
    expect(token).toBeDefined()
    // Secrets of the service never appear in what capture prints.
    expect(run.stdout() + run.stderr()).not.toContain(tokens.admin!)

    const copy = await startCli(['--port', '0', '--state', file])
    const expected = normalise(await walk(createClient({ baseUrl: source.url, token: tokens.admin!, retry: 0 })), source.url)
    const actual = normalise(await walk(createClient({ baseUrl: copy.url, token: token!, retry: 0 })), copy.url)

    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort())
    expect(expected.size).toBeGreaterThan(300)
    const differing = [...expected.keys()].filter((key) => JSON.stringify(actual.get(key)) !== JSON.stringify(expected.get(key)))
    // Every differing call named at once, then the first difference in full.
    expect(differing.length === 0 ? [] : differing).toEqual([])
    for (const key of differing) expect({ key, value: actual.get(key) }).toEqual({ key, value: expected.get(key) })
  })
})
