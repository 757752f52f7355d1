import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { connectMockServer, createMockPlatform, type DevDelivery, type IntegrationDevHandle } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'

/**
 * `integrations.dev` from code, in process and against a server: the source of a folder runs in
 * workerd behind development mode, and the handle reports each delivery, rebuild and log line.
 * The worker here needs no library: it answers the render protocol itself.
 */
const worker = (label: string) => `export default {
  async fetch(request) {
    const form = await request.formData()
    const event = JSON.parse(String(form.get('event')))
    console.log('got ' + event.type)
    if (event.type !== 'ui_render') return new Response('OK')
    return Response.json({ type: 'element', props: event.props, state: event.state ?? {}, element: { type: 'block', children: [{ type: 'text', children: ['${label} ' + event.props.name] }] } })
  },
}
`

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function folder(name: string, organization: string, manifestExtra = ''): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docplat-dev-api-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  await mkdir(join(dir, 'src'))
  await writeFile(join(dir, 'src', 'index.js'), worker('Hello'))
  await writeFile(
    join(dir, 'gitbook-manifest.yaml'),
    `name: ${name}\ntitle: Greeter\nscript: ./src/index.js\nscopes: []\norganization: ${organization}\n${manifestExtra}`,
  )
  return dir
}

/** Resolves with the first event of that kind the handle reports. */
const next = <T>(handle: IntegrationDevHandle, kind: 'delivery' | 'log', match: (event: T) => boolean = () => true) =>
  new Promise<T>((resolve) => {
    const off = handle.on(kind, ((event: T) => {
      if (!match(event)) return
      off()
      resolve(event)
    }) as never)
  })

describe('integrations.dev from code', { timeout: 240_000 }, () => {
  it('in process: publishes, serves the source, reports deliveries and console output, rebuilds, and stops', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Studio' })
    const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
    const client = createClient({ token, fetch: platform.fetch })
    const dir = await folder('greeter', org.id)

    const handle = await platform.integrations.dev({ dir, token, watch: false })
    cleanups.push(() => handle.stop())
    expect([handle.integration, handle.published]).toEqual(['greeter', true])
    expect(await platform.integrations.development('greeter')).toMatchObject({ enabled: true, tunnelUrl: handle.tunnelUrl })

    const delivered = next<DevDelivery>(handle, 'delivery')
    const logged = next<string>(handle, 'log', (line) => line.includes('got ui_render'))
    const rendered = await client.integrations.render({ integrationName: 'greeter', componentId: 'hello', props: { name: 'Ada' } })
    expect(rendered.element).toEqual({ type: 'block', children: [{ type: 'text', children: ['Hello Ada'] }] })
    expect(await delivered).toMatchObject({ type: 'ui_render', componentId: 'hello', status: 200, ok: true })
    expect(await logged).toContain('got ui_render')

    await writeFile(join(dir, 'src', 'index.js'), worker('Welcome'))
    expect(await handle.rebuild()).toMatchObject({ ok: true })
    const again = await client.integrations.render({ integrationName: 'greeter', componentId: 'hello', props: { name: 'Ada' } })
    expect(again.element).toEqual({ type: 'block', children: [{ type: 'text', children: ['Welcome Ada'] }] })

    // A build that fails keeps the last good code serving.
    await writeFile(join(dir, 'src', 'index.js'), 'export default {')
    const failed = await handle.rebuild()
    expect(failed.ok).toBe(false)
    expect(failed.error).toMatch(/index\.js/)
    const still = await client.integrations.render({ integrationName: 'greeter', componentId: 'hello', props: { name: 'Bo' } })
    expect(still.element).toEqual({ type: 'block', children: [{ type: 'text', children: ['Welcome Bo'] }] })

    await handle.stop()
    expect(await platform.integrations.development('greeter')).toEqual({ integration: 'greeter', enabled: false })
  })

  it('against a server: connectMockServer(url).integrations.dev runs the same loop over HTTP', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Studio', hostname: 'studio' })
    const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
    const server = await startMockServer({ platform, port: 0 })
    cleanups.push(() => server.close())
    // The manifest names the organization by its subdomain, as the published API allows.
    const dir = await folder('remote-greeter', 'studio')
    const remote = await connectMockServer(server.url)
    const handle = await remote.integrations.dev({ dir, token, watch: false })
    cleanups.push(() => handle.stop())
    const client = createClient({ baseUrl: server.url, token, retry: 0 })
    const rendered = await client.integrations.render({ integrationName: 'remote-greeter', componentId: 'hello', props: { name: 'Cy' } })
    expect(rendered.element).toEqual({ type: 'block', children: [{ type: 'text', children: ['Hello Cy'] }] })
    expect(platform.db.integrations.findMany((q) => q.where({ name: 'remote-greeter' }))[0]).toMatchObject({
      organization: org.id,
      runtime: 'v2',
    })
  })

  it('refuses a manifest without its organization, naming the field, and leaves nothing on', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Studio' })
    const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
    const dir = await folder('no-org', org.id)
    await writeFile(join(dir, 'gitbook-manifest.yaml'), 'name: no-org\ntitle: No org\nscript: ./src/index.js\nscopes: []\n')
    await expect(platform.integrations.dev({ dir, token, watch: false })).rejects.toThrow(/"organization" is required/)
    await expect(platform.integrations.dev({ dir: join(dir, 'missing'), token })).rejects.toThrow(/Manifest file not found/)
    expect(platform.db.integrations.findMany((q) => q.where({ name: 'no-org' }))).toEqual([])
  })
})
