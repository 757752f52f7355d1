import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MockPlatform } from '../../mock/index.ts'
import type { Client } from '../../src/index.ts'

export { clientFor, collect, rejects } from '../orgs/support.ts'

/** The demo's integration (public, owned by Acme, installed in Acme). */
export const DEMO = 'demo-integration'

/** A 1x1 PNG and a small SVG, base64. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
export const SVG = btoa('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>')

/** The installation of an integration in an organization, read straight from the tables. */
export function installationOf(platform: MockPlatform, integration: string, organization: string) {
  const record = platform.db.integrations.findMany((q) => q.where({ name: integration }))[0]
  return record && platform.db.integrationInstallations.findMany((q) => q.where({ integration: record.id, organization }))[0]
}

/** Every event of an integration through the SDK, newest first. */
export async function eventsOf(client: Client, integrationName: string) {
  const out = []
  for await (const event of client.integrations.events.list({ integrationName })) out.push(event)
  return out
}

/** A dispatch as `@gitbook/runtime` reads it: the `event` and `environment` fields of a multipart form. */
export interface Dispatched {
  event: Record<string, unknown>
  environment: Record<string, unknown>
}

/** Reads a dispatch to a development tunnel (a POST of a multipart form). */
export async function readDispatch(request: Request): Promise<Dispatched> {
  const form = await request.formData()
  return { event: JSON.parse(String(form.get('event'))), environment: JSON.parse(String(form.get('environment'))) }
}

/** HMAC-SHA256 of `body` keyed by `secret`, lowercase hex: what `x-gitbook-integration-signature` must hold. */
export async function signatureOf(secret: string, body: Uint8Array<ArrayBuffer> | string): Promise<string> {
  const algorithm = { name: 'HMAC', hash: 'SHA-256' }
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), algorithm, false, ['sign'])
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
  return Buffer.from(await crypto.subtle.sign('HMAC', key, bytes)).toString('hex')
}

/** What a tunnel received: method, path, headers, the dispatched event (`body`) and its environment. */
export interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
  environment: unknown
}

/**
 * A real HTTP listener on 127.0.0.1 standing in for a development tunnel. `answer` decides each
 * reply (default: 200 with `{}`).
 */
export async function startTunnel(answer: (received: Received) => { status: number; body?: unknown } = () => ({ status: 200, body: {} })) {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const raw = Buffer.concat(chunks)
      const dispatched = raw.length
        ? await readDispatch(
            new Request('http://tunnel.test/', {
              method: 'POST',
              headers: { 'content-type': req.headers['content-type'] ?? '' },
              body: raw,
            }),
          )
        : undefined
      const entry = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: dispatched?.event,
        environment: dispatched?.environment,
      }
      received.push(entry)
      const reply = answer(entry)
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/events`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
