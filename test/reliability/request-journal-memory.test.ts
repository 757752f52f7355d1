import { spawn } from 'node:child_process'
import { request, Agent } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_REQUEST_JOURNAL_BYTES } from '../../mock/base/byte-budget.ts'
import { ROOT } from '../node/child.ts'

/**
 * Everything the server keeps about past requests (the platform's request log, the
 * inspector's exchanges and their bodies) fits one budget in bytes. Before, 1,000 exchanges kept
 * up to 64 Ki characters of each body (about 250 MiB with two-byte text) and a server under
 * `--max-old-space-size=256` died after about 825 renders of a 1 MB two-byte prop.
 */

const MiB = 1024 * 1024
const RENDERS = 1_500
/** What else the heap may gain over the run (compiled code, caches that fill once). */
const SLACK = 8 * MiB

const children: Array<ReturnType<typeof spawn>> = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

/** The CLI's own serve path in a child with a small heap, which reports its heap after a full GC. */
async function startServer(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=256', 'test/reliability/journal-heap-server.ts', 'serve', '--port', '0', '--quiet', ...args],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  )
  children.push(child)
  let out = ''
  let err = ''
  const waiters: Array<() => void> = []
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter()
  }
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => ((out += chunk), wake()))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => ((err += chunk), wake()))
  let exited: number | null | undefined
  child.on('exit', (code) => ((exited = code ?? -1), wake()))
  const waitFor = async (pattern: RegExp, count = 1): Promise<RegExpExecArray> => {
    for (;;) {
      const found = [...out.matchAll(new RegExp(pattern, 'g'))]
      if (found.length >= count) return found[count - 1] as RegExpExecArray
      if (exited !== undefined) throw new Error(`the server exited (${exited}): ${err}`)
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  const url = (await waitFor(/listening on (http:\/\/\S+)/))[1]!
  const token = (await waitFor(/read\s+(dpt_read_\S+)/))[1]!
  let heaps = 0
  return {
    url,
    token,
    stderr: () => err,
    exited: () => exited,
    /** Heap used after full collections, in bytes. */
    async heap(): Promise<number> {
      child.stdin!.write('heap\n')
      return Number((await waitFor(/heap (\d+)\n/, ++heaps))[1])
    },
  }
}

/**
 * Sends one request and reads its whole answer. `text: false` reads the answer to its end without
 * keeping or decoding it (its text is then ''): a render answers its 1 MB prop back, and decoding
 * 1,500 of them in the test's own process is CPU the assertions on their statuses do not need.
 */
function send(
  url: string,
  agent: Agent,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  { text = true }: { text?: boolean } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method, agent, headers: body ? { ...headers, 'content-length': String(body.length) } : headers },
      (res) => {
        const chunks: Buffer[] = []
        if (text) res.on('data', (chunk: Buffer) => chunks.push(chunk))
        else res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: text ? Buffer.concat(chunks).toString() : '' }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('memory kept about past requests', () => {
  it(`stays within the default budget over ${RENDERS} renders of a 1 MB two-byte prop, under a 256 MB heap`, async () => {
    const server = await startServer([])
    const agent = new Agent({ keepAlive: true, maxSockets: 2 })
    // 'ж' is two bytes in UTF-8 and makes V8 store the string with two bytes a character.
    const body = Buffer.from(JSON.stringify({ componentId: 'metric', props: { blob: 'ж'.repeat((MiB - 200) / 2) } }))
    expect(body.length).toBeLessThanOrEqual(MiB)
    const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }
    const render = () =>
      send(server.url, agent, 'POST', '/v1/integrations/demo-integration/render', headers, body, { text: false }).catch(
        (error: unknown) => {
          // A server that ran out of memory resets the connection: say so, with what it printed.
          throw new Error(
            `render failed (${(error as Error).message}); server exit code ${String(server.exited())}, stderr: ${server.stderr().slice(0, 2_000)}`,
          )
        },
      )
    // Warm up, so what the first requests compile and cache is not counted as kept.
    for (let i = 0; i < 3; i++) expect((await render()).status).toBe(200)
    const before = await server.heap()
    let sent = 0
    const statuses = new Map<number, number>()
    await Promise.all(
      [1, 2].map(async () => {
        while (sent < RENDERS) {
          sent++
          const { status } = await render()
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
        }
      }),
    )
    expect(Object.fromEntries(statuses)).toEqual({ 200: RENDERS })
    const growth = (await server.heap()) - before
    expect(growth).toBeLessThan(DEFAULT_REQUEST_JOURNAL_BYTES + SLACK)

    // Alive, and still keeping the newest: the request log and the inspector's last exchange.
    const log = await send(server.url, agent, 'GET', '/_docplat/requests?operationId=renderIntegrationUIWithPost', {})
    expect(log.status).toBe(200)
    const kept = (JSON.parse(log.text) as { requests: unknown[] }).requests.length
    expect(kept).toBeGreaterThan(10)
    expect(kept).toBeLessThan(RENDERS)
    const list = JSON.parse((await send(server.url, agent, 'GET', '/_docplat/exchanges', {})).text) as {
      exchanges: Array<{ id: number; path: string }>
    }
    const newest = list.exchanges.at(-1)!
    expect(newest.path).toBe('/v1/integrations/demo-integration/render')
    const exchange = JSON.parse((await send(server.url, agent, 'GET', `/_docplat/exchanges/${newest.id}`, {})).text) as {
      request: { body: string; truncated?: boolean }
    }
    expect(exchange.request.body.startsWith('{"componentId":"metric","props":{"blob":"жжж')).toBe(true)
    expect(exchange.request.truncated).toBe(true)
    expect(server.exited()).toBeUndefined()
    agent.destroy()
  }, 1_800_000)
})
