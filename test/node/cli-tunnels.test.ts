import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { BadRequestError, createClient } from '../../src/index.ts'
import { rejects } from '../helpers.ts'
import { CLI_TEST, startCli, stopAll } from './child.ts'

/**
 * Beyond loopback, an organization admin must not read the host's own local services through a
 * development tunnel: loopback targets need `--tunnel-allow` there. On loopback nothing changes.
 */

const SECRET = 'local-service-secret'
const services: Server[] = []
afterEach(async () => {
  await stopAll()
  await Promise.all(services.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
})

/** A local service answering in the tunnel protocol's shape, with something only this host should see. */
async function localService(): Promise<{ port: number; hits: string[] }> {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ type: 'element', element: { type: 'block', children: [{ type: 'text', children: [SECRET] }] } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  services.push(server)
  return { port: (server.address() as AddressInfo).port, hits }
}

/** The admin token the banner lists. */
function adminToken(stdout: string): string {
  const token = /^ {2}admin +(dpt_\S+)$/m.exec(stdout)?.[1]
  expect(token).toBeDefined()
  return token!
}

/** The demo's admin publishes an integration of Acme's own and points its tunnel at `tunnelUrl`. */
async function pointTunnel(baseUrl: string, stdout: string, tunnelUrl: string) {
  const admin = createClient({ baseUrl, token: adminToken(stdout), retry: 0 })
  const acme = (await admin.orgs.list()).items.find((org) => org.title === 'Acme')!
  await admin.integrations.publish({
    integrationName: 'probe',
    organization: acme.id,
    title: 'Probe',
    blocks: [{ id: 'b', title: 'Block' }],
  })
  return { admin, enabled: admin.integrations.dev.enable({ integrationName: 'probe', tunnelUrl }) }
}

const OFF_LOOPBACK = ['--port', '0', '--host', '0.0.0.0', '--control-token', 'test-control-secret']

describe('development tunnels of docplat-mock serve', () => {
  it('off loopback, refuses tunnels to loopback addresses and names, and calls none of them', CLI_TEST, async () => {
    const { port, hits } = await localService()
    const server = await startCli(OFF_LOOPBACK)
    const { admin, enabled } = await pointTunnel(server.url, server.stdout(), `http://127.0.0.1:${port}/render`)
    await rejects(
      enabled,
      BadRequestError,
      new RegExp(`body\\.tunnelUrl: tunnel host 127\\.0\\.0\\.1:${port} is loopback.*--tunnel-allow 127\\.0\\.0\\.1:${port}`),
    )
    for (const url of [
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://127.1.2.3:${port}/`,
      `http://app.localhost:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
    ]) {
      await rejects(admin.integrations.dev.enable({ integrationName: 'probe', tunnelUrl: url }), BadRequestError, /is loopback/)
    }
    expect(hits).toEqual([])
  })

  it('off loopback, reaches a loopback tunnel named in --tunnel-allow', CLI_TEST, async () => {
    const { port, hits } = await localService()
    const server = await startCli([...OFF_LOOPBACK, '--tunnel-allow', `127.0.0.1:${port}`])
    const { admin, enabled } = await pointTunnel(server.url, server.stdout(), `http://127.0.0.1:${port}/render`)
    await enabled
    const rendered = await admin.integrations.render({ integrationName: 'probe', componentId: 'b' })
    expect(JSON.stringify(rendered)).toContain(SECRET)
    expect(hits).toEqual(['POST /render'])
    // Only the port named: another loopback port stays refused.
    await rejects(
      admin.integrations.dev.enable({ integrationName: 'probe', tunnelUrl: `http://127.0.0.1:${port === 65_535 ? port - 1 : port + 1}/` }),
      BadRequestError,
      /is loopback/,
    )
  })

  it('on loopback, reaches a local tunnel as before, without --tunnel-allow', CLI_TEST, async () => {
    const { port, hits } = await localService()
    const server = await startCli(['--port', '0'])
    const { admin, enabled } = await pointTunnel(server.url, server.stdout(), `http://127.0.0.1:${port}/render`)
    await enabled
    expect(JSON.stringify(await admin.integrations.render({ integrationName: 'probe', componentId: 'b' }))).toContain(SECRET)
    expect(hits).toEqual(['POST /render'])
  })
})
