import { spawn, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer, type MockServerTimeouts } from '../../mock/node/index.ts'
import { ROOT } from './child.ts'

const servers: MockServer[] = []
const sockets: Socket[] = []
const children: ChildProcess[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const child of children.splice(0)) child.kill('SIGKILL')
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

// Small limits so the test runs fast; the idle timeout is long, so it is not what closes anything.
const TIMEOUTS = { headers: 300, request: 600, idle: 60_000, linger: 300 } satisfies MockServerTimeouts

async function serve() {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const server = await startMockServer({ platform, timeouts: TIMEOUTS })
  servers.push(server)
  return server
}

interface Hostile {
  /**
   * Resolves when the server has closed the connection. No timer races it: the server's small
   * limits close it, and a server that never does fails the test by vitest's timeout.
   */
  closed: Promise<void>
}

/**
 * A client that never reads what the server sends and writes `first`, then `trickle` every 50 ms,
 * for as long as the connection is open.
 */
function hostile(port: number, first: string, trickle: string): Hostile {
  const socket = connect(port, '127.0.0.1')
  sockets.push(socket)
  // Never reading: the server's half-close is never seen, and its answer stays in the buffers.
  socket.pause()
  socket.on('error', () => undefined)
  socket.write(first)
  const writer = setInterval(() => {
    if (socket.writable) socket.write(trickle)
  }, 50)
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => resolve())
  }).finally(() => {
    clearInterval(writer)
    socket.destroy()
  })
  return { closed }
}

describe('a connection ends after an error answer, whatever the client does', () => {
  it('closes a never-reading client that keeps trickling header lines after its 408', async () => {
    const server = await serve()
    const { closed } = hostile(server.port, 'GET /v1/orgs HTTP/1.1\r\nHost: x\r\n', 'X-Trickle: 1\r\n')
    // Settles only when the server closes the connection.
    await closed
  })

  it('closes a never-reading client that keeps sending a declared-too-large body after its 413', async () => {
    const server = await serve()
    const { closed } = hostile(
      server.port,
      'POST /v1/orgs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n',
      'aaaa',
    )
    // Settles only when the server closes the connection.
    await closed
  })

  it('closes a never-reading client that keeps sending a chunked body past the limit after its 413', async () => {
    const server = await serve()
    const head = 'POST /v1/orgs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'
    const { closed } = hostile(server.port, `${head}6400000\r\n${'a'.repeat(12 * 1024 * 1024)}`, 'aaaa')
    // Settles only when the server closes the connection.
    await closed
  })

  it('still lets a reading client see its 408 before the connection ends', async () => {
    const server = await serve()
    const socket = connect(server.port, '127.0.0.1')
    sockets.push(socket)
    let received = ''
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk))
    socket.write('GET /v1/orgs HTTP/1.1\r\nHost: x\r\n')
    await new Promise((resolve) => socket.once('close', resolve))
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 408, message: 'The request took too long to arrive' },
    })
  })
})

describe('CONNECT', () => {
  it('answers 405 with the error body and closes the connection', async () => {
    const server = await serve()
    const socket = connect(server.port, '127.0.0.1')
    sockets.push(socket)
    let received = ''
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk))
    socket.write('CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n')
    await new Promise((resolve) => socket.once('close', resolve))
    const [head, body] = [received.slice(0, received.indexOf('\r\n\r\n')), received.slice(received.indexOf('\r\n\r\n') + 4)]
    expect(head).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/)
    expect(head).toMatch(/\r\ncontent-type: application\/json\r\n/i)
    expect(head).toMatch(/\r\nconnection: close(\r\n|$)/i)
    expect(JSON.parse(body)).toEqual({ error: { code: 405, message: 'CONNECT is not allowed' } })
  })
})

/** Starts the CLI under a hard limit of 256 file descriptors and resolves with its port. */
async function startUnderFdLimit(): Promise<number> {
  const args = [
    'serve',
    '--port',
    '0',
    '--scenario',
    'demo',
    '--quiet',
    '--headers-timeout',
    String(TIMEOUTS.headers),
    '--request-timeout',
    String(TIMEOUTS.request),
    '--idle-timeout',
    String(TIMEOUTS.idle),
    '--linger-timeout',
    String(TIMEOUTS.linger),
  ]
  const command = `ulimit -n 256 && exec "$0" mock/node/cli.ts ${args.join(' ')}`
  const child = spawn('bash', ['-c', command, process.execPath], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let out = ''
  let err = ''
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  return new Promise<number>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (match && out.includes('Press Ctrl+C')) resolve(Number(match[1]))
    })
    child.on('close', (code) => reject(new Error(`the server exited with ${code}: ${err}`)))
  })
}

/** One GET on a fresh connection: its status, or the error that ended it. */
function get(port: number, token: string): Promise<number | Error> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/v1/orgs', agent: false, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', resolve)
      },
    )
    req.on('error', resolve)
    req.end()
  })
}

/**
 * Retries a GET until it is answered: a refused or reset connection (no descriptor free yet) is
 * tried again after a short pause, which spaces the tries out and bounds nothing; the test's
 * timeout is the one bound (its signal stops the tries). A 408 is tried again too: the server's
 * limits are small so the hostile clients close soon, and a loaded machine can hold a legitimate
 * GET past them.
 */
async function answered(port: number, token: string, signal: AbortSignal): Promise<number | undefined> {
  while (!signal.aborted) {
    const status = await get(port, token)
    if (typeof status === 'number' && status !== 408) return status
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return undefined
}

describe('file descriptors', () => {
  it('serves again once 300 never-reading, trickling clients have had their 408, under a limit of 256 descriptors', {
    timeout: 120_000,
  }, async ({ signal }) => {
    const port = await startUnderFdLimit()
    const token = 'dpt_admin_bbjkCZFhKROV507qd9DShLep'
    expect(await answered(port, token, signal)).toBe(200)
    const clients = Array.from({ length: 300 }, () => hostile(port, 'GET /v1/orgs HTTP/1.1\r\nHost: x\r\n', 'X-Trickle: 1\r\n'))
    // Once the 300 are connecting, 30 legitimate GETs, each retried until answered.
    const statuses = await Promise.all(Array.from({ length: 30 }, () => answered(port, token, signal)))
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 200))
    await Promise.all(clients.map((c) => c.closed))
  })
})
