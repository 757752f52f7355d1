import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { matchesLines, outputBlocks, ROOT } from './blocks.ts'

// docs/cli.md shows what `docplat-mock serve` prints; the CLI is run as `npm start` runs it and
// its banner compared with the page, line for line.
const children = new Set<ReturnType<typeof spawn>>()
afterEach(async () => {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await once(child, 'close')
      }
    }),
  )
  children.clear()
})

/** What `serve` prints up to its last banner line, read as it arrives (no time limit). */
async function banner(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, ['mock/node/cli.ts', 'serve', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  let out = ''
  let err = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  child.stdout.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      out += chunk
      if (out.includes('Press Ctrl+C to stop.\n')) resolve(out)
    })
    child.on('close', (code) => reject(new Error(`docplat-mock exited with ${code} before its banner\nstdout: ${out}\nstderr: ${err}`)))
  })
}

describe('docs/cli.md, "What it prints"', () => {
  it('is what `docplat-mock serve --port 4010` prints', async () => {
    const documented = outputBlocks('docs/cli.md')
    expect(documented).toHaveLength(1)
    const expected = documented[0]!.text.split('\n')
    // Port 0 takes a free port; the page shows 4010, the port it tells readers to use.
    const printed = await banner(['--port', '0', '--scenario', 'demo'])
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(printed)?.[1]
    expect(port).toMatch(/^\d+$/)
    const lines = printed.replaceAll(`127.0.0.1:${port}`, '127.0.0.1:4010').replace(/\n$/, '').split('\n')
    if (!matchesLines(expected, lines)) expect(lines).toEqual(expected)
  })
})
