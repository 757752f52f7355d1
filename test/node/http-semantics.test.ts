import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../mock/base/input.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer, type MockServerOptions } from '../../mock/node/index.ts'

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function serve(options: Partial<MockServerOptions> = {}) {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'HTTP Org' })
  const { token } = await platform.builders.user({ displayName: 'Hy', organization: org.id, role: 'admin', tokenName: 'hy' })
  const server = await startMockServer({ platform, ...options })
  servers.push(server)
  return { server, token, org: org.id, platform }
}

/** Writes raw bytes on a new connection and resolves with everything the server sent until it closed. */
function rawExchange(server: MockServer, text: string, options: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1')
    let received = ''
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk))
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
    socket.write(text)
    if (options.end) socket.end()
  })
}

function parseRaw(text: string) {
  const [head, body] = [text.slice(0, text.indexOf('\r\n\r\n')), text.slice(text.indexOf('\r\n\r\n') + 4)]
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body }
}

describe('HTTP semantics of the server', () => {
  it('answers HEAD on a GET route with the GET status and headers, without a body', async () => {
    const { server, token } = await serve()
    const get = await fetch(`${server.url}/v1/orgs`, { headers: { authorization: `Bearer ${token}` } })
    const head = await fetch(`${server.url}/v1/orgs`, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'))
    expect(await head.text()).toBe('')
    expect(((await get.json()) as { count: number }).count).toBe(1)
    const unauthenticated = await fetch(`${server.url}/v1/orgs`, { method: 'HEAD' })
    expect(unauthenticated.status).toBe(401)
  })

  it.each([
    ['an unknown method', 'FROB /v1/orgs HTTP/1.1\r\nHost: x\r\n\r\n', 501, 'Unknown request method'],
    ['a malformed request line', 'GET /v1/orgs HTTQ/1.1\r\nHost: x\r\n\r\n', 400, 'Malformed request'],
    ['a header without a colon', 'GET /v1/orgs HTTP/1.1\r\nHost x\r\n\r\n', 400, 'Malformed request'],
  ])('answers %s with a JSON error body', async (_, request, status, message) => {
    const { server } = await serve()
    const answer = parseRaw(await rawExchange(server, request))
    expect(answer.status).toBe(status)
    expect(answer.head).toMatch(/content-type: application\/json/i)
    const body = JSON.parse(answer.body) as { error: { code: number; message: string } }
    expect(body.error.code).toBe(status)
    expect(body.error.message).toContain(message)
  })

  it('answers 413 to an oversized Expect: 100-continue request without sending 100 Continue first', async () => {
    const { server, token, org } = await serve()
    const text = await rawExchange(
      server,
      `PATCH /v1/orgs/${org} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\nExpect: 100-continue\r\n\r\n`,
    )
    expect(text).not.toContain('100 Continue')
    const answer = parseRaw(text)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 413, message: `Request body is larger than ${MAX_BODY_BYTES} bytes` } })
  })

  it('sends 100 Continue to an Expect: 100-continue request within the cap, then answers it', async () => {
    const { server, token, org } = await serve()
    const body = JSON.stringify({ title: 'Continued' })
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1')
      let received = ''
      socket.setEncoding('utf8').on('data', (chunk: string) => {
        received += chunk
        if (chunk.includes('100 Continue')) socket.write(body)
        if (/\r\n\r\n\{.*\}$/s.test(received.slice(received.indexOf('HTTP/1.1 200')))) socket.end()
      })
      socket.on('close', () => resolve(received))
      socket.on('error', reject)
      socket.write(
        `PATCH /v1/orgs/${org} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      )
    })
    expect(text.startsWith('HTTP/1.1 100 Continue')).toBe(true)
    expect(text).toContain('HTTP/1.1 200 OK')
    expect(text).toContain('"title":"Continued"')
  })

  it('answers 413 to a chunked body of 20 MiB, read to its end rather than reset', async () => {
    const { server, token, org } = await serve()
    const chunk = new Uint8Array(1024 * 1024).fill(32)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await fetch(`${server.url}/v1/orgs/${org}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(413)
  })

  it('closes a connection that sends nothing once the idle timeout passes, and keeps serving others', async () => {
    const { server, token } = await serve({ timeouts: { idle: 300, headers: 300 } })
    // Resolves when the server closes the silent connection (waits on the event, not on time).
    const closed = await rawExchange(server, '')
    expect(closed === '' || parseRaw(closed).status === 408).toBe(true)
    // The limits are small so the silent connection closes soon; a loaded machine can hold the
    // next request past them too, so it is sent again until it arrives: the server must answer it.
    let status = 0
    while (status !== 200) {
      const response = await fetch(`${server.url}/v1/orgs`, { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined)
      await response?.arrayBuffer()
      if (response && response.status !== 408) expect(response.status).toBe(200)
      status = response?.status ?? 0
    }
  })

  it('refuses timeouts that are not positive integers', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await expect(startMockServer({ platform, timeouts: { idle: 0 } })).rejects.toThrow('Invalid timeouts.idle 0')
  })
})
