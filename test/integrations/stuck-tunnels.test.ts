import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { connectMockServer, createMockPlatform } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { APIError, createClient } from '../../src/index.ts'
import { eventsOf } from './support.ts'

/**
 * A development tunnel on 127.0.0.1 that holds every request until the test releases it, as an
 * author's code stopped at a breakpoint does. `arrived` resolves when a request has come,
 * `received(n)` once `n` have.
 */
async function stuckTunnel() {
  const held: ServerResponse[] = []
  const waiters: Array<{ count: number; resolve: () => void }> = []
  let arrive!: () => void
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  let count = 0
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume()
    req.on('end', () => {
      held.push(res)
      count++
      arrive()
      for (const waiter of waiters.filter((w) => w.count <= count)) waiter.resolve()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    arrived,
    held,
    received: (n: number) => new Promise<void>((resolve) => (n <= count ? resolve() : waiters.push({ count: n, resolve }))),
    release: () => {
      for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function studio() {
  const platform = createMockPlatform({ scenario: 'empty', fetch: globalThis.fetch })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Studio' })
  const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
  await platform.builders.integration({ name: 'slow', organization: org.id, blocks: [{ id: 'metric', title: 'Metric' }] })
  return { platform, org, token, client: createClient({ token, fetch: platform.fetch }) }
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe('a development tunnel that does not answer', () => {
  it('does not hold the API call that emitted the event; settled() waits for the delivery', async () => {
    const tunnel = await stuckTunnel()
    cleanups.push(tunnel.close)
    const { platform, org, client } = await studio()
    await client.integrations.dev.enable({ integrationName: 'slow', tunnelUrl: tunnel.url })

    // The call answers while the tunnel still holds the delivery.
    const installation = await client.integrations.installations.create({ integrationName: 'slow', organization: org.id })
    await tunnel.arrived
    expect(tunnel.held).toHaveLength(1)
    const [pending] = await eventsOf(client, 'slow')
    expect(pending).toMatchObject({ status: 'pending', payload: { installationId: installation.id } })

    let settled = false
    const waiting = platform.integrations.settled().then(() => (settled = true))
    tunnel.release()
    await waiting
    expect(settled).toBe(true)
    const [delivered] = await eventsOf(client, 'slow')
    expect(delivered).toMatchObject({ id: pending!.id, status: 'success' })
  })

  it('over HTTP: the install answers while the delivery is held, and the control plane waits for it to settle', async () => {
    const tunnel = await stuckTunnel()
    cleanups.push(tunnel.close)
    const { platform, org, token } = await studio()
    const server = await startMockServer({ platform })
    cleanups.push(() => server.close())
    const remote = await connectMockServer(server.url)
    const client = createClient({ baseUrl: server.url, token, retry: 0 })
    await client.integrations.dev.enable({ integrationName: 'slow', tunnelUrl: tunnel.url })

    await client.integrations.installations.create({ integrationName: 'slow', organization: org.id })
    await tunnel.arrived
    expect((await eventsOf(client, 'slow'))[0]!.status).toBe('pending')
    const waiting = remote.integrations.settled()
    tunnel.release()
    await waiting
    expect((await eventsOf(client, 'slow'))[0]!.status).toBe('success')
  })

  it('does not hold platform.integrations.emitEvent nor a builder; settled() waits for their deliveries', async () => {
    const tunnel = await stuckTunnel()
    cleanups.push(tunnel.close)
    const { platform, org, client } = await studio()
    // Installed before development mode: nothing to deliver yet.
    const installation = await platform.builders.installation({ integration: 'slow', organization: org.id })
    await client.integrations.dev.enable({ integrationName: 'slow', tunnelUrl: tunnel.url })

    // Each call resolves while the tunnel holds its delivery: the event is still pending, and the
    // tunnel has answered nothing (it answers only when released, below).
    const emitted = await platform.integrations.emitEvent(installation.id, { type: 'installation_setup' })
    expect(emitted).toMatchObject({ object: 'integration-event', status: 'pending' })
    await platform.builders.updateInstallation({ integration: 'slow', organization: org.id, status: 'paused' })
    await tunnel.received(2)
    expect(tunnel.held.map((res) => res.writableEnded)).toEqual([false, false])
    // Newest first, after the installation's own event (delivered to the runtime, before development mode).
    const held = await eventsOf(client, 'slow')
    expect(held.map((event) => event.status)).toEqual(['pending', 'pending', 'success'])
    expect(held[1]!.id).toBe(emitted.id)

    let settled = false
    const waiting = platform.integrations.settled().then(() => (settled = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    tunnel.release()
    await waiting
    // Delivered when released, not given up at the delivery's own deadline.
    expect((await eventsOf(client, 'slow')).map((event) => event.status)).toEqual(['success', 'success', 'success'])
  })

  it('over HTTP: the control route that emits an event answers while the delivery is held; settled waits for it', async () => {
    const tunnel = await stuckTunnel()
    cleanups.push(tunnel.close)
    const { platform, org, client } = await studio()
    const installation = await platform.builders.installation({ integration: 'slow', organization: org.id })
    await client.integrations.dev.enable({ integrationName: 'slow', tunnelUrl: tunnel.url })
    const server = await startMockServer({ platform })
    cleanups.push(() => server.close())
    const remote = await connectMockServer(server.url)

    const emitted = await remote.integrations.emitEvent(installation.id, { type: 'installation_setup' })
    expect(emitted).toMatchObject({ object: 'integration-event', status: 'pending' })
    const changed = await remote.integrations.updateInstallation(installation.id, { status: 'paused' })
    expect(changed).toMatchObject({ id: installation.id, status: 'paused' })
    await tunnel.received(2)
    expect(tunnel.held.map((res) => res.writableEnded)).toEqual([false, false])

    const waiting = remote.integrations.settled()
    tunnel.release()
    await waiting
    const [later, first] = await eventsOf(client, 'slow')
    expect([first!.id, first!.status, later!.status]).toEqual([emitted.id, 'success', 'success'])
  })

  it('makes a render that timed out answer 504 with x-should-retry: false, which the SDK does not retry', async () => {
    let sent = 0
    const platform = createMockPlatform({
      scenario: 'empty',
      tunnelAllow: ['tunnel.example.test'],
      fetch: async () => {
        sent++
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
      },
    })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Studio' })
    const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
    await platform.builders.integration({ name: 'slow', organization: org.id, blocks: [{ id: 'metric', title: 'Metric' }] })
    // Retries on, as a user's client has them.
    const client = createClient({ token, fetch: platform.fetch, retry: { limit: 2, delay: () => 0, jitter: false } })
    await client.integrations.dev.enable({ integrationName: 'slow', tunnelUrl: 'https://tunnel.example.test/dev' })

    const error = await client.integrations.render({ integrationName: 'slow', componentId: 'metric' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(APIError)
    expect((error as APIError).status).toBe(504)
    expect((error as APIError).headers.get('x-should-retry')).toBe('false')
    expect(sent).toBe(1)
  })

  it('settled() resolves at once when nothing is being delivered', async () => {
    const { platform } = await studio()
    await expect(platform.integrations.settled()).resolves.toBeUndefined()
  })
})
