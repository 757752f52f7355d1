import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { collect, DEMO, PNG, rejects, SVG } from './support.ts'

describe('integrations.publish', () => {
  it('publishes a new integration owned by the organization, presenting what it stores but its secrets and script', async () => {
    const { platform, admin, demo } = await setup()
    const published = await admin.integrations.publish({
      integrationName: 'status-page',
      organization: demo.acme,
      title: 'Status Page',
      description: 'Incidents in your docs',
      summary: '# Status Page\n\nShows incidents.',
      icon: PNG,
      previewImages: [PNG, SVG],
      visibility: 'public',
      target: 'space',
      scopes: ['space:content:read', 'space:content:read'],
      categories: ['collaboration'],
      blocks: [
        {
          id: 'incident',
          title: 'Incident',
          urlUnfurl: ['https://status.example.com/incidents'],
          markdown: { codeblock: 'incident', body: 'An incident' },
        },
      ],
      contentSources: [{ id: 'history', title: 'Incident history', configuration: { componentId: 'history-config' } }],
      externalLinks: [{ url: 'https://status.example.com', label: 'Website' }],
      configurations: { account: { properties: { token: { type: 'string', title: 'Token' } }, required: ['token'] } },
      script: 'export default { fetch() {} }',
      secrets: { API_TOKEN: 's3cret-value' },
      contentSecurityPolicy: "default-src 'self'",
    })
    expect(published).toMatchObject({
      object: 'integration',
      name: 'status-page',
      version: 1,
      title: 'Status Page',
      description: 'Incidents in your docs',
      summary: '# Status Page\n\nShows incidents.',
      previewImages: [`data:image/png;base64,${PNG}`, `data:image/svg+xml;base64,${SVG}`],
      target: 'space',
      verified: false,
      visibility: 'public',
      scopes: ['space:content:read'],
      categories: ['collaboration'],
      blocks: [
        {
          id: 'incident',
          title: 'Incident',
          urlUnfurl: ['https://status.example.com/incidents'],
          markdown: { codeblock: 'incident', body: 'An incident' },
        },
      ],
      contentSources: [{ id: 'history', title: 'Incident history', configuration: { componentId: 'history-config' } }],
      externalLinks: [{ url: 'https://status.example.com', label: 'Website' }],
      configurations: { account: { properties: { token: { type: 'string', title: 'Token' } }, required: ['token'] } },
      owner: { object: 'organization', id: demo.acme, title: 'Acme' },
      urls: {
        location: `${platform.baseUrl}/v1/integrations/status-page`,
        icon: `data:image/png;base64,${PNG}`,
        app: 'https://app.docplat.dev/integrations/status-page',
        assets: `${platform.baseUrl}/v1/integrations/status-page/versions/1/assets`,
        publicEndpoint: `${platform.baseUrl}/v1/integrations/status-page/integration`,
      },
      permissions: { admin: true, install: true },
      contentSecurityPolicy: "default-src 'self'",
    })
    expect(JSON.stringify(published)).not.toContain('s3cret-value')
    expect(JSON.stringify(published)).not.toContain('export default')
    expect(await admin.integrations.get({ integrationName: 'status-page' })).toEqual(published)
    // Stored, though never shown.
    expect(platform.db.integrations.findMany((q) => q.where({ name: 'status-page' }))[0]).toMatchObject({
      secrets: { API_TOKEN: 's3cret-value' },
      script: 'export default { fetch() {} }',
      publishedBy: demo.users.admin,
    })
  })

  it('accepts the organization by hostname and makes new integrations private to it by default', async () => {
    const { admin, read, outsider, guest, demo } = await setup()
    const published = await admin.integrations.publish({
      integrationName: 'internal.tool_v2',
      organization: 'acme',
      title: 'Internal tool',
    })
    expect(published).toMatchObject({
      visibility: 'private',
      target: 'all',
      version: 1,
      description: '',
      previewImages: [],
      blocks: [],
      owner: { id: demo.acme },
    })
    expect((await read.integrations.get({ integrationName: 'internal.tool_v2' })).permissions).toEqual({ admin: false, install: false })
    await rejects(outsider.integrations.get({ integrationName: 'internal.tool_v2' }), NotFoundError, 'internal.tool_v2')
    await rejects(guest.integrations.get({ integrationName: 'internal.tool_v2' }), NotFoundError, 'internal.tool_v2')
  })

  it('publishes new versions: each one replaces the content, the visibility stays unless given', async () => {
    const { admin, outsider, demo } = await setup()
    const v2 = await admin.integrations.publish({ integrationName: DEMO, title: 'Acme Insights 2', categories: ['marketing'] })
    expect(v2).toMatchObject({
      version: 2,
      title: 'Acme Insights 2',
      visibility: 'public',
      target: 'all',
      categories: ['marketing'],
      blocks: [],
      contentSources: [],
      scopes: [],
    })
    expect(v2.urls?.icon).toBeUndefined()
    const v3 = await admin.integrations.publish({
      integrationName: DEMO,
      organization: demo.acme,
      title: 'Acme Insights 3',
      visibility: 'unlisted',
      target: 'site',
    })
    expect(v3).toMatchObject({ version: 3, visibility: 'unlisted', target: 'site' })
    expect(await outsider.integrations.get({ integrationName: DEMO })).toMatchObject({
      version: 3,
      title: 'Acme Insights 3',
      permissions: { admin: false, install: true },
    })
  })

  it('refuses invalid names, fields and manifests with a 400 naming the field, changing nothing', async () => {
    const { admin, demo } = await setup()
    await rejects(
      admin.integrations.publish({ integrationName: 'bad name!', organization: demo.acme, title: 'Bad' }),
      BadRequestError,
      'path.integrationName',
    )
    await rejects(
      admin.integrations.publish({ integrationName: 'x'.repeat(101), organization: demo.acme, title: 'Long' }),
      BadRequestError,
      'path.integrationName',
    )
    await rejects(admin.integrations.publish({ integrationName: 'ok', organization: demo.acme } as never), BadRequestError, 'body.title')
    await rejects(admin.integrations.publish({ integrationName: 'ok', organization: demo.acme, title: 'X' }), BadRequestError, 'body.title')
    await rejects(
      admin.integrations.publish({ integrationName: 'ok', organization: demo.acme, title: 'Ok', visibility: 'secret' as never }),
      BadRequestError,
      'body.visibility',
    )
    await rejects(
      admin.integrations.publish({ integrationName: 'ok', organization: demo.acme, title: 'Ok', runtime: 'v3' as never }),
      BadRequestError,
      'body.runtime',
    )
    await rejects(
      admin.integrations.publish({ integrationName: 'ok', organization: demo.acme, title: 'Ok', scopes: ['Read Everything'] }),
      BadRequestError,
      'body.scopes.0',
    )
    await rejects(admin.integrations.publish({ integrationName: 'ok', title: 'Ok' }), BadRequestError, 'body.organization')
    await rejects(
      admin.integrations.publish({ integrationName: 'ok', organization: demo.acme, title: 'Ok', icon: btoa('just text') }),
      BadRequestError,
      'body.icon',
    )
    await rejects(
      admin.integrations.publish({ integrationName: 'ok', organization: demo.acme, title: 'Ok', previewImages: [PNG, 'not base64!'] }),
      BadRequestError,
      'body.previewImages.1',
    )
    await rejects(
      admin.integrations.publish({ integrationName: 'ok', organization: demo.acme, title: 'Ok', previewImages: [PNG, PNG, PNG, PNG] }),
      BadRequestError,
      'body.previewImages',
    )
    const block = { id: 'same', title: 'Block' }
    await rejects(
      admin.integrations.publish({ integrationName: 'ok', organization: demo.acme, title: 'Ok', blocks: [block, block] }),
      BadRequestError,
      'body.blocks.1.id',
    )
    await rejects(
      admin.integrations.publish({
        integrationName: 'ok',
        organization: demo.acme,
        title: 'Ok',
        blocks: [{ ...block, urlUnfurl: ['not a url'] }],
      }),
      BadRequestError,
      'body.blocks.0.urlUnfurl.0',
    )
    await rejects(
      admin.integrations.publish({
        integrationName: 'ok',
        organization: demo.acme,
        title: 'Ok',
        externalLinks: [{ url: 'javascript:alert(1)', label: 'x' }],
      }),
      BadRequestError,
      'body.externalLinks.0.url',
    )
    const form = (account: unknown) =>
      admin.integrations.publish({
        integrationName: 'ok',
        organization: demo.acme,
        title: 'Ok',
        configurations: { account: account as never },
      })
    await rejects(
      form({ properties: { a: { type: 'string' } }, required: ['b'] }),
      BadRequestError,
      'body.configurations.account.required.0',
    )
    await rejects(
      form({ properties: { a: { type: 'number', default: 'ten' } } }),
      BadRequestError,
      'body.configurations.account.properties.a.default',
    )
    await rejects(
      form({ properties: { a: { type: 'string', enum: ['x'], default: 'y' } } }),
      BadRequestError,
      'body.configurations.account.properties.a.default',
    )
    await rejects(form({ properties: { a: { type: 'color' } } }), BadRequestError, 'body.configurations.account.properties.a.type')
    await rejects(admin.integrations.get({ integrationName: 'ok' }), NotFoundError)
  })

  it('needs a token (401), admin of the organization (403), an organization the caller is in (404), and a free name (409)', async () => {
    const { admin, read, outsider, anonymous, demo } = await setup()
    await rejects(
      anonymous.integrations.publish({ integrationName: 'new-one', organization: demo.acme, title: 'New' }),
      AuthenticationError,
    )
    await rejects(
      read.integrations.publish({ integrationName: 'new-one', organization: demo.acme, title: 'New' }),
      PermissionDeniedError,
      'admin',
    )
    await rejects(read.integrations.publish({ integrationName: DEMO, title: 'Mine now' }), PermissionDeniedError, 'admin')
    await rejects(outsider.integrations.publish({ integrationName: DEMO, title: 'Mine now' }), PermissionDeniedError, 'admin')
    await rejects(
      admin.integrations.publish({ integrationName: 'new-one', organization: 'no-such-org', title: 'New' }),
      NotFoundError,
      'no-such-org',
    )
    await rejects(outsider.integrations.publish({ integrationName: 'new-one', organization: demo.acme, title: 'New' }), NotFoundError)
    await rejects(
      outsider.integrations.publish({ integrationName: DEMO, organization: demo.globex, title: 'Mine now' }),
      ConflictError,
      'already taken',
    )
    await rejects(admin.integrations.get({ integrationName: 'new-one' }), NotFoundError)
    expect(await admin.integrations.get({ integrationName: DEMO })).toMatchObject({ version: 1, title: 'Acme Insights' })
  })
})

describe('integrations.get', () => {
  it('reads an integration with the caller permissions; private ones only for their owner organization', async () => {
    const { platform, admin, read, outsider, guest, anonymous, demo } = await setup()
    expect(await outsider.integrations.get({ integrationName: DEMO })).toMatchObject({
      name: DEMO,
      owner: { id: demo.acme },
      permissions: { admin: false, install: true },
    })
    expect((await read.integrations.get({ integrationName: DEMO })).permissions).toEqual({ admin: false, install: false })
    await platform.builders.integration({ name: 'globex-only', organization: demo.globex, visibility: 'private' })
    expect((await outsider.integrations.get({ integrationName: 'globex-only' })).permissions).toEqual({ admin: true, install: true })
    await rejects(admin.integrations.get({ integrationName: 'globex-only' }), NotFoundError, 'globex-only')
    await rejects(guest.integrations.get({ integrationName: 'globex-only' }), NotFoundError)
    await rejects(admin.integrations.get({ integrationName: 'nope' }), NotFoundError, 'nope')
    await rejects(admin.integrations.get({ integrationName: 'bad/name' }), BadRequestError, 'path.integrationName')
    await rejects(anonymous.integrations.get({ integrationName: DEMO }), AuthenticationError)
  })
})

describe('integrations.unpublish', () => {
  it('removes the integration with its installations and events', async () => {
    const { platform, admin, outsider, demo } = await setup()
    await outsider.integrations.installations.create({ integrationName: DEMO, organization: demo.globex })
    expect(platform.db.integrationInstallations.size).toBe(2)
    await admin.integrations.unpublish({ integrationName: DEMO })
    await rejects(admin.integrations.get({ integrationName: DEMO }), NotFoundError)
    await rejects(admin.integrations.events.list({ integrationName: DEMO }), NotFoundError)
    expect((await admin.integrations.list()).items.map((i) => i.name)).not.toContain(DEMO)
    expect(platform.db.integrationInstallations.size).toBe(0)
    expect(platform.db.integrationEvents.size).toBe(0)
    // The name is free again, for anyone.
    expect(
      await outsider.integrations.publish({ integrationName: DEMO, organization: demo.globex, title: 'Globex Insights' }),
    ).toMatchObject({ version: 1, owner: { id: demo.globex } })
  })

  it('is for admins of the owner organization', async () => {
    const { admin, read, outsider, anonymous } = await setup()
    await rejects(read.integrations.unpublish({ integrationName: DEMO }), PermissionDeniedError, 'admin')
    await rejects(outsider.integrations.unpublish({ integrationName: DEMO }), PermissionDeniedError, 'admin')
    await rejects(anonymous.integrations.unpublish({ integrationName: DEMO }), AuthenticationError)
    await rejects(admin.integrations.unpublish({ integrationName: 'nope' }), NotFoundError)
    expect((await admin.integrations.get({ integrationName: DEMO })).version).toBe(1)
  })
})

describe('integrations.list', () => {
  async function catalog() {
    const s = await setup()
    const { builders } = s.platform
    await builders.integration({
      name: 'figma',
      organization: s.demo.globex,
      title: 'Figma embeds',
      description: 'Design files, live',
      visibility: 'public',
      target: 'space',
      scopes: ['space:content:write'],
      categories: ['collaboration'],
      blocks: [{ id: 'file', title: 'Figma file', urlUnfurl: ['*.figma.com'] }],
    })
    await builders.integration({
      name: 'notes',
      organization: s.demo.acme,
      title: 'Release notes',
      visibility: 'unlisted',
      target: 'site',
      contentSources: [{ id: 'feed', title: 'Feed' }],
    })
    await builders.integration({ name: 'secret-tool', organization: s.demo.globex, visibility: 'private' })
    return s
  }
  const names = (page: { items: Array<{ name: string }> }) => page.items.map((i) => i.name)

  it('lists by name what the caller can see: public ones, and unlisted or private ones of their organizations', async () => {
    const { admin, outsider, guest } = await catalog()
    const page = await admin.integrations.list()
    expect(names(page)).toEqual([DEMO, 'figma', 'notes'])
    expect(page.count).toBe(3)
    expect(page.items[0]).toEqual(await admin.integrations.get({ integrationName: DEMO }))
    expect(names(await outsider.integrations.list())).toEqual([DEMO, 'figma', 'secret-tool'])
    // Guests see only what is shared with them: not their organization's own integrations.
    expect(names(await guest.integrations.list())).toEqual([DEMO, 'figma'])
  })

  it('filters by search text, category, block domain, blocks, content sources, owner, scope and target', async () => {
    const { admin, demo } = await catalog()
    expect(names(await admin.integrations.list({ search: 'FIG' }))).toEqual(['figma'])
    expect(names(await admin.integrations.list({ search: 'live' }))).toEqual([DEMO, 'figma'])
    expect(names(await admin.integrations.list({ search: 'release' }))).toEqual([DEMO, 'notes'])
    expect(names(await admin.integrations.list({ category: 'analytics' }))).toEqual([DEMO])
    expect(names(await admin.integrations.list({ blockDomain: 'insights.acme.test' }))).toEqual([DEMO])
    expect(names(await admin.integrations.list({ blockDomain: 'www.figma.com' }))).toEqual(['figma'])
    expect(names(await admin.integrations.list({ blockDomain: 'FIGMA.com' }))).toEqual(['figma'])
    expect(names(await admin.integrations.list({ blockDomain: 'acme.test' }))).toEqual([])
    expect(names(await admin.integrations.list({ blocks: true }))).toEqual([DEMO, 'figma'])
    expect(names(await admin.integrations.list({ blocks: false }))).toEqual(['notes'])
    expect(names(await admin.integrations.list({ contentSources: true }))).toEqual([DEMO, 'notes'])
    expect(names(await admin.integrations.list({ contentSources: false }))).toEqual(['figma'])
    expect(names(await admin.integrations.list({ owner: demo.globex }))).toEqual(['figma'])
    expect(names(await admin.integrations.list({ owner: 'unknown-org' }))).toEqual([])
    expect(names(await admin.integrations.list({ scope: 'space:content:write' }))).toEqual(['figma'])
    expect(names(await admin.integrations.list({ target: 'space' }))).toEqual([DEMO, 'figma'])
    expect(names(await admin.integrations.list({ target: 'site' }))).toEqual([DEMO, 'notes'])
    expect(names(await admin.integrations.list({ target: 'all' }))).toEqual([DEMO])
    const combined = await admin.integrations.list({ blocks: true, owner: demo.acme, category: 'analytics' })
    expect(names(combined)).toEqual([DEMO])
    expect(combined.count).toBe(1)
  })

  it('pages through every integration exactly once, newly published ones included', async () => {
    const { admin, platform, demo } = await catalog()
    const first = await admin.integrations.list({ limit: 2 })
    expect(names(first)).toEqual([DEMO, 'figma'])
    expect(first.next?.page).toEqual(expect.any(String))
    await platform.builders.integration({ name: 'aardvark', organization: demo.acme, visibility: 'public' })
    await platform.builders.integration({ name: 'zebra', organization: demo.acme, visibility: 'public' })
    const second = await first.getNextPage()
    expect(names(second)).toEqual(['notes', 'zebra'])
    expect(second.count).toBe(5)
    expect((await collect(admin.integrations.list({ limit: 1 }))).map((i) => i.name)).toEqual(['aardvark', DEMO, 'figma', 'notes', 'zebra'])
  })

  it('refuses bad filters and missing tokens', async () => {
    const { admin, anonymous } = await catalog()
    await rejects(admin.integrations.list({ blockDomain: 'a/b' }), BadRequestError, 'query.blockDomain')
    await rejects(admin.integrations.list({ target: 'everywhere' as never }), BadRequestError, 'query.target')
    await rejects(admin.integrations.list({ category: 'Not A Category' }), BadRequestError, 'query.category')
    await rejects(admin.integrations.list({ limit: 0 }), BadRequestError, 'query.limit')
    await rejects(admin.integrations.list({ page: 'not-a-cursor' }), BadRequestError, 'query.page')
    await rejects(anonymous.integrations.list(), AuthenticationError)
  })
})
