import { createMockPlatform } from '../mock/index.ts'
import { fmt, median, serveMock, stop } from './harness.ts'

const TOP = 'openapi: 3.0.3\ninfo: {title: Shapes, version: "1"}\n'
const flowMapping = (n: number) => `{${Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join(', ')}}`
const blockMapping = (n: number) => Array.from({ length: n }, (_, i) => `  /p${i}: {}`).join('\n')

/** The OpenAPI sources of the hostile client's report, and what fits: sent as `source.text`. */
const SHAPES: Array<[string, string]> = [
  ['YAML flow mapping of 60,000 keys (400)', `${TOP}paths: ${flowMapping(60_000)}\n`],
  ['YAML block mapping of 40,000 keys (400)', `${TOP}paths:\n${blockMapping(40_000)}\n`],
  ['YAML nesting 100,000 deep (400)', `${TOP}paths: {x: ${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`],
  ['YAML of 1,000 aliases (400)', `${TOP}anchor: &a {x: 1}\nmany: [${Array(1_000).fill('*a').join(', ')}]\npaths: {}\n`],
  [
    'the 60,000 keys as JSON (400)',
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i])),
    }),
  ],
  ['YAML of 9,000 paths (published)', `${TOP}paths:\n${blockMapping(9_000)}\n`],
]

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.99) - 1)]!

/**
 * While an attacker with a create token sends each OpenAPI source shape `times` times in a row to
 * `docplat-mock serve` (its own process), a second client reads `GET /v1/orgs` in a loop: its
 * median, 99th percentile and worst wait, against the same loop with no attacker.
 */
export async function openapiSources(times = 3): Promise<string[]> {
  // The CLI's default seed builds the same demo: same tokens, same IDs.
  const demo = createMockPlatform({ scenario: 'demo' })
  await demo.ready
  const organization = [...demo.db.organizations.all()][0]!.id
  const server = await serveMock(['--scenario', 'demo'])
  try {
    const attack = (text: string) => async () => {
      for (let i = 0; i < times; i++) {
        const response = await fetch(`${server.url}/v1/orgs/${organization}/openapi/bench`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${demo.tokens.create!}`, 'content-type': 'application/json' },
          body: JSON.stringify({ source: { text } }),
        })
        await response.arrayBuffer()
      }
    }
    const rows: string[] = []
    const runs: Array<[string, () => Promise<void>]> = [
      ['none (baseline)', async () => void (await new Promise((resolve) => setTimeout(resolve, 1_000)))],
      ...SHAPES.map(([name, text]): [string, () => Promise<void>] => [name, attack(text)]),
    ]
    for (const [name, run] of runs) {
      const waits: number[] = []
      let done = false
      const victim = (async () => {
        while (!done) {
          const start = performance.now()
          const response = await fetch(`${server.url}/v1/orgs`, { headers: { authorization: `Bearer ${demo.tokens.read!}` } })
          await response.arrayBuffer()
          waits.push(performance.now() - start)
        }
      })()
      const start = performance.now()
      await run()
      const took = performance.now() - start
      done = true
      await victim
      rows.push(
        `| ${name} | ${fmt(took / (name.startsWith('none') ? 1 : times), 0)} ms | ${fmt(median(waits), 1)} ms | ${fmt(p99(waits), 1)} ms | ${fmt(Math.max(...waits), 1)} ms | ${waits.length} |`,
      )
    }
    return [
      '## OpenAPI sources: waits of another client while they are parsed',
      '',
      `An attacker with a create token sends each source ${times} times in a row (\`PUT /v1/orgs/{id}/openapi/bench\`, \`source.text\`) to \`docplat-mock serve\` (its own process); meanwhile a second client reads \`GET /v1/orgs\` in a loop. Sources are parsed on the server's worker thread, within the limits of docs/reliability.md ("OpenAPI sources").`,
      '',
      '| source | attacker, per request | second client median | p99 | worst | reads |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
    ]
  } finally {
    await stop(server.child)
  }
}
