import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { Miniflare, Response as WorkerdResponse, type Request as WorkerdRequest } from 'miniflare'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'
import { eventsOf, signatureOf } from './support.ts'

const WORKER = fileURLToPath(new URL('./fixtures/runtime-worker.ts', import.meta.url))

/** The integration bundled as the platform's CLI bundles one for development: one ES module, `MODE` defined. */
async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [WORKER],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['worker', 'browser', 'module', 'main'],
    conditions: ['worker', 'browser', 'import'],
    define: { MODE: '"development"', 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('an integration written with @gitbook/runtime, run in workerd, in development mode against the mock', () => {
  it('receives a signed installation event and a render, and calls the platform back with the token it was given', async () => {
    const platform = createMockPlatform({ scenario: 'empty', fetch: globalThis.fetch })
    await platform.ready
    const server = await startMockServer({ platform })
    cleanups.push(() => server.close())
    const org = await platform.builders.organization({ title: 'Studio' })
    const { token, user } = await platform.builders.user({ organization: org.id, role: 'admin' })
    const client = createClient({ baseUrl: server.url, token, retry: 0 })

    // The worker reaches the platform at `environment.apiEndpoint` (the platform's base URL),
    // which this test routes to the mock server, as a hosts entry would.
    const mf = new Miniflare({
      modules: true,
      script: await bundle(),
      compatibilityDate: '2026-04-01',
      compatibilityFlags: ['nodejs_compat'],
      host: '127.0.0.1',
      port: 0,
      outboundService: async (request: WorkerdRequest) => {
        const url = new URL(request.url)
        const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
        const answer = await fetch(`${server.url}${url.pathname}${url.search}`, {
          method: request.method,
          headers: [...request.headers],
          body,
        })
        return new WorkerdResponse(await answer.arrayBuffer(), { status: answer.status, headers: [...answer.headers] })
      },
    })
    cleanups.push(() => mf.dispose())
    const tunnelUrl = (await mf.ready).href

    await client.integrations.publish({
      integrationName: 'studio-metrics',
      organization: org.id,
      title: 'Studio Metrics',
      blocks: [{ id: 'metric', title: 'Metric' }],
    })
    await client.integrations.dev.enable({ integrationName: 'studio-metrics', tunnelUrl })
    const installation = await client.integrations.installations.create({ integrationName: 'studio-metrics', organization: org.id })
    await platform.integrations.settled()

    // The worker answered 2xx only after its signature check passed and its call back found the installation.
    const [event] = await eventsOf(client, 'studio-metrics')
    expect(event).toMatchObject({ status: 'success', payload: { type: 'installation_setup', installationId: installation.id } })
    const callBacks = platform.requests.all().filter((r) => r.client === 'integration-studio-metrics/1')
    expect(callBacks.map((r) => [r.operationId, r.status])).toEqual([['listIntegrationInstallations', 200]])

    const rendered = await client.integrations.render({
      integrationName: 'studio-metrics',
      componentId: 'metric',
      props: { label: 'Visits' },
      state: { count: 3 },
    })
    expect(rendered).toEqual({
      type: 'element',
      state: { count: 3 },
      props: { label: 'Visits' },
      element: { type: 'block', children: [{ type: 'text', children: ['Visits: Studio Metrics v1, count 3'] }] },
    })

    // The same dispatch with a signature made with another key is refused by the worker's check.
    const form = new FormData()
    form.set('event', JSON.stringify({ eventId: 'e1', type: 'installation_setup', installationId: installation.id, status: 'active' }))
    const signingSecret = platform.db.integrations.findMany((q) => q.where({ name: 'studio-metrics' }))[0]!.signingSecret!
    form.set('environment', JSON.stringify({ signingSecrets: { integration: signingSecret } }))
    const encoded = new Response(form)
    const type = encoded.headers.get('content-type')!
    const body = new Uint8Array(await encoded.arrayBuffer())
    const forged = await mf.dispatchFetch(tunnelUrl, {
      method: 'POST',
      headers: { 'content-type': type, 'x-gitbook-integration-signature': await signatureOf('not-the-secret', body) },
      body,
    })
    expect(forged.status).toBe(401)
    await forged.text()

    // The token handed to the tunnel is the developer's, and stops working when development mode goes off.
    const developmentToken = platform.db.integrations.findMany((q) => q.where({ name: 'studio-metrics' }))[0]!.dev!.token!
    expect(platform.db.tokens.get(developmentToken)?.user).toBe(user.id)
    await client.integrations.dev.disable({ integrationName: 'studio-metrics' })
    expect(platform.db.tokens.get(developmentToken)).toBeUndefined()
  })
})
