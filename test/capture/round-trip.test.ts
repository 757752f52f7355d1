import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
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
  {
    call: /teams/i,
    path: 'spaces',
    why: 'team grants are not listed: the copy rebuilds access as user grants, so a team reaches no spaces',
  },
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

describe('docplat-mock capture: bad input', () => {
  it('fails clearly, exits non-zero and leaves no file for an unreachable service, a wrong token, an organization out of reach, an unwritable --out', {
    timeout: 120_000,
  }, async () => {
    const tokens = await demoTokens()
    const source = await startCli(['--port', '0', '--scenario', 'demo'])
    const cases: Array<{ args: string[]; message: RegExp; out: string }> = [
      {
        args: ['--base', 'http://127.0.0.1:9', '--token', tokens.admin!],
        message: /cannot reach http:\/\/127\.0\.0\.1:9/,
        out: join(dir, 'unreachable.json'),
      },
      {
        args: ['--base', source.url, '--token', 'dpt_not_a_token'],
        message: /refused the token \(401\)/,
        out: join(dir, 'wrong-token.json'),
      },
      {
        args: ['--base', source.url, '--token', tokens.read!, '--org', 'org_nobody_has'],
        message: /no access to organization org_nobody_has/,
        out: join(dir, 'no-org.json'),
      },
    ]
    // Under a regular file no directory can be made, whoever runs the test (root ignores modes).
    await writeFile(join(dir, 'a-file'), 'not a directory')
    cases.push({
      args: ['--base', source.url, '--token', tokens.admin!],
      message: /cannot write .*a-file.*ENOTDIR|cannot write .*a-file.*EEXIST/,
      out: join(dir, 'a-file', 'state.json'),
    })
    // The captures start together: each has its own output and its own process, and the source
    // serves them all (one after another, each waited on a Node start of its own).
    const runs = cases.map((c) => ({ c, run: runCli(['capture', ...c.args, '--out', c.out]) }))
    const usage = runCli(['capture', '--base', source.url, '--out', join(dir, 'x.json')])
    for (const { c, run } of runs) {
      const { code } = await run.exited
      expect({ code, stderr: run.stderr() }).toMatchObject({ code: 1, stderr: expect.stringMatching(c.message) })
      expect(run.stdout()).toBe('')
      expect(run.stderr()).not.toContain(tokens.admin!)
      expect(run.stderr()).not.toContain(tokens.read!)
      await expect(stat(c.out)).rejects.toMatchObject({ code: expect.stringMatching(/ENOENT|ENOTDIR/) })
    }
    expect((await usage.exited).code).toBe(2)
    expect(usage.stderr()).toContain('Missing --token')
    // No temporary file was left beside the outputs either.
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })
})
