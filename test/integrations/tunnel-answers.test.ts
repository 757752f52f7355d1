import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { createClient } from '../../src/index.ts'
import { eventsOf } from './support.ts'

/**
 * A development tunnel's answer is read up to 1 MiB (1,048,576 bytes): past it the read stops,
 * the stream is cancelled, and the render fails (502) or the delivery fails, naming the limit.
 */

const LIMIT = 1024 * 1024
const NAMED = `the tunnel's answer is larger than ${LIMIT} bytes (1 MiB), the most the platform reads of it`
/** What the flooding tunnel would send if never stopped: 64 times the limit. */
const FLOOD = 64 * LIMIT

/**
 * A tunnel on 127.0.0.1 that answers every request 200 with JSON that never closes: a prefix,
 * then the same 64 KiB chunk again and again (never all of it in memory), waiting for `drain`,
 * until it has sent {@link FLOOD} bytes or the platform closes the connection. `answered` resolves
 * with the bytes each answer had sent when it ended, and whether the platform cut it short.
 */
async function floodingTunnel(options: { declare?: boolean } = {}) {
  const chunk = Buffer.alloc(64 * 1024, 'a')
  const prefix = '{"type":"complete","element":{"type":"block","children":[]},"props":{"pad":"'
  const answers: Array<Promise<{ sent: number; cut: boolean }>> = []
  const server = createServer((req, res: ServerResponse) => {
    req.resume()
    req.on('end', () => {
      let sent = 0
      answers.push(
        new Promise((resolve) => {
          res.on('close', () => resolve({ sent, cut: !res.writableFinished }))
        }),
      )
      res.writeHead(200, { 'content-type': 'application/json', ...(options.declare ? { 'content-length': String(FLOOD) } : {}) })
      res.write(prefix)
      sent = prefix.length
      const pump = () => {
        while (!res.destroyed && sent + chunk.length <= FLOOD) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        if (!res.destroyed) res.end()
      }
      pump()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    answered: (i: number) => answers[i]!,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A platform calling out with the real `fetch`, an admin and an integration with one block. */
async function studio(fetch: typeof globalThis.fetch = globalThis.fetch) {
  const platform = createMockPlatform({ scenario: 'empty', fetch })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Studio' })
  const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
  await platform.builders.integration({ name: 'flood', organization: org.id, blocks: [{ id: 'metric', title: 'Metric' }] })
  return { platform, org, client: createClient({ token, fetch: platform.fetch, retry: 0 }) }
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe('answers from a development tunnel are read up to 1 MiB', () => {
  for (const declare of [false, true]) {
    it(`fails a render whose answer never ends (${declare ? 'its length declared' : 'chunked'}) with a 502 naming the limit, cutting the stream`, async () => {
      const tunnel = await floodingTunnel({ declare })
      cleanups.push(tunnel.close)
      const { client } = await studio()
      await client.integrations.dev.enable({ integrationName: 'flood', tunnelUrl: tunnel.url })

      const error = await client.integrations.render({ integrationName: 'flood', componentId: 'metric' }).catch((e: unknown) => e)
      expect(error).toMatchObject({ status: 502 })
      expect((error as Error).message).toContain(NAMED)
      // The platform closed the connection long before the tunnel was done: it read no more than
      // the limit, plus what the sockets' buffers held.
      const { sent, cut } = await tunnel.answered(0)
      expect(cut).toBe(true)
      expect(sent).toBeLessThan(FLOOD / 2)
    })
  }

  it('fails an event delivery whose answer never ends, with a trace naming the limit', async () => {
    const tunnel = await floodingTunnel()
    cleanups.push(tunnel.close)
    const { platform, org, client } = await studio()
    await client.integrations.dev.enable({ integrationName: 'flood', tunnelUrl: tunnel.url })
    await client.integrations.installations.create({ integrationName: 'flood', organization: org.id })
    await platform.integrations.settled()

    const [event] = await eventsOf(client, 'flood')
    expect(event).toMatchObject({ status: 'failed' })
    const { trace } = await client.integrations.events.get({ integrationName: 'flood', eventId: event!.id })
    expect(trace?.logs?.at(-1)).toMatchObject({ level: 'error', message: `Delivery to ${tunnel.url} failed: ${NAMED}` })
    const { sent, cut } = await tunnel.answered(0)
    expect(cut).toBe(true)
    expect(sent).toBeLessThan(FLOOD / 2)
  })

  it('takes an answer of exactly the limit, and refuses one byte more', async () => {
    const rendered = { type: 'complete', element: { type: 'block', children: [] }, props: {} as Record<string, string> }
    const sized = (bytes: number) => {
      const empty = JSON.stringify({ ...rendered, props: { pad: '' } }).length
      return JSON.stringify({ ...rendered, props: { pad: 'a'.repeat(bytes - empty) } })
    }
    let size = LIMIT
    const { client } = await studio(async () => new Response(sized(size), { headers: { 'content-type': 'application/json' } }))
    await client.integrations.dev.enable({ integrationName: 'flood', tunnelUrl: 'http://127.0.0.1:9/' })

    const output = await client.integrations.render({ integrationName: 'flood', componentId: 'metric' })
    expect((output.props as { pad: string }).pad).toHaveLength(LIMIT - JSON.stringify({ ...rendered, props: { pad: '' } }).length)
    size = LIMIT + 1
    await expect(client.integrations.render({ integrationName: 'flood', componentId: 'metric' })).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining(NAMED),
    })
  })

  it('takes an answer nesting 64 deep, and refuses 65 or 400,000 with a 502 naming the depth, never a 500', async () => {
    const nested = (depth: number) =>
      `{"type":"complete","element":{"type":"block","children":[]},"props":{"deep":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`
    let depth = 64
    const { client } = await studio(async () => new Response(nested(depth), { headers: { 'content-type': 'application/json' } }))
    await client.integrations.dev.enable({ integrationName: 'flood', tunnelUrl: 'http://127.0.0.1:9/' })

    expect((await client.integrations.render({ integrationName: 'flood', componentId: 'metric' })).props).toHaveProperty('deep')
    for (depth of [65, 400_000])
      await expect(client.integrations.render({ integrationName: 'flood', componentId: 'metric' })).rejects.toMatchObject({
        status: 502,
        message: expect.stringContaining('nests arrays and objects more than 64 deep'),
      })
  })
})
