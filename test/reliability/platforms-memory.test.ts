import { spawn, type ChildProcess } from 'node:child_process'
import { Agent, request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT } from '../node/child.ts'

/**
 * One memory bound for the whole server: the request journals of all hosted platforms share the
 * server's budget, and new platforms are refused (507) at three quarters of what the old
 * generation can hold. Before, each platform kept 32 MiB of its own and the bound was three
 * quarters of `heap_size_limit` (which counts the young generation too: 288 MiB on a 192 MiB old
 * space), so creating and using platforms ended the process with an out-of-memory crash.
 */

/** Bounds on the loops, in counts (never in time): a 507 must come before MAX_PLATFORMS (about 600 demo platforms fill it). */
const MAX_PLATFORMS = 1_500
/** The adversary's: 12 platforms each sent many renders with the read token (40 fill the journal's 32 MiB with these bodies). */
const BUSY_PLATFORMS = 12
const RENDERS_EACH = 40
const RENDERS_AFTER = 120

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

/** `node --max-old-space-size=192 mock/node/cli.ts serve ...`, resolved with its URL once listening. */
async function startSmallServer(): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=192', 'mock/node/cli.ts', 'serve', '--port', '0', '--quiet', '--max-platforms', '3000'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  children.push(child)
  let out = ''
  let err = ''
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match && out.includes('Press Ctrl+C')) resolve(match[1]!)
    })
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${err}`)))
  })
  return { url, child, stderr: () => err }
}

function send(agent: Agent, method: string, url: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { method, agent, headers: body ? { ...headers, 'content-length': String(body.length) } : headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('platforms a server hosts, under a 192 MiB old space', () => {
  it('are refused with 507 before the process runs out of memory, however much they are used', async () => {
    const server = await startSmallServer()
    const agent = new Agent({ keepAlive: true, maxSockets: 4 })
    const alive = <T>(promise: Promise<T>) =>
      promise.catch((error: unknown) => {
        throw new Error(
          `the server stopped answering (${(error as Error).message}); exit code ${String(server.child.exitCode)}, stderr: ${server.stderr().slice(0, 2_000)}`,
        )
      })
    // The adversary's shape: renders with a large prop of two-byte text (what the journals keep most of).
    const body = Buffer.from(JSON.stringify({ componentId: 'metric', props: { blob: 'ж'.repeat(65_000) } }))
    const json = { 'content-type': 'application/json' }
    const platforms: Array<{ baseUrl: string; read: string }> = []
    const render = async (p: { baseUrl: string; read: string }) => {
      const answer = await alive(
        send(agent, 'POST', `${p.baseUrl}/v1/integrations/demo-integration/render`, { ...json, authorization: `Bearer ${p.read}` }, body),
      )
      expect(answer.status).toBe(200)
    }

    let refused: { status: number; text: string } | undefined
    while (platforms.length < MAX_PLATFORMS && !refused) {
      const created = await alive(send(agent, 'POST', `${server.url}/_docplat/platforms`, json, Buffer.from('{"scenario":"demo"}')))
      if (created.status !== 201) {
        refused = created
        break
      }
      const made = JSON.parse(created.text) as { baseUrl: string; tokens: { read: string } }
      const platform = { baseUrl: made.baseUrl, read: made.tokens.read }
      platforms.push(platform)
      if (platforms.length <= BUSY_PLATFORMS) for (let i = 0; i < RENDERS_EACH; i++) await render(platform)
    }
    expect(refused?.status).toBe(507)
    expect(JSON.parse(refused!.text).error.message).toMatch(/memory is at its bound/)
    expect(platforms.length).toBeGreaterThan(BUSY_PLATFORMS)

    // Refused, the platforms there keep being used: still no crash.
    for (let i = 0; i < RENDERS_AFTER; i++) await render(platforms[(i * 7) % platforms.length]!)
    expect((await alive(send(agent, 'GET', `${server.url}/_docplat/health`, {}))).status).toBe(200)
    expect((await alive(send(agent, 'GET', `${platforms.at(-1)!.baseUrl}/_docplat/health`, {}))).status).toBe(200)
    expect(server.child.exitCode).toBeNull()
    agent.destroy()
  }, 1_800_000)
})
