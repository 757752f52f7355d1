import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import LZString from 'lz-string'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { BadRequestError } from '../../src/index.ts'
import { clientFor, eventsOf, rejects, startTunnel } from './support.ts'

/**
 * A render's action reaches the integration and its answer's state and props come back; a failed
 * delivery's trace says why it failed (connection error, status and the start of the body without
 * secrets).
 */

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function world() {
  const platform = createMockPlatform({ scenario: 'empty', fetch: globalThis.fetch })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Acme' })
  const author = await b.user({ displayName: 'Ann', organization: org.id, role: 'admin' })
  await b.integration({ name: 'counter', organization: org.id, blocks: [{ id: 'counter', title: 'Counter' }] })
  const client = clientFor(platform, author.token)
  return { platform, org, client, token: author.token }
}

describe('render with an action', () => {
  it('delivers the action with the render and answers the new state and props', async () => {
    const { client } = await world()
    const tunnel = await startTunnel(({ body }) => {
      const event = body as { action?: { action: string; by?: number }; state?: { count?: number }; props: Record<string, unknown> }
      const count = (event.state?.count ?? 0) + (event.action?.action === 'increment' ? (event.action.by ?? 1) : 0)
      return {
        status: 200,
        body: { type: 'element', element: { type: 'block', children: [] }, state: { count }, props: { ...event.props, seen: true } },
      }
    })
    closers.push(tunnel.close)
    await client.integrations.dev.enable({ integrationName: 'counter', tunnelUrl: tunnel.url })
    const rendered = await client.integrations.render({
      integrationName: 'counter',
      componentId: 'counter',
      props: { label: 'Clicks' },
      state: { count: 2 },
      action: { action: 'increment', by: 3 },
    })
    expect(rendered).toMatchObject({ type: 'element', state: { count: 5 }, props: { label: 'Clicks', seen: true } })
    expect(tunnel.received.at(-1)?.body).toMatchObject({ type: 'ui_render', action: { action: 'increment', by: 3 }, state: { count: 2 } })
    // GET carries it in the compressed request the same way.
    const request = LZString.compressToEncodedURIComponent(
      JSON.stringify({ componentId: 'counter', props: {}, state: { count: 1 }, action: { action: 'increment' } }),
    )
    expect((await client.integrations.renderWithGet({ integrationName: 'counter', request })).state).toEqual({ count: 2 })
  })

  it('refuses a malformed action with a 400 naming the field, before anything reaches the integration', async () => {
    const { client } = await world()
    const tunnel = await startTunnel()
    closers.push(tunnel.close)
    await client.integrations.dev.enable({ integrationName: 'counter', tunnelUrl: tunnel.url })
    const render = (action: unknown) =>
      client.integrations.render({ integrationName: 'counter', componentId: 'counter', action } as Parameters<
        typeof client.integrations.render
      >[0])
    await rejects(render({}), BadRequestError, 'Invalid body.action.action: is required')
    await rejects(render({ action: '' }), BadRequestError, 'Invalid body.action.action: must not be empty')
    await rejects(render({ action: '@ui.url.open' }), BadRequestError, 'Invalid body.action.url: is required by action @ui.url.open')
    await rejects(
      render({ action: '@ui.modal.open', componentId: 'm', props: [] }),
      BadRequestError,
      'Invalid body.action.props: must be an object',
    )
    const request = LZString.compressToEncodedURIComponent(JSON.stringify({ componentId: 'counter', action: { action: 7 } }))
    await rejects(
      client.integrations.renderWithGet({ integrationName: 'counter', request }),
      BadRequestError,
      'query.request.action.action',
    )
    expect(tunnel.received).toEqual([])
  })

  it('property: any action that is not an object with a non-empty string `action` is a 400 naming body.action', async () => {
    const { platform, token } = await world()
    const notAnAction = fc.oneof(
      // Not undefined: JSON leaves it out, and a render without an action is fine.
      fc.anything().filter((v) => v !== undefined && (typeof v !== 'object' || v === null || Array.isArray(v))),
      fc.dictionary(fc.string(), fc.anything()).filter((o) => typeof o.action !== 'string' || o.action === '' || o.action.length > 256),
      fc.constantFrom('@ui.url.open', '@link.unfurl', '@ui.modal.close', '@editor.node.updateProps').map((action) => ({ action })),
    )
    await fc.assert(
      fc.asyncProperty(notAnAction, async (action) => {
        const response = await platform.fetch(`${platform.baseUrl}/v1/integrations/counter/render`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ componentId: 'counter', action }),
        })
        const body = (await response.json()) as { error: { code: number; message: string } }
        expect(response.status).toBe(400)
        expect(body.error.message).toMatch(/^Invalid body\.action/)
      }),
      { numRuns: 60 },
    )
  })
})

/** A local server answering every request with `status` and `body`. */
async function answering(status: number, body: string): Promise<string> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
}

/** The last line of the trace of the newest event, once its delivery settled. */
async function lastTrace(w: Awaited<ReturnType<typeof world>>, tunnelUrl: string): Promise<string> {
  await w.client.integrations.dev.enable({ integrationName: 'counter', tunnelUrl })
  const existing = (await eventsOf(w.client, 'counter'))[0]
  if (existing) await w.platform.integrations.emitEvent(existing.installationId!, { type: 'installation_setup' })
  else await w.client.integrations.installations.create({ integrationName: 'counter', organization: w.org.id })
  await w.platform.integrations.settled()
  const [event] = await eventsOf(w.client, 'counter')
  const { trace } = await w.client.integrations.events.get({ integrationName: 'counter', eventId: event!.id })
  expect(event?.status).toBe('failed')
  return trace!.logs!.at(-1)!.message!
}

describe('failed deliveries: the trace names the cause', () => {
  it('the connection error code', async () => {
    const w = await world()
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    await new Promise<void>((resolve) => server.close(() => resolve()))
    expect(await lastTrace(w, url)).toBe(`Delivery to ${url} failed: could not connect to the tunnel (ECONNREFUSED)`)
  })

  it('the status and the start of the body', async () => {
    const w = await world()
    const url = await answering(500, '<h1>TypeError: handler is not a function</h1>')
    expect(await lastTrace(w, url)).toBe(
      `Delivery to ${url} failed: the tunnel answered 500 Internal Server Error with "<h1>TypeError: handler is not a function</h1>"`,
    )
  })

  it('bounded to 512 bytes, with the tokens, secrets and signatures it was sent redacted', async () => {
    const w = await world()
    // The tunnel echoes what it got, as a debugging error page may: the signature header and the environment's secrets.
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString()
        const environment = JSON.parse(raw.slice(raw.indexOf('{"integration"'), raw.lastIndexOf('}') + 1)) as {
          apiTokens: { integration: string }
          signingSecrets: { integration: string }
        }
        res.writeHead(400, { 'content-type': 'text/plain' })
        res.end(
          `bad signature ${req.headers['x-gitbook-integration-signature']} for secret ${environment.signingSecrets.integration}, ` +
            `token ${environment.apiTokens.integration}, Authorization: Bearer abc.def-ghi ${'x'.repeat(2000)}`,
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    const trace = await lastTrace(w, url)
    expect(trace).toMatch(
      /^Delivery to \S+ failed: the tunnel answered 400 Bad Request with "bad signature \[redacted\] for secret \[redacted\], token \[redacted\], Authorization: Bearer \[redacted\] x+" \(first 512 bytes\)$/,
    )
    expect(trace.match(/x+/)![0].length).toBeLessThan(512)
    const secrets = [...w.platform.db.integrations.all()].map((i) => i.signingSecret!)
    for (const secret of [...secrets, ...[...w.platform.db.tokens.all()].map((t) => t.id)]) expect(trace).not.toContain(secret)
  })
})
