import { describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatformOptions } from '../../mock/index.ts'
import { createClient, InternalServerError } from '../../src/index.ts'
import { createChecker, readContradictions } from '../../scripts/published/validate.ts'

/** An empty platform with an enterprise organization, its admin and a space. */
async function world(options: MockPlatformOptions = {}) {
  const platform = createMockPlatform({ scenario: 'empty', freeze: true, ...options })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Org', plan: 'enterprise_2024', emailDomains: ['org.test'] })
  const admin = await b.user({ organization: org.id, role: 'admin' })
  const space = await b.space({ organization: org.id, title: 'Docs' })
  const client = (token: string) => createClient({ token, fetch: platform.fetch, retry: 0 })
  return { platform, b, org, admin, space, client, asAdmin: client(admin.token) }
}

const checker = createChecker()

describe('the fields the published description requires, closed', () => {
  it('shows a non-member the required fields of an organization they could join, derived as for members', async () => {
    const { b, org, client, asAdmin } = await world()
    const free = await b.organization({ title: 'Free', emailDomains: ['org.test'], hostname: 'free-org' })
    const stranger = await b.user({})
    const listed = await client(stranger.token).orgs.listForEmailDomain({ emailDomain: 'org.test' })
    const cards = Object.fromEntries(listed.organizations.map((o) => [o.id, o]))
    const member = await asAdmin.orgs.get({ organizationId: org.id })
    expect(cards[org.id]).toEqual({
      object: 'organization',
      id: org.id,
      title: 'Org',
      createdAt: member.createdAt,
      emailDomains: ['org.test'],
      hostname: member.hostname,
      type: member.type,
      inviteLinks: member.inviteLinks,
      plan: 'enterprise_2024',
      urls: member.urls,
      mergeRules: { type: 'none' },
      trial: { status: 'notapplicable', count: 0 },
      permissions: Object.fromEntries(Object.keys(member.permissions!).map((k) => [k, false])),
    })
    expect(cards[free.id]).toMatchObject({ plan: free.plan, trial: { status: 'none', count: 0 }, hostname: 'free-org' })
    // The members' settings stay theirs.
    for (const hidden of ['useCase', 'defaultRole', 'sso', 'ai']) expect(cards[org.id]).not.toHaveProperty(hidden)
    expect(checker.check('getOrganizationsForEmailDomain', 200, listed)).toBeUndefined()
  })

  it('answers an import`s revision as edits, its commit `createdByGitBook` as the seed`s `createdByService`', async () => {
    const { platform, space, asAdmin } = await world()
    const url = 'https://github.com/org/handbook'
    platform.imports.register(url, { pages: [{ title: 'Intro', markdown: 'Hello.' }] })
    const { revision: id } = await asAdmin.spaces.content.import({ spaceId: space.id, url, source: 'github' })
    const revision = await asAdmin.spaces.content.get({ spaceId: space.id })
    expect(revision.id).toBe(id)
    expect(revision.type).toBe('edits')
    expect(revision.git).toMatchObject({ message: `Import from ${url}`, createdByService: true, createdByGitBook: true })
    // The record keeps what made it.
    expect(platform.db.revisions.get(id)!.type).toBe('import')
    expect(checker.check('getCurrentRevision', 200, revision)).toBeUndefined()
  })

  it('answers an element render with the component`s state and props, and refuses a tunnel`s answer that is no rendered UI', async () => {
    const answers: unknown[] = [
      { type: 'element', element: { type: 'block', children: [{ type: 'text', children: ['Hi'] }] } },
      { type: 'element', element: { type: 'block', children: [] }, state: { step: 2 } },
      { type: 'complete', returnValue: { done: true } },
      { type: 'element', element: { type: 'text', children: ['not a root'] } },
      { type: 'element', element: { type: 'block', children: [] }, props: 'not an object' },
      { type: 'rendered', element: { type: 'block', children: [] } },
    ]
    let next = 0
    const { b, org, asAdmin } = await world({
      tunnelAllow: ['tunnel.example.test'],
      fetch: async () => Response.json(answers[next++]),
    })
    await b.integration({ name: 'cards', organization: org.id, blocks: [{ id: 'card', title: 'Card' }] })
    await asAdmin.integrations.installations.create({ integrationName: 'cards', organization: org.id })
    await asAdmin.integrations.dev.enable({ integrationName: 'cards', tunnelUrl: 'https://tunnel.example.test/' })
    const render = (request: { props?: Record<string, unknown>; state?: Record<string, unknown> } = {}) =>
      asAdmin.integrations.render({ integrationName: 'cards', componentId: 'card', ...request })

    const first = await render({ props: { name: 'Ada' }, state: { step: 1 } })
    expect(first).toEqual({ ...(answers[0] as object), state: { step: 1 }, props: { name: 'Ada' } })
    expect(await render()).toEqual({ ...(answers[1] as object), props: {} })
    expect(await render({ state: { step: 1 } })).toEqual({ type: 'complete', returnValue: { done: true } })
    for (let i = 3; i < answers.length; i++) {
      const error = await render().then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error, `answer ${i}`).toBeInstanceOf(InternalServerError)
      expect((error as InternalServerError).status).toBe(502)
      expect((error as Error).message).not.toContain('not a root')
    }
    expect(checker.check('renderIntegrationUIWithPost', 200, first)).toBeUndefined()
  })

  it('answers a SAML provider`s label of up to 100 characters as given, a listed contradiction', async () => {
    const { b, org, asAdmin } = await world()
    const label = 'L'.repeat(100)
    const built = await b.samlProvider({ organization: org.id, label })
    const provider = await asAdmin.orgs.saml.get({ organizationId: org.id, samlProviderId: built.id })
    expect(provider.label).toBe(label)
    const logins = await asAdmin.orgs.listSSOProviders({ organizationId: org.id })
    expect(logins.items.map((l) => l.label)).toEqual([label])
    expect(checker.check('getOrganizationSAMLProviderById', 200, provider)).toBeUndefined()
    const without = createChecker(readContradictions('both').filter((row) => row.schema !== 'SAMLProviderLabel'))
    expect(without.check('getOrganizationSAMLProviderById', 200, provider)?.errors).toContain(
      '/label must NOT have more than 30 characters',
    )
  })

  it('leaves no gap open: every row is a contradiction with the seed`s wording and the published one', () => {
    expect(readContradictions('gaps')).toEqual([])
  })
})
