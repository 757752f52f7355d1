import { GitBookAPI } from '@gitbook/api'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { AuthenticationError, BadRequestError, createClient, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { clientFor, collect, eventsOf, rejects, startTunnel } from './support.ts'

/**
 * The operations integration code calls about its installations, through the SDK against the
 * mock (and once through the platform's own client, `@gitbook/api`): each one's answer, who may
 * call it, the events it records and what goes with an uninstall.
 */

const tunnels: Array<{ close: () => Promise<void> }> = []
afterEach(async () => {
  await Promise.all(tunnels.splice(0).map((t) => t.close()))
})

const APP = 'app'

/** Acme owns `app`; Globex installs it. Each person has a client. */
async function world() {
  const platform = createMockPlatform({ scenario: 'empty', fetch: globalThis.fetch })
  await platform.ready
  const b = platform.builders
  const acme = await b.organization({ title: 'Acme' })
  const globex = await b.organization({ title: 'Globex' })
  const initech = await b.organization({ title: 'Initech' })
  const author = await b.user({ displayName: 'Ann Author', organization: acme.id, role: 'admin' })
  const admin = await b.user({ displayName: 'Gus Admin', organization: globex.id, role: 'admin' })
  const member = await b.user({ displayName: 'Gil Member', organization: globex.id, role: 'edit' })
  const outsider = await b.user({ displayName: 'Otto', organization: initech.id, role: 'admin' })
  const spaceA = await b.space({ organization: globex.id, title: 'Handbook' })
  const spaceB = await b.space({ organization: globex.id, title: 'Roadmap' })
  const foreignSpace = await b.space({ organization: initech.id, title: 'Initech docs' })
  const siteA = await b.site({ organization: globex.id, title: 'Docs' })
  const siteB = await b.site({ organization: globex.id, title: 'Portal' })
  await b.integration({
    name: APP,
    organization: acme.id,
    visibility: 'public',
    blocks: [{ id: 'counter', title: 'Counter' }],
    configurations: {
      account: { properties: { region: { type: 'string', title: 'Region' } } },
      space: { properties: { dashboard: { type: 'string', title: 'Dashboard' } } },
      site: { properties: { theme: { type: 'string', title: 'Theme' } } },
    },
  })
  const as = {
    author: clientFor(platform, author.token),
    admin: clientFor(platform, admin.token),
    member: clientFor(platform, member.token),
    outsider: clientFor(platform, outsider.token),
  }
  const installation = await as.admin.integrations.installations.create({ integrationName: APP, organization: globex.id })
  const ids = { integrationName: APP, installationId: installation.id }
  return { platform, b, acme, globex, initech, as, installation, ids, spaceA, spaceB, foreignSpace, siteA, siteB }
}

type World = Awaited<ReturnType<typeof world>>

/** The payloads of an integration's events, oldest first. */
async function payloads(w: World) {
  return (await eventsOf(w.as.author, APP)).reverse().map((e) => e.payload as Record<string, unknown>)
}

describe('getIntegrationInstallationById', () => {
  it('answers the installation to admins of its organization and of the owner, 404 to others', async () => {
    const w = await world()
    const listed = (await w.as.admin.integrations.installations.list({ integrationName: APP })).items[0]
    expect(await w.as.admin.integrations.installations.get(w.ids)).toEqual(listed)
    expect(await w.as.author.integrations.installations.get(w.ids)).toEqual(listed)
    expect(listed?.id).toBe(w.installation.id)
    await rejects(w.as.member.integrations.installations.get(w.ids), NotFoundError, `Installation ${w.installation.id}`)
    await rejects(w.as.outsider.integrations.installations.get(w.ids), NotFoundError)
    await rejects(w.as.admin.integrations.installations.get({ ...w.ids, installationId: 'nope' }), NotFoundError)
    await rejects(
      createClient({ token: 'dpt_unknown', fetch: w.platform.fetch, retry: 0 }).integrations.installations.get(w.ids),
      AuthenticationError,
    )
  })
})

describe('updateIntegrationInstallation', () => {
  it('changes configuration and external IDs, recording installation_setup with what it was', async () => {
    const w = await world()
    const updated = await w.as.admin.integrations.installations.update({ ...w.ids, configuration: { region: 'us' }, externalIds: ['ws-1'] })
    expect(updated).toMatchObject({ id: w.installation.id, configuration: { region: 'us' }, externalIds: ['ws-1'], status: 'active' })
    expect(await w.as.author.integrations.installations.get(w.ids)).toEqual(updated)
    expect((await payloads(w)).at(-1)).toEqual({
      eventId: expect.any(String),
      installationId: w.installation.id,
      type: 'installation_setup',
      status: 'active',
      previous: { status: 'active', configuration: {} },
    })
  })

  it('lets the integration configure, but only the organization admins widen what it covers', async () => {
    const w = await world()
    expect(await w.as.author.integrations.installations.update({ ...w.ids, configuration: { region: 'eu' } })).toMatchObject({
      configuration: { region: 'eu' },
    })
    await rejects(w.as.author.integrations.installations.update({ ...w.ids, space_selection: 'selected' }), PermissionDeniedError, /admin/)
    await rejects(w.as.member.integrations.installations.update({ ...w.ids, configuration: {} }), NotFoundError)
    const before = await w.as.admin.integrations.installations.get(w.ids)
    await rejects(w.as.admin.integrations.installations.update({ ...w.ids, configuration: { nope: 1 } }), BadRequestError, /configuration/)
    await rejects(
      w.as.admin.integrations.installations.update({ ...w.ids, externalIds: ['1', '2', '3', '4', '5', '6'] }),
      BadRequestError,
      'body.externalIds',
    )
    expect(await w.as.admin.integrations.installations.get(w.ids)).toEqual(before)
  })
})

describe('createIntegrationInstallationToken', () => {
  it('gives the integration a token that reaches its installation and the spaces and sites it covers, nothing else', async () => {
    const w = await world()
    const other = await w.as.outsider.integrations.installations.create({ integrationName: APP, organization: w.initech.id })
    const { token } = await w.as.author.integrations.installations.createToken(w.ids)
    const bot = clientFor(w.platform, token)
    expect((await bot.integrations.installations.get(w.ids)).id).toBe(w.installation.id)
    expect((await bot.integrations.installations.list({ integrationName: APP })).items.map((i) => i.id)).toEqual([w.installation.id])
    const spaces = await collect(bot.integrations.installations.spaces.list({ ...w.ids, extended: true }))
    expect(spaces.map((s) => (s.space as { id: string }).id)).toEqual([w.spaceA.id, w.spaceB.id])
    const sites = await collect(bot.integrations.installations.sites.list(w.ids))
    expect(sites.map((s) => s.site)).toEqual([w.siteA.id, w.siteB.id])
    expect(await bot.integrations.installations.update({ ...w.ids, configuration: { region: 'ap' } })).toMatchObject({
      configuration: { region: 'ap' },
    })
    // Nothing else: another installation, widening its reach, the spaces through the content API, the organizations.
    await rejects(bot.integrations.installations.get({ ...w.ids, installationId: other.id }), NotFoundError)
    await rejects(bot.integrations.installations.update({ ...w.ids, site_selection: 'selected' }), PermissionDeniedError)
    await rejects(bot.spaces.get({ spaceId: w.spaceA.id }), NotFoundError)
    expect((await bot.orgs.list()).items).toEqual([])
    await rejects(bot.integrations.events.list({ integrationName: APP }), PermissionDeniedError)
    // Only the integration creates them: the installing organization's admins cannot act as it.
    await rejects(w.as.admin.integrations.installations.createToken(w.ids), PermissionDeniedError, /only the integration/)
    await rejects(w.as.member.integrations.installations.createToken(w.ids), NotFoundError)
  })

  it('works through the platform’s own client, @gitbook/api, as integration code calls it', async () => {
    const w = await world()
    const author = [...w.platform.db.tokens.all()].find((t) => w.platform.db.users.get(t.user)?.displayName === 'Ann Author')!.id
    const api = new GitBookAPI({ endpoint: w.platform.baseUrl, authToken: author, serviceBinding: { fetch: w.platform.fetch } })
    // The package's declarations import './client' without an extension, which this project's module
    // resolution does not follow: the calls used here are typed by hand.
    const installationApi = (await api.createInstallationClient(APP, w.installation.id)) as unknown as InstallationApi
    expect(installationApi.authToken).not.toBe(author)
    const got = await installationApi.integrations.getIntegrationInstallationById(APP, w.installation.id)
    expect(got.data).toMatchObject({ id: w.installation.id, target: { organization: w.globex.id } })
    const updated = await installationApi.integrations.updateIntegrationInstallation(APP, w.installation.id, {
      configuration: { region: 'us' },
    })
    expect(updated.data.configuration).toEqual({ region: 'us' })
    const spaces = await installationApi.integrations.listIntegrationInstallationSpaces(APP, w.installation.id)
    expect(spaces.data.items.map((s) => s.space)).toEqual([w.spaceA.id, w.spaceB.id])
  })
})

type Data<T> = Promise<{ data: T }>
interface InstallationApi {
  authToken: string | undefined
  integrations: {
    getIntegrationInstallationById(name: string, id: string): Data<{ id: string; target: unknown }>
    updateIntegrationInstallation(name: string, id: string, body: object): Data<{ configuration: unknown }>
    listIntegrationInstallationSpaces(name: string, id: string): Data<{ items: Array<{ space: unknown }> }>
  }
}

/** The space and site operations, which differ only in names. */
const KINDS = [
  {
    kind: 'space' as const,
    selection: 'space_selection' as const,
    ops: (w: World) => w.as.admin.integrations.installations.spaces,
    of: (w: World) => w.as,
    first: (w: World) => w.spaceA.id,
    second: (w: World) => w.spaceB.id,
    param: (id: string) => ({ spaceId: id }),
    body: (id: string) => ({ space: id }),
    config: { dashboard: 'main' },
  },
  {
    kind: 'site' as const,
    selection: 'site_selection' as const,
    ops: (w: World) => w.as.admin.integrations.installations.sites,
    of: (w: World) => w.as,
    first: (w: World) => w.siteA.id,
    second: (w: World) => w.siteB.id,
    param: (id: string) => ({ siteId: id }),
    body: (id: string) => ({ siteId: id }),
    config: { theme: 'dark' },
  },
]

describe.each(KINDS)('$kind installations', (k) => {
  const idKey = `${k.kind}Id` as const
  const client = (w: World, who: keyof World['as']) =>
    k.kind === 'space' ? w.as[who].integrations.installations.spaces : w.as[who].integrations.installations.sites
  // The two namespaces take the same parameters but for the space or site field names.
  type Ops = {
    list(p: object): AsyncIterable<Record<string, unknown>> & PromiseLike<{ items: Array<Record<string, unknown>> }>
    get(p: object): Promise<Record<string, unknown>>
    create(p: object): Promise<Record<string, unknown>>
    update(p: object): Promise<Record<string, unknown>>
    delete(p: object): Promise<void>
  }
  const ops = (w: World, who: keyof World['as'] = 'admin') => client(w, who) as unknown as Ops

  it('installs on one, reads, configures and uninstalls, each with its event', async () => {
    const w = await world()
    await w.as.admin.integrations.installations.update({ ...w.ids, [k.selection]: 'selected' })
    expect((await ops(w).list(w.ids)).items).toEqual([])
    const first = k.first(w)
    const created = await ops(w).create({ ...w.ids, ...k.body(first) })
    expect(created).toMatchObject({ integration: APP, installation: w.installation.id, [k.kind]: first, configuration: {} })
    // Installed already: the same entry, nothing recorded.
    const events = (await payloads(w)).length
    expect(await ops(w).create({ ...w.ids, ...k.body(first) })).toEqual(created)
    expect((await payloads(w)).length).toBe(events)
    expect(await ops(w).get({ ...w.ids, ...k.param(first) })).toEqual(created)
    await rejects(ops(w).get({ ...w.ids, ...k.param(k.second(w)) }), NotFoundError, /not installed/)
    const updated = await ops(w).update({ ...w.ids, ...k.param(first), configuration: k.config, externalIds: ['x'] })
    expect(updated).toMatchObject({ configuration: k.config, externalIds: ['x'] })
    await ops(w).delete({ ...w.ids, ...k.param(first) })
    expect((await ops(w).list(w.ids)).items).toEqual([])
    // Not installed there any more: 204, nothing recorded.
    await ops(w).delete({ ...w.ids, ...k.param(first) })
    const types = (await payloads(w)).map((p) => [p.type, p[idKey], p.previous])
    expect(types.slice(-3)).toEqual([
      [`${k.kind}_installation_setup`, first, undefined],
      [`${k.kind}_installation_setup`, first, { status: 'active', configuration: {} }],
      [`${k.kind}_installation_deleted`, first, { configuration: k.config }],
    ])
  })

  it('uninstalling from one of all keeps the others, the selection becoming selected', async () => {
    const w = await world()
    await ops(w).delete({ ...w.ids, ...k.param(k.first(w)) })
    expect((await ops(w).list(w.ids)).items.map((e) => e[k.kind])).toEqual([k.second(w)])
    expect((await w.as.admin.integrations.installations.get(w.ids))[k.selection]).toBe('selected')
  })

  it('refuses others: 404 to who cannot see it or for another organization’s, 403 to the integration widening it', async () => {
    const w = await world()
    await w.as.admin.integrations.installations.update({ ...w.ids, [k.selection]: 'selected' })
    const foreign = k.kind === 'space' ? w.foreignSpace.id : (await w.b.site({ organization: w.initech.id, title: 'Else' })).id
    await rejects(ops(w).create({ ...w.ids, ...k.body(foreign) }), NotFoundError, `No ${k.kind} ${foreign}`)
    await rejects(ops(w, 'author').create({ ...w.ids, ...k.body(k.first(w)) }), PermissionDeniedError, /only its admins install/)
    await rejects(ops(w, 'member').create({ ...w.ids, ...k.body(k.first(w)) }), NotFoundError)
    await rejects(ops(w, 'outsider').list(w.ids), NotFoundError)
    await rejects(ops(w).create({ ...w.ids, ...k.body('') }), BadRequestError, `body.${k.kind === 'space' ? 'space' : 'siteId'}`)
    expect((await ops(w).list(w.ids)).items).toEqual([])
  })
})

describe('uninstallIntegration', () => {
  it('removes the installation with its space and site installations, revokes its tokens and records installation_deleted', async () => {
    const w = await world()
    await w.as.admin.integrations.installations.update({ ...w.ids, configuration: { region: 'us' } })
    const { token } = await w.as.author.integrations.installations.createToken(w.ids)
    const bot = clientFor(w.platform, token)
    await w.as.admin.integrations.installations.delete(w.ids)
    await rejects(bot.integrations.installations.get(w.ids), AuthenticationError)
    await rejects(w.as.admin.integrations.installations.get(w.ids), NotFoundError)
    await rejects(w.as.admin.integrations.installations.spaces.list(w.ids), NotFoundError)
    expect(w.platform.db.tokens.get(token)).toBeUndefined()
    expect((await payloads(w)).at(-1)).toEqual({
      eventId: expect.any(String),
      installationId: w.installation.id,
      type: 'installation_deleted',
      previous: { configuration: { region: 'us' } },
    })
    // Installing again is a fresh start.
    const again = await w.as.admin.integrations.installations.create({ integrationName: APP, organization: w.globex.id })
    expect(again.id).not.toBe(w.installation.id)
  })

  it('is refused to who cannot see the installation, changing nothing', async () => {
    const w = await world()
    await rejects(w.as.member.integrations.installations.delete(w.ids), NotFoundError)
    await rejects(w.as.outsider.integrations.installations.delete(w.ids), NotFoundError)
    expect((await w.as.admin.integrations.installations.get(w.ids)).id).toBe(w.installation.id)
  })

  it('unpublishing the integration revokes its installations’ tokens too', async () => {
    const w = await world()
    const { token } = await w.as.author.integrations.installations.createToken(w.ids)
    await w.as.author.integrations.unpublish({ integrationName: APP })
    await rejects(clientFor(w.platform, token).orgs.list(), AuthenticationError)
  })
})

describe('listOrganizationInstallations', () => {
  it("lists an organization's installations with their integrations to its admins", async () => {
    const w = await world()
    await w.b.integration({ name: 'other-tool', organization: w.acme.id, visibility: 'public' })
    await w.as.admin.integrations.installations.create({ integrationName: 'other-tool', organization: w.globex.id })
    const all = (await w.as.admin.orgs.installations.list({ organizationId: w.globex.id })).items
    expect(all.map((i) => [i.integration.name, i.installation.integration])).toEqual([
      [APP, APP],
      ['other-tool', 'other-tool'],
    ])
    expect(all[0]?.installation).toEqual(await w.as.admin.integrations.installations.get(w.ids))
    const found = (await w.as.admin.orgs.installations.list({ organizationId: w.globex.id, search: 'OTHER' })).items
    expect(found.map((i) => i.integration.name)).toEqual(['other-tool'])
    await rejects(w.as.member.orgs.installations.list({ organizationId: w.globex.id }), PermissionDeniedError)
    await rejects(w.as.outsider.orgs.installations.list({ organizationId: w.globex.id }), NotFoundError)
  })
})

describe('queueIntegrationTask', () => {
  it('delivers a task event to the integration through its development tunnel', async () => {
    const w = await world()
    const tunnel = await startTunnel()
    tunnels.push(tunnel)
    await w.as.author.integrations.dev.enable({ integrationName: APP, tunnelUrl: tunnel.url })
    await w.as.author.integrations.installations.create({ integrationName: APP, organization: w.acme.id })
    await w.platform.integrations.settled()
    const before = tunnel.received.length
    await w.as.author.integrations.tasks.queue({ integrationName: APP, task: { kind: 'sync', page: 3 }, schedule: 0 })
    await w.platform.integrations.settled()
    expect(tunnel.received.slice(before).map((r) => r.body)).toEqual([
      expect.objectContaining({ type: 'task', task: { kind: 'sync', page: 3 } }),
    ])
    const [event] = await eventsOf(w.as.author, APP)
    expect(event).toMatchObject({ status: 'success', payload: { type: 'task', task: { kind: 'sync', page: 3 } } })
  })

  it('is for the integration: its owner’s admins or an installation’s token', async () => {
    const w = await world()
    const { token } = await w.as.author.integrations.installations.createToken(w.ids)
    await clientFor(w.platform, token).integrations.tasks.queue({ integrationName: APP, task: { from: 'installation' } })
    expect((await payloads(w)).at(-1)).toEqual({
      eventId: expect.any(String),
      installationId: w.installation.id,
      type: 'task',
      task: { from: 'installation' },
    })
    await rejects(w.as.admin.integrations.tasks.queue({ integrationName: APP, task: {} }), PermissionDeniedError)
    await rejects(
      w.as.author.integrations.tasks.queue({ integrationName: APP, task: {}, schedule: 86_401 }),
      BadRequestError,
      'body.schedule',
    )
    await rejects(w.as.author.integrations.tasks.queue({ integrationName: 'missing', task: {} }), NotFoundError)
  })
})
