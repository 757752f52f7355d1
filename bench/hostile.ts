import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { createClient } from '../src/index.ts'
import { createMockPlatform } from '../mock/index.ts'
import { fmt, median } from './harness.ts'
import { markdownShapes } from './markdown-shapes.ts'

const cli = fileURLToPath(new URL('../mock/node/cli.ts', import.meta.url))

function serve(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--scenario', 'demo'], { stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line)
      if (match) resolve({ child, url: match[1]! })
    })
    child.once('exit', (code) => reject(new Error(`docplat-mock exited with ${code} before it listened`)))
  })
}

/** Milliseconds each of a victim's sequential `GET /v1/orgs` took while `attack` ran. */
async function victimWaits(url: string, token: string, attack: () => Promise<void>): Promise<number[]> {
  const waits: number[] = []
  let done = false
  const victim = (async () => {
    while (!done) {
      const start = performance.now()
      const response = await fetch(`${url}/v1/orgs`, { headers: { authorization: `Bearer ${token}` } })
      await response.arrayBuffer()
      waits.push(performance.now() - start)
    }
  })()
  await attack()
  done = true
  await victim
  return waits
}

/**
 * Hostile payloads (docs/reliability.md) against `docplat-mock serve` (its own process): while an attacker
 * sends each one 20 times in a row, a victim client reads `GET /v1/orgs` in a loop; the figure is
 * the victim's median and worst wait, against the same loop with no attacker.
 */
export async function hostile(times = 20): Promise<string[]> {
  // The CLI's default seed builds the same demo: same tokens, same IDs.
  const demo = createMockPlatform({ scenario: 'demo' })
  await demo.ready
  const tokens = demo.tokens
  const server = await serve()
  try {
    const client = createClient({ baseUrl: server.url, token: tokens.comment!, retry: 0 })
    const space = [...demo.db.spaces.all()].find((s) => !s.deletedAt)!
    // The commenter can comment there: the payloads reach the markdown check, not a 403.
    await client.spaces.comments.list({ spaceId: space.id })
    const post = (path: string, body: string, token: string) => async () => {
      for (let i = 0; i < times; i++) {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        })
        await response.arrayBuffer()
      }
    }
    const payloads: Array<[string, () => Promise<void>]> = [
      ['none (baseline)', async () => void (await new Promise((resolve) => setTimeout(resolve, 500)))],
      [
        "comment of '- ' x 8,000 (400)",
        post(`/v1/spaces/${space.id}/comments`, JSON.stringify({ body: { markdown: `${'- '.repeat(8000)}x` } }), tokens.comment!),
      ],
      [
        "comment of '>' x 65,000 (400)",
        post(`/v1/spaces/${space.id}/comments`, JSON.stringify({ body: { markdown: `${'>'.repeat(65_000)}x` } }), tokens.comment!),
      ],
      [
        'render, props nesting arrays 5,000 deep (400)',
        post(
          '/v1/integrations/demo-integration/render',
          `{"componentId":"c","props":${'['.repeat(5000)}${']'.repeat(5000)}}`,
          tokens.read!,
        ),
      ],
      [
        'render, 1 MB props',
        post(
          '/v1/integrations/demo-integration/render',
          JSON.stringify({ componentId: 'c', props: { blob: 'x'.repeat(1024 * 1024 - 64) } }),
          tokens.read!,
        ),
      ],
    ]
    const get = (path: string, token: string) => async () => {
      for (let i = 0; i < times; i++) {
        const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
        await response.arrayBuffer()
      }
    }
    // Legitimate bodies at the 64 KB limit: posted before the victim starts, then read back as
    // documents, one at a time and a page of them at once.
    const large = async (shape: string) => {
      const markdown = markdownShapes[shape]!(65_536).trimEnd()
      const created = await client.spaces.comments.create({ spaceId: space.id, body: { markdown } })
      return created.id
    }
    const ordinary = await large('ordinary document')
    const hostileShapes = ['`*a_` run', 'unclosed `![`', 'long table', 'footnote refs `[^a`']
    for (const shape of hostileShapes) await large(shape)
    payloads.push(
      [
        'comment of 64 KB ordinary markdown, read as a document',
        get(`/v1/spaces/${space.id}/comments/${ordinary}?format=document`, tokens.comment!),
      ],
      [
        `page of the ${hostileShapes.length + 1} comments of 64 KB (ordinary and hostile shapes), read as documents`,
        get(`/v1/spaces/${space.id}/comments?format=document&limit=${hostileShapes.length + 1}`, tokens.comment!),
      ],
    )
    const rows: string[] = []
    for (const [name, attack] of payloads) {
      const waits = await victimWaits(server.url, tokens.admin!, attack)
      rows.push(`| ${name} | ${fmt(median(waits), 1)} ms | ${fmt(Math.max(...waits), 1)} ms | ${waits.length} |`)
    }
    return [
      '## Waits under hostile payloads',
      '',
      `A victim reads \`GET /v1/orgs\` in a loop while an attacker sends each payload ${times} times in a row to \`docplat-mock serve\` (its own process).`,
      '',
      '| payload | victim median | victim worst | victim reads |',
      '| --- | ---: | ---: | ---: |',
      ...rows,
    ]
  } finally {
    server.child.kill('SIGTERM')
  }
}
