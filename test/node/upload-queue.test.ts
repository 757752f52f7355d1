import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'

/**
 * State uploads are read one at a time: one that waits for its turn is silent because the server
 * makes it wait, not because the client stalls, so the idle timeout must not cut it.
 */

const IDLE_MS = 2_000
/** The first upload trickles this many bytes, one every TRICKLE_MS: its body takes 3 idle timeouts. */
const TRICKLE_MS = 100
const BYTES = (3 * IDLE_MS) / TRICKLE_MS

const servers: MockServer[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

/** A raw connection, with everything it received and a promise of its close. */
async function open(port: number) {
  const socket = connect(port, '127.0.0.1')
  sockets.push(socket)
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  let received = ''
  const waiters: Array<() => void> = []
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    received += chunk
    for (const wake of waiters.splice(0)) wake()
  })
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  return {
    socket,
    received: () => received,
    closed,
    /** Resolves once the connection received `text`. */
    until: (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => (received.includes(text) ? resolve() : waiters.push(check))
        check()
      }),
  }
}

const upload = (length: number, expectContinue: boolean) =>
  `PUT /_docplat/state HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n${expectContinue ? 'expect: 100-continue\r\n' : ''}\r\n`

describe('a state upload waiting in the server queue', () => {
  it('is answered after the upload before it, however long that took, not cut by the idle timeout', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const server = await startMockServer({ platform, timeouts: { idle: IDLE_MS, request: 600_000 } })
    servers.push(server)

    // The first upload holds the queue: the server asks for its body (100 Continue) once it is its turn.
    const first = await open(server.port)
    first.socket.write(upload(BYTES, true))
    await first.until('100 Continue')

    // The second sends everything at once, then waits silently in the queue.
    const second = await open(server.port)
    const body = '{}'
    second.socket.write(upload(body.length, false) + body)

    // The first keeps its own connection busy for three idle timeouts, one byte at a time.
    const padded = `{${' '.repeat(BYTES - 2)}}`
    for (let i = 0; i < BYTES; i++) {
      first.socket.write(padded[i]!)
      await new Promise((resolve) => setTimeout(resolve, TRICKLE_MS))
    }
    await first.until('"error"')
    expect(first.received()).toMatch(/HTTP\/1\.1 400 /)

    // Its turn came: the second is read and answered on its connection.
    await Promise.race([second.until('"error"'), second.closed])
    expect(second.received()).toMatch(/^HTTP\/1\.1 400 .*"error":\{"code":400,"message":"[^"]+"/s)
  }, 120_000)
})
