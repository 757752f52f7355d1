import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { createClient } from '../src/index.ts'
import { createMockPlatform } from '../mock/index.ts'
import { fmt, median, serveMock, stop } from './harness.ts'

/** Creates per second against a server, 10 connections, for `seconds`. */
async function writes(url: string, token: string, seconds: number): Promise<number> {
  const client = createClient({ baseUrl: url, token, retry: 0 })
  const org = (await client.orgs.list()).items.find((o) => o.title === 'Acme')!
  const result = await autocannon({
    url: `${url}/v1/orgs/${org.id}/collections`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Benchmark collection' }),
    connections: 10,
    duration: seconds,
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx + result.errors} writes failed`)
  return result.requests.average
}

/**
 * Durability cost: creates per second over HTTP (autocannon, 10 connections) against
 * `docplat-mock serve --state` (every answer waits for its change to reach the journal) and the
 * same server without a state file, in alternating rounds, each on a fresh server. Goal: with
 * --state at least 0.5x without.
 */
export async function durability({ seconds = 5, rounds = 3 } = {}): Promise<string[]> {
  const token = createMockPlatform({ scenario: 'demo' }).tokens.admin!
  const dir = mkdtempSync(join(tmpdir(), 'docplat-bench-state-'))
  const plain: number[] = []
  const journaled: number[] = []
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [args, into] of [
        [[], plain],
        [['--state', join(dir, `state-${round}.json`)], journaled],
      ] as const) {
        const server = await serveMock([...args])
        try {
          into.push(await writes(server.url, token, seconds))
        } finally {
          await stop(server.child)
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const ratio = median(journaled) / median(plain)
  return [
    '## Durability (`docplat-mock serve --state`)',
    '',
    `Creates per second over HTTP (autocannon, 10 connections, ${seconds} s x ${rounds} rounds, medians), a fresh demo server each round.`,
    '',
    '| server | creates/s |',
    '| --- | ---: |',
    `| without --state | ${fmt(median(plain))} |`,
    `| with --state (journal written before each answer) | ${fmt(median(journaled))} |`,
    '',
    `Goal: writes with --state at least 0.5x without: ${ratio >= 0.5 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}x).`,
  ]
}
