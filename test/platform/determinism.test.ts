import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { crawl, demoAtFixedTime, reader, replay, type Answer } from './crawl.ts'

const CHILD = fileURLToPath(new URL('./determinism-child.ts', import.meta.url))

/** Runs the child script in a fresh Node process and parses what it printed. */
function inChildProcess(): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as Answer[]) : reject(new Error(`child exited with ${code}`))))
  })
}

describe('the demo is deterministic', () => {
  it('two platforms with the same seed answer every read byte for byte the same', async () => {
    const first = await demoAtFixedTime()
    const answers = await crawl(reader(first))
    const second = await demoAtFixedTime()
    const again = await replay(
      answers.map((a) => a.url),
      reader(second),
    )
    expect(again).toEqual(answers)
    // The crawl reached every list of the demo and found things in it.
    const lists = answers.filter((a) => a.status === 200 && a.body.startsWith('{"items":['))
    expect(lists.length).toBeGreaterThan(40)
    expect(lists.filter((a) => !a.body.startsWith('{"items":[]')).length).toBeGreaterThan(30)
  })

  it('two processes building the demo from scratch answer byte for byte the same', async () => {
    const [a, b] = await Promise.all([inChildProcess(), inChildProcess()])
    expect(a.length).toBeGreaterThan(100)
    expect(b).toEqual(a)
  })

  it('the first organization is stamped at the start instant, not when the machine got to it', async () => {
    const platform = createMockPlatform()
    const orgs = JSON.parse((await reader(platform)('/v1/orgs')).body) as { items: Array<{ title: string; createdAt: string }> }
    expect(orgs.items[0]).toMatchObject({ title: 'Acme', createdAt: '2026-01-15T09:00:00.000Z' })
  })
})
