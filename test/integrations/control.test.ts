import { afterEach, describe, expect, it } from 'vitest'
import { connectMockServer, ControlPlaneError, createMockPlatform, type IntegrationControls, type MockPlatform } from '../../mock/index.ts'
import { startMockServer } from '../../mock/node/index.ts'
import { createClient } from '../../src/index.ts'
import { startTunnel } from './support.ts'

const tunnels: Array<{ close(): Promise<void> }> = []
const servers: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all([...tunnels.splice(0), ...servers.splice(0)].map((t) => t.close()))
})

/**
 * An author's world on `empty`: an integration whose account form requires `apiKey` and whose
 * space form has `dashboard`, installed in its own organization (pending: no key yet), with
 * development mode on towards a real loopback tunnel.
 */
async function world(platform: MockPlatform = createMockPlatform({ scenario: 'empty' })) {
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Author Org' })
  const other = await b.organization({ title: 'Other Org' })
  const author = await b.user({ organization: org.id, role: 'admin' })
  const space = await b.space({ organization: org.id, title: 'Docs' })
  const otherSpace = await b.space({ organization: other.id, title: 'Elsewhere' })
  const site = await b.site({ organization: org.id, title: 'Site' })
  await b.integration({
    name: 'hooks',
    organization: org.id,
    configurations: {
      account: { properties: { apiKey: { type: 'string', title: 'API key' } }, required: ['apiKey'] },
      space: { properties: { dashboard: { type: 'string', title: 'Dashboard' } } },
    },
  })
  const installation = await b.installation({ integration: 'hooks', organization: org.id })
  const tunnel = await startTunnel()
  tunnels.push(tunnel)
  const client = createClient({ token: author.token, fetch: platform.fetch, retry: 0 })
  await client.integrations.dev.enable({ integrationName: 'hooks', tunnelUrl: tunnel.url })
  return { platform, client, org, space, otherSpace, site, installationId: installation.id, tunnel }
}

/** The behaviour every implementation of `platform.integrations` shares (local here, remote over HTTP below). */
async function exercise(controls: IntegrationControls, w: Awaited<ReturnType<typeof world>>) {
  const { client, space, otherSpace, site, installationId, tunnel } = w
  const eventsBefore = (await client.integrations.events.list({ integrationName: 'hooks' })).count

  // Refused changes change nothing and record nothing.
  await expect(controls.updateInstallation(installationId, { configuration: { apiKey: 42 } })).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining('configuration.apiKey'),
  })
  await expect(
    controls.updateInstallation(installationId, { configuration: { apiKey: 'k' }, spaces: [{ id: otherSpace.id }] }),
  ).rejects.toMatchObject({ status: 404, message: expect.stringContaining(otherSpace.id) })
  await expect(controls.updateInstallation('nope', { status: 'paused' })).rejects.toMatchObject({ status: 404 })
  await expect(controls.emitEvent(installationId, { type: 'page_viewed' as never })).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining('installation_setup'),
  })
  await expect(controls.emitEvent(installationId, { type: 'space_installation_setup' })).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining('spaceId'),
  })
  await expect(controls.emitEvent(installationId, { type: 'space_installation_setup', spaceId: otherSpace.id })).rejects.toMatchObject({
    status: 404,
  })
  await expect(controls.emitEvent(installationId, { type: 'installation_setup', siteId: site.id })).rejects.toMatchObject({ status: 400 })
  expect((await client.integrations.events.list({ integrationName: 'hooks' })).count).toBe(eventsBefore)
  expect(tunnel.received).toEqual([])

  // The configuration makes it active; selecting the space with its own settings installs it there.
  const updated = await controls.updateInstallation(installationId, {
    configuration: { apiKey: 'k' },
    spaceSelection: 'selected',
    spaces: [{ id: space.id, configuration: { dashboard: 'main' }, externalIds: ['dash-1'] }],
  })
  expect(updated).toMatchObject({
    id: installationId,
    status: 'active',
    configuration: { apiKey: 'k' },
    space_selection: 'selected',
    spaces: 1,
  })
  // Delivered side by side, as the platform does: in whichever order the tunnel reads them.
  const delivered = tunnel.received.map((r) => [r.headers['x-docplat-event'], (r.body as { spaceId?: string }).spaceId])
  expect(delivered.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
    ['installation_setup', undefined],
    ['space_installation_setup', space.id],
  ])
  const [onSpace] = (await client.integrations.listSpaceInstallations({ integrationName: 'hooks' })).items
  expect(onSpace).toMatchObject({ space: space.id, configuration: { dashboard: 'main' }, externalIds: ['dash-1'] })

  // Any event type, on demand, delivered like the others and settled when the call resolves.
  const emitted = await controls.emitEvent(installationId, { type: 'site_installation_setup', siteId: site.id })
  expect(emitted).toMatchObject({
    object: 'integration-event',
    integrationId: 'hooks',
    installationId,
    status: 'success',
    payload: { type: 'site_installation_setup', siteId: site.id, installationId, status: 'active' },
  })
  expect(emitted.payload).not.toHaveProperty('previous')
  expect(tunnel.received.at(-1)).toMatchObject({
    method: 'POST',
    headers: { 'x-docplat-event': 'site_installation_setup', 'x-docplat-event-id': emitted.id },
  })
  const again = await controls.emitEvent(installationId, { type: 'installation_setup' })
  expect(again.payload).toMatchObject({ type: 'installation_setup', status: 'active' })
  expect((await client.integrations.events.get({ integrationName: 'hooks', eventId: again.id })).event.status).toBe('success')

  // Development mode as it is.
  expect(await controls.development('hooks')).toMatchObject({ integration: 'hooks', enabled: true, tunnelUrl: tunnel.url, all: false })
  await client.integrations.dev.disable({ integrationName: 'hooks' })
  expect(await controls.development('hooks')).toEqual({ integration: 'hooks', enabled: false })
  await expect(controls.development('nope')).rejects.toMatchObject({ status: 404 })
}

describe('platform.integrations (control over integrations the API has no operation for)', () => {
  it('updates an installation, emits any known event type, reads development mode; refuses bad input changing nothing', async () => {
    const w = await world()
    await exercise(w.platform.integrations, w)
  })
})

describe('the same control over HTTP: /_docplat/installations/..., /_docplat/integrations/.../development, connectMockServer', () => {
  it('does what platform.integrations does, with the control plane`s 4xx for refused input', async () => {
    const w = await world()
    const server = await startMockServer({ platform: w.platform, port: 0 })
    servers.push(server)
    const remote = await connectMockServer(server.url)
    await expect(remote.integrations.emitEvent('nope', { type: 'installation_setup' })).rejects.toBeInstanceOf(ControlPlaneError)
    await exercise(remote.integrations, w)
  })

  it('refuses unknown fields, wrong types and bodies that are not JSON with a 400 naming the field, changing nothing', async () => {
    const w = await world()
    const server = await startMockServer({ platform: w.platform, port: 0 })
    servers.push(server)
    const send = async (method: string, path: string, body: string) => {
      const response = await fetch(`${server.url}/_docplat/${path}`, { method, headers: { 'content-type': 'application/json' }, body })
      return { status: response.status, body: (await response.json()) as { error: { code: number; message: string } } }
    }
    const path = `installations/${w.installationId}`
    const before = w.platform.snapshot()
    for (const [body, field] of [
      ['{"colour":"red"}', 'colour'],
      ['{"status":"sleeping"}', 'status'],
      ['{"spaces":[{"id":""}]}', 'spaces.0.id'],
      ['{"externalIds":"x"}', 'externalIds'],
      ['not json', 'JSON'],
    ] as const) {
      const answer = await send('PATCH', path, body)
      expect([body, answer.status, answer.body.error.code]).toEqual([body, 400, 400])
      expect(answer.body.error.message).toContain(field)
    }
    const events = await send('POST', `${path}/events`, '{"type":"installation_setup","extra":1}')
    expect([events.status, events.body.error.message]).toEqual([400, expect.stringContaining('extra')])
    expect(w.platform.snapshot().tables).toEqual(before.tables)
    const development = await fetch(`${server.url}/_docplat/integrations/nope/development`)
    expect(development.status).toBe(404)
  })
})
