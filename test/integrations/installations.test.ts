import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { clientFor, collect, DEMO, eventsOf, installationOf, rejects } from './support.ts'

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

/** IDs of an organization's live spaces, oldest first. */
function liveSpaces(platform: Awaited<ReturnType<typeof setup>>['platform'], organization: string): string[] {
  return platform.db.spaces
    .findMany((q) => q.where({ organization }))
    .filter((s) => !s.deletedAt)
    .map((s) => s.id)
}

describe('integrations.installations.create', () => {
  it('installs in an organization the caller administers, named by hostname, and records installation_setup', async () => {
    const { platform, admin, outsider, demo } = await setup()
    const installation = await outsider.integrations.installations.create({ integrationName: DEMO, organization: 'globex' })
    expect(installation).toEqual({
      object: 'integration-installation',
      id: expect.any(String),
      integration: DEMO,
      status: 'active',
      space_selection: 'all',
      site_selection: 'all',
      spaces: liveSpaces(platform, demo.globex).length,
      configuration: { region: 'eu' },
      externalIds: [],
      createdAt: expect.stringMatching(ISO),
      updatedAt: installation.createdAt,
      urls: {
        location: `${platform.baseUrl}/v1/integrations/${DEMO}/installations/${installation.id}`,
        app: `https://app.docplat.dev/o/${demo.globex}/integrations/${DEMO}`,
        publicEndpoint: `${platform.baseUrl}/v1/integrations/${DEMO}/integration/installations/${installation.id}`,
        publicContentEndpoint: `${platform.baseUrl}/v1/integrations/${DEMO}/integration/installations/${installation.id}`,
      },
      target: { organization: demo.globex },
    })
    expect(installation.spaces).toBe(2)
    expect((await outsider.integrations.installations.list({ integrationName: DEMO })).items).toEqual([installation])

    const [event] = await eventsOf(admin, DEMO)
    expect(event).toEqual({
      object: 'integration-event',
      id: expect.any(String),
      integrationId: DEMO,
      installationId: installation.id,
      createdAt: expect.stringMatching(ISO),
      payload: { eventId: event!.id, type: 'installation_setup', installationId: installation.id, status: 'active' },
      status: 'success',
    })
    expect(event!.createdAt! >= installation.createdAt!).toBe(true)
  })

  it('refuses a second installation in the same organization (409), changing nothing', async () => {
    const { platform, admin, outsider, demo } = await setup()
    await rejects(
      admin.integrations.installations.create({ integrationName: DEMO, organization: demo.acme }),
      ConflictError,
      'already installed',
    )
    await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    await rejects(outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex }), ConflictError)
    expect(platform.db.integrationInstallations.size).toBe(2)
    expect(await eventsOf(admin, DEMO)).toHaveLength(2)
  })

  it('needs a token, an admin of a known organization the caller is in, and a visible integration', async () => {
    const { platform, admin, read, outsider, anonymous, demo } = await setup()
    await rejects(anonymous.integrations.installations.create({ integrationName: DEMO, organization: demo.globex }), AuthenticationError)
    await rejects(
      read.integrations.installations.create({ integrationName: DEMO, organization: demo.acme }),
      PermissionDeniedError,
      'admin',
    )
    await rejects(outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.acme }), NotFoundError)
    await rejects(admin.integrations.installations.create({ integrationName: DEMO, organization: 'nowhere' }), NotFoundError, 'nowhere')
    await rejects(admin.integrations.installations.create({ integrationName: 'nope', organization: demo.acme }), NotFoundError, 'nope')
    await rejects(admin.integrations.installations.create({ integrationName: DEMO } as never), BadRequestError, 'body.organization')
    expect(platform.db.integrationInstallations.size).toBe(1)
  })

  it('installs a private integration only in its owner organization: invisible elsewhere (404), refused to members of it (403)', async () => {
    const { platform, admin, outsider, demo } = await setup()
    await platform.builders.integration({ name: 'internal-tool', organization: demo.acme, visibility: 'private' })
    await rejects(
      outsider.integrations.installations.create({ integrationName: 'internal-tool', organization: demo.globex }),
      NotFoundError,
      'internal-tool',
    )
    // A member of Acme who administers Globex sees the integration but cannot take it there.
    const { user, token } = await platform.builders.user({ displayName: 'Dual Member', organization: demo.acme, role: 'read' })
    await platform.builders.member(demo.globex, user.id, 'admin')
    const dual = clientFor(platform, token)
    expect((await dual.integrations.get({ integrationName: 'internal-tool' })).permissions).toEqual({ admin: false, install: false })
    await rejects(
      dual.integrations.installations.create({ integrationName: 'internal-tool', organization: demo.globex }),
      PermissionDeniedError,
      'private',
    )
    expect((await dual.integrations.get({ integrationName: DEMO })).permissions).toEqual({ admin: false, install: true })
    expect(await admin.integrations.installations.create({ integrationName: 'internal-tool', organization: demo.acme })).toMatchObject({
      status: 'active',
    })
  })

  it('is pending while a required account configuration is missing, and follows configuration changes with events', async () => {
    const { platform, admin, demo } = await setup()
    const b = platform.builders
    await b.integration({
      name: 'crm',
      organization: demo.acme,
      configurations: {
        account: { properties: { apiKey: { type: 'string' }, limit: { type: 'number', default: 10 } }, required: ['apiKey'] },
      },
    })
    const installed = await admin.integrations.installations.create({ integrationName: 'crm', organization: demo.acme })
    expect(installed).toMatchObject({ status: 'pending', configuration: { limit: 10 } })

    await expect(b.updateInstallation({ integration: 'crm', organization: demo.acme, configuration: { apiKey: 42 } })).rejects.toThrow(
      'configuration.apiKey',
    )
    await expect(b.updateInstallation({ integration: 'crm', organization: demo.acme, configuration: { other: 'x' } })).rejects.toThrow(
      'configuration.other',
    )
    await expect(b.updateInstallation({ integration: 'crm', organization: demo.acme, status: 'active' })).rejects.toThrow('apiKey')

    await b.updateInstallation({ integration: 'crm', organization: demo.acme, configuration: { apiKey: 'k-1', limit: 10 } })
    await b.updateInstallation({ integration: 'crm', organization: demo.acme, status: 'paused' })
    // Same status and configuration: nothing to tell the integration.
    await b.updateInstallation({ integration: 'crm', organization: demo.acme, externalIds: ['acct-1'] })
    const [installation] = (await admin.integrations.installations.list({ integrationName: 'crm' })).items
    expect(installation).toMatchObject({ status: 'paused', configuration: { apiKey: 'k-1', limit: 10 }, externalIds: ['acct-1'] })
    expect(installation!.updatedAt! > installation!.createdAt!).toBe(true)

    const events = await eventsOf(admin, 'crm')
    expect(events.map((e) => e.payload)).toEqual([
      {
        eventId: events[0]!.id,
        type: 'installation_setup',
        installationId: installed.id,
        status: 'paused',
        previous: { status: 'active', configuration: { apiKey: 'k-1', limit: 10 } },
      },
      {
        eventId: events[1]!.id,
        type: 'installation_setup',
        installationId: installed.id,
        status: 'active',
        previous: { status: 'pending', configuration: { limit: 10 } },
      },
      { eventId: events[2]!.id, type: 'installation_setup', installationId: installed.id, status: 'pending' },
    ])
  })

  it('moves installations to pending when a new version requires configuration they lack', async () => {
    const { platform, admin, outsider, demo } = await setup()
    await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    await platform.builders.updateInstallation({
      integration: DEMO,
      organization: demo.globex,
      configuration: { region: 'us', apiKey: 'globex-key' },
    })
    const before = (await eventsOf(admin, DEMO)).length
    await admin.integrations.publish({
      integrationName: DEMO,
      title: 'Acme Insights',
      configurations: { account: { properties: { region: { type: 'string' }, apiKey: { type: 'string' } }, required: ['apiKey'] } },
    })
    const statuses = (await admin.integrations.installations.list({ integrationName: DEMO })).items.map((i) => [
      i.target?.organization,
      i.status,
    ])
    expect(statuses).toEqual([
      [demo.acme, 'pending'],
      [demo.globex, 'active'],
    ])
    const events = await eventsOf(admin, DEMO)
    expect(events).toHaveLength(before + 1)
    expect(events[0]!.payload).toMatchObject({
      type: 'installation_setup',
      status: 'pending',
      previous: { status: 'active', configuration: { region: 'eu' } },
    })
  })
})

describe('integrations.installations.list', () => {
  it('shows the owner organization admins every installation, other admins their own, others none', async () => {
    const { admin, outsider, read, anonymous, demo } = await setup()
    const globex = await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    const all = await admin.integrations.installations.list({ integrationName: DEMO })
    expect(all.items.map((i) => i.target?.organization)).toEqual([demo.acme, demo.globex])
    expect(all.count).toBe(2)
    expect((await outsider.integrations.installations.list({ integrationName: DEMO })).items.map((i) => i.id)).toEqual([globex.id])
    expect((await read.integrations.installations.list({ integrationName: DEMO })).count).toBe(0)
    expect((await collect(admin.integrations.installations.list({ integrationName: DEMO, limit: 1 }))).map((i) => i.id)).toEqual(
      all.items.map((i) => i.id),
    )
    await rejects(admin.integrations.installations.list({ integrationName: 'nope' }), NotFoundError)
    await rejects(admin.integrations.installations.list({ integrationName: DEMO, externalId: '' }), BadRequestError, 'query.externalId')
    await rejects(anonymous.integrations.installations.list({ integrationName: DEMO }), AuthenticationError)
  })

  it('filters by external ID', async () => {
    const { platform, admin, outsider, demo } = await setup()
    await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    await platform.builders.updateInstallation({
      integration: DEMO,
      organization: demo.globex,
      externalIds: ['acct-1', 'acct-2', 'acct-1'],
    })
    const found = await admin.integrations.installations.list({ integrationName: DEMO, externalId: 'acct-2' })
    expect(found.items.map((i) => [i.target?.organization, i.externalIds])).toEqual([[demo.globex, ['acct-1', 'acct-2']]])
    expect((await admin.integrations.installations.list({ integrationName: DEMO, externalId: 'acct-3' })).count).toBe(0)
  })
})

describe('integrations.listSpaceInstallations', () => {
  it('lists the covered spaces the caller can see, as IDs or (extended) full spaces', async () => {
    const { platform, admin, outsider, read, demo } = await setup()
    const acmeSpaces = liveSpaces(platform, demo.acme)
    expect(acmeSpaces).not.toContain(demo.spaces.archive)
    const ids = await admin.integrations.listSpaceInstallations({ integrationName: DEMO })
    const installation = installationOf(platform, DEMO, demo.acme)!
    expect(ids.items.map((e) => e.space)).toEqual(acmeSpaces)
    expect(ids.count).toBe(acmeSpaces.length)
    expect(ids.items[0]).toEqual({
      integration: DEMO,
      installation: installation.id,
      status: 'active',
      configuration: {},
      externalIds: [],
      urls: {
        location: `${platform.baseUrl}/v1/integrations/${DEMO}/installations/${installation.id}/spaces/${acmeSpaces[0]}`,
        publicEndpoint: `${platform.baseUrl}/v1/integrations/${DEMO}/integration/installations/${installation.id}/spaces/${acmeSpaces[0]}`,
        publicContentEndpoint: `${platform.baseUrl}/v1/integrations/${DEMO}/integration/installations/${installation.id}/spaces/${acmeSpaces[0]}`,
      },
      space: acmeSpaces[0],
    })
    const extended = await admin.integrations.listSpaceInstallations({ integrationName: DEMO, extended: true, limit: 2 })
    expect(extended.items[1]!.space).toEqual(await admin.spaces.get({ spaceId: acmeSpaces[1]! }))

    // The owner's admins see another organization's installation only on spaces they can view.
    await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    const seen = (await collect(admin.integrations.listSpaceInstallations({ integrationName: DEMO }))).map((e) => e.space)
    expect(seen).toEqual([...acmeSpaces, demo.spaces.globexPublic])
    expect((await collect(outsider.integrations.listSpaceInstallations({ integrationName: DEMO }))).map((e) => e.space)).toEqual([
      demo.spaces.globexDocs,
      demo.spaces.globexPublic,
    ])
    expect((await read.integrations.listSpaceInstallations({ integrationName: DEMO })).count).toBe(0)
  })

  it('follows per-space settings, selections and space removals', async () => {
    const { platform, admin, demo } = await setup()
    const b = platform.builders
    const ref = { integration: DEMO, organization: demo.acme }
    await b.installationTarget({ ...ref, space: demo.spaces.guide, configuration: { dashboard: 'main' }, externalIds: ['ext-guide'] })
    const tagged = await admin.integrations.listSpaceInstallations({ integrationName: DEMO, externalId: 'ext-guide' })
    expect(tagged.items.map((e) => [e.space, e.configuration, e.externalIds])).toEqual([
      [demo.spaces.guide, { dashboard: 'main' }, ['ext-guide']],
    ])

    await b.updateInstallation({ ...ref, spaceSelection: 'selected' })
    await b.installationTarget({ ...ref, space: demo.spaces.handbook })
    const selected = await admin.integrations.listSpaceInstallations({ integrationName: DEMO })
    expect(selected.items.map((e) => e.space)).toEqual([demo.spaces.guide, demo.spaces.handbook])
    expect((await admin.integrations.installations.list({ integrationName: DEMO })).items[0]).toMatchObject({
      space_selection: 'selected',
      spaces: 2,
    })

    const events = await eventsOf(admin, DEMO)
    expect(events.slice(0, 2).map((e) => e.payload)).toEqual([
      {
        eventId: events[0]!.id,
        type: 'space_installation_setup',
        installationId: selected.items[0]!.installation,
        spaceId: demo.spaces.handbook,
        status: 'active',
      },
      {
        eventId: events[1]!.id,
        type: 'space_installation_setup',
        installationId: selected.items[0]!.installation,
        spaceId: demo.spaces.guide,
        status: 'active',
        previous: { status: 'active', configuration: {} },
      },
    ])

    await admin.spaces.delete({ spaceId: demo.spaces.handbook })
    expect((await admin.integrations.listSpaceInstallations({ integrationName: DEMO })).items.map((e) => e.space)).toEqual([
      demo.spaces.guide,
    ])
    platform.clock.advance('8d')
    expect((await admin.integrations.listSpaceInstallations({ integrationName: DEMO })).count).toBe(1)
    expect(installationOf(platform, DEMO, demo.acme)!.spaces.map((s) => s.id)).toEqual([demo.spaces.guide])

    await expect(b.installationTarget({ ...ref, space: demo.spaces.globexDocs })).rejects.toThrow(demo.spaces.globexDocs)
  })

  it('covers no spaces when the integration targets sites only', async () => {
    const { platform, admin, demo } = await setup()
    await platform.builders.integration({ name: 'site-widget', organization: demo.acme, target: 'site' })
    const installation = await admin.integrations.installations.create({ integrationName: 'site-widget', organization: demo.acme })
    expect(installation).toMatchObject({ site_selection: 'all', spaces: 0 })
    expect(installation.space_selection).toBeUndefined()
    expect((await admin.integrations.listSpaceInstallations({ integrationName: 'site-widget' })).count).toBe(0)
    await rejects(
      admin.integrations.listSpaceInstallations({ integrationName: DEMO, extended: 'yes' as never }),
      BadRequestError,
      'query.extended',
    )
  })
})

describe('integrations.listSiteInstallations', () => {
  it('lists the covered sites the caller can see, as IDs or (extended) full sites', async () => {
    const { platform, admin, outsider, read, anonymous, demo } = await setup()
    await platform.builders.site({ organization: demo.acme, title: 'Help Center' })
    const acmeSites = platform.db.sites.findMany((q) => q.where({ organization: demo.acme })).map((s) => s.id)
    const ids = await admin.integrations.listSiteInstallations({ integrationName: DEMO })
    expect(ids.items.map((e) => e.site)).toEqual(acmeSites)
    expect(ids.items[0]).toMatchObject({ integration: DEMO, status: 'active', configuration: {}, externalIds: [] })
    expect(ids.items[0]!.urls?.location).toMatch(new RegExp(`/installations/\\w+/sites/${acmeSites[0]}$`))
    const extended = await admin.integrations.listSiteInstallations({ integrationName: DEMO, extended: true })
    expect(extended.items.map((e) => (e.site as { object: string; id: string }).id)).toEqual(acmeSites)
    expect(extended.items.at(-1)!.site).toMatchObject({ object: 'site', title: 'Help Center', permissions: { view: true, admin: true } })

    await platform.builders.installationTarget({
      integration: DEMO,
      organization: demo.acme,
      site: acmeSites.at(-1)!,
      externalIds: ['help'],
    })
    expect(
      (await admin.integrations.listSiteInstallations({ integrationName: DEMO, externalId: 'help' })).items.map((e) => e.site),
    ).toEqual([acmeSites.at(-1)])
    await platform.builders.updateInstallation({ integration: DEMO, organization: demo.acme, siteSelection: 'selected' })
    expect((await admin.integrations.listSiteInstallations({ integrationName: DEMO })).items.map((e) => e.site)).toEqual([acmeSites.at(-1)])

    expect((await outsider.integrations.listSiteInstallations({ integrationName: DEMO })).count).toBe(0)
    expect((await read.integrations.listSiteInstallations({ integrationName: DEMO })).count).toBe(0)
    await rejects(admin.integrations.listSiteInstallations({ integrationName: 'nope' }), NotFoundError)
    await rejects(anonymous.integrations.listSiteInstallations({ integrationName: DEMO }), AuthenticationError)
  })
})
