import { X509Certificate } from 'node:crypto'
import { rootCertificates } from 'node:tls'
import { describe, expect, it } from 'vitest'
import { AuthenticationError, BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from '../../src/index.ts'
import { setup } from '../helpers.ts'
import { certificate, pem, rejects } from './support.ts'

const API = 'https://api.docplat.dev'

/** Fields of a valid provider; spread and override one to test it. */
const provider = (overrides: Record<string, unknown> = {}) => ({
  label: 'Contoso Entra ID',
  entityID: 'https://sts.windows.example.net/contoso/',
  certificate: certificate(),
  ssoURL: 'https://login.example.net/contoso/saml2',
  ...overrides,
})

async function demoProvider(ctx: Awaited<ReturnType<typeof setup>>) {
  return (await ctx.admin.orgs.saml.list({ organizationId: ctx.demo.acme })).items[0]!
}

describe('orgs.saml.list', () => {
  it('shows the demo provider to admins, with its team, role, status and service URLs', async () => {
    const ctx = await setup()
    const page = await ctx.admin.orgs.saml.list({ organizationId: ctx.demo.acme })
    expect(page.count).toBe(1)
    const p = page.items[0]!
    const base = `${API}/sso/saml/${ctx.demo.acme}/${p.id}`
    expect(p).toMatchObject({
      object: 'saml-provider',
      label: 'Acme Okta',
      entityID: 'http://www.okta.com/exk1acme0demo',
      ssoURL: 'https://acme.okta.example.com/app/docplat/exk1acme0demo/sso/saml',
      defaultTeam: { object: 'team', id: ctx.demo.teams.writers, title: 'Writers', members: 3 },
      defaultRole: 'read',
      status: 'active',
      service: { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` },
      urls: { location: `${API}/v1/orgs/${ctx.demo.acme}/saml/${p.id}` },
    })
    const cert = new X509Certificate(p.certificate!)
    expect(cert.subject).toBe('CN=Acme Okta')
    expect(new Date(cert.validFrom).getTime()).toBeLessThanOrEqual(ctx.platform.clock.ms())
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(ctx.platform.clock.ms() + 2 * 365 * 86_400_000)
  })

  it('pages, and is for admins only', async () => {
    const ctx = await setup()
    const { admin, create, guest, outsider, anonymous, demo } = ctx
    await ctx.platform.builders.samlProvider({ organization: demo.acme, label: 'Second' })
    const first = await admin.orgs.saml.list({ organizationId: demo.acme, limit: 1 })
    expect([first.count, first.items[0]!.label]).toEqual([2, 'Acme Okta'])
    expect((await first.getNextPage()).items.map((p) => p.label)).toEqual(['Second'])
    await rejects(admin.orgs.saml.list({ organizationId: demo.acme, limit: 1001 }), BadRequestError, 'query.limit')
    await rejects(create.orgs.saml.list({ organizationId: demo.acme }), PermissionDeniedError, 'admin')
    await rejects(guest.orgs.saml.list({ organizationId: demo.acme }), PermissionDeniedError, 'admin')
    await rejects(outsider.orgs.saml.list({ organizationId: demo.acme }), NotFoundError)
    await rejects(anonymous.orgs.saml.list({ organizationId: demo.acme }), AuthenticationError)
  })
})

describe('orgs.saml.create', () => {
  it('adds a provider (201); defaults: no team, the organization’s default role', async () => {
    const ctx = await setup()
    const { data, response } = await ctx.admin.orgs.saml.create({ organizationId: ctx.demo.acme, ...provider() }).withResponse()
    expect(response.status).toBe(201)
    expect(data).toMatchObject({ ...provider(), object: 'saml-provider', defaultRole: 'read', status: 'active' })
    expect(data).not.toHaveProperty('defaultTeam')
    expect(data.service?.startURL).toBe(`${API}/sso/saml/${ctx.demo.acme}/${data.id}/start`)
    expect(await ctx.admin.orgs.saml.get({ organizationId: ctx.demo.acme, samlProviderId: data.id })).toEqual(data)
    expect((await ctx.admin.orgs.saml.list({ organizationId: ctx.demo.acme })).items.map((p) => p.id)).toContain(data.id)

    const guests = await ctx.admin.orgs.saml.create({
      organizationId: ctx.demo.acme,
      ...provider({ entityID: 'urn:guests', defaultRole: null, defaultTeam: ctx.demo.teams.reviewers }),
    })
    expect(guests).toMatchObject({ defaultRole: null, defaultTeam: { id: ctx.demo.teams.reviewers, title: 'Reviewers' } })
  })

  it('accepts real certificates and refuses what is not a PEM X.509 certificate', async () => {
    const ctx = await setup()
    const organizationId = ctx.demo.acme
    const now = ctx.platform.clock.ms()
    const real = rootCertificates.find((c) => new Date(new X509Certificate(c).validTo).getTime() > now + 86_400_000)!
    const accepted = await ctx.admin.orgs.saml.create({ organizationId, ...provider({ certificate: `\n${real}\n` }) })
    expect(accepted).toMatchObject({ certificate: real.trim(), status: 'active' })
    const derOf = (text: string) => btoa(text)
    const bad = [
      'not a certificate',
      real.replace('CERTIFICATE', 'PUBLIC KEY'),
      pem('###'),
      pem('QUJD'), // "ABC": not DER
      pem(derOf('\x30\x05\x02\x01')), // truncated SEQUENCE
      pem('MAA='), // an empty SEQUENCE is DER, not a certificate
      pem(derOf('\x30\x03\x02\x01\x01')), // a SEQUENCE of one INTEGER
      `${real.trim()}\n${real.trim()}`, // two certificates
    ]
    for (const certificateText of bad) {
      await rejects(
        ctx.admin.orgs.saml.create({ organizationId, ...provider({ entityID: 'urn:x', certificate: certificateText }) }),
        BadRequestError,
        'body.certificate',
      )
    }
    await rejects(
      ctx.admin.orgs.saml.create({ organizationId, ...provider({ certificate: 'x'.repeat(16385) }) }),
      BadRequestError,
      'body.certificate',
    )
    expect((await ctx.admin.orgs.saml.list({ organizationId })).count).toBe(2)
  })

  it('holds every field to its bounds and the default team to the organization', async () => {
    const ctx = await setup()
    const { admin, demo, platform } = ctx
    const organizationId = demo.acme
    const globexTeam = await platform.builders.team({ organization: demo.globex, title: 'Globex team' })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ label: '' }, 'body.label'],
      [{ label: 'x'.repeat(101) }, 'body.label'],
      [{ label: undefined }, 'body.label'],
      [{ entityID: '' }, 'body.entityID'],
      [{ entityID: 'has space' }, 'body.entityID'],
      [{ entityID: `urn:${'x'.repeat(1021)}` }, 'body.entityID'],
      [{ certificate: undefined }, 'body.certificate'],
      [{ ssoURL: 'not a url' }, 'body.ssoURL'],
      [{ ssoURL: 'ftp://idp.example.com/sso' }, 'body.ssoURL'],
      [{ ssoURL: `https://idp.example.com/${'x'.repeat(2030)}` }, 'body.ssoURL'],
      [{ ssoURL: undefined }, 'body.ssoURL'],
      [{ defaultRole: 'owner' }, 'body.defaultRole'],
      [{ defaultTeam: 'missing' }, 'body.defaultTeam'],
      [{ defaultTeam: globexTeam.id }, 'body.defaultTeam'],
    ]
    for (const [override, field] of cases) {
      await rejects(admin.orgs.saml.create({ organizationId, ...provider(override) } as never), BadRequestError, field)
    }
    expect((await admin.orgs.saml.list({ organizationId })).count).toBe(1)
    const longest = await admin.orgs.saml.create({
      organizationId,
      ...provider({ label: 'x'.repeat(100), entityID: `urn:${'x'.repeat(1020)}` }),
    })
    expect([longest.label?.length, longest.entityID?.length]).toEqual([100, 1024])
  })

  it('refuses an entity ID another provider of the organization has (409)', async () => {
    const ctx = await setup()
    const { admin, outsider, demo } = ctx
    await rejects(
      admin.orgs.saml.create({ organizationId: demo.acme, ...provider({ entityID: 'http://www.okta.com/exk1acme0demo' }) }),
      ConflictError,
      'entity ID',
    )
    const elsewhere = await outsider.orgs.saml.create({
      organizationId: demo.globex,
      ...provider({ entityID: 'http://www.okta.com/exk1acme0demo' }),
    })
    expect(elsewhere.entityID).toBe('http://www.okta.com/exk1acme0demo')
    expect((await admin.orgs.saml.list({ organizationId: demo.acme })).count).toBe(1)
  })

  it('is for admins only', async () => {
    const { admin, create, guest, outsider, anonymous, demo } = await setup()
    const body = { organizationId: demo.acme, ...provider() }
    await rejects(create.orgs.saml.create(body), PermissionDeniedError, 'admin')
    await rejects(guest.orgs.saml.create(body), PermissionDeniedError, 'admin')
    await rejects(outsider.orgs.saml.create(body), NotFoundError)
    await rejects(anonymous.orgs.saml.create(body), AuthenticationError)
    expect((await admin.orgs.saml.list({ organizationId: demo.acme })).count).toBe(1)
  })
})

describe('orgs.saml.get', () => {
  it('reads one provider; unknown IDs and other organizations’ providers are 404', async () => {
    const ctx = await setup()
    const p = await demoProvider(ctx)
    const { admin, read, outsider, anonymous, demo, platform } = ctx
    expect(await admin.orgs.saml.get({ organizationId: demo.acme, samlProviderId: p.id })).toEqual(p)
    await rejects(admin.orgs.saml.get({ organizationId: demo.acme, samlProviderId: 'missing' }), NotFoundError, 'missing')
    const globex = await platform.builders.samlProvider({ organization: demo.globex })
    await rejects(admin.orgs.saml.get({ organizationId: demo.acme, samlProviderId: globex.id }), NotFoundError)
    await rejects(read.orgs.saml.get({ organizationId: demo.acme, samlProviderId: p.id }), PermissionDeniedError, 'admin')
    await rejects(outsider.orgs.saml.get({ organizationId: demo.acme, samlProviderId: p.id }), NotFoundError)
    await rejects(anonymous.orgs.saml.get({ organizationId: demo.acme, samlProviderId: p.id }), AuthenticationError)
  })
})

describe('orgs.saml.update', () => {
  it('changes only the fields given; null removes the default team or makes the default role guest', async () => {
    const ctx = await setup()
    const p = await demoProvider(ctx)
    const id = { organizationId: ctx.demo.acme, samlProviderId: p.id }
    const relabelled = await ctx.admin.orgs.saml.update({ ...id, label: 'Okta (new)' })
    expect(relabelled).toEqual({ ...p, label: 'Okta (new)' })
    const moved = await ctx.admin.orgs.saml.update({
      ...id,
      defaultTeam: ctx.demo.teams.reviewers,
      defaultRole: 'comment',
      ssoURL: 'https://okta.example.com/sso2',
    })
    expect(moved).toMatchObject({
      defaultTeam: { id: ctx.demo.teams.reviewers },
      defaultRole: 'comment',
      ssoURL: 'https://okta.example.com/sso2',
      label: 'Okta (new)',
    })
    const cleared = await ctx.admin.orgs.saml.update({ ...id, defaultTeam: null, defaultRole: null })
    expect(cleared).not.toHaveProperty('defaultTeam')
    expect(cleared.defaultRole).toBeNull()
    const rekeyed = await ctx.admin.orgs.saml.update({ ...id, certificate: certificate('other'), entityID: p.entityID })
    expect(rekeyed.certificate).toBe(certificate('other'))
    expect(await ctx.admin.orgs.saml.get(id)).toEqual(rekeyed)
    expect(await ctx.admin.orgs.saml.update(id)).toEqual(rekeyed)
  })

  it('refuses invalid fields, a taken entity ID (409), non-admins, and unknown IDs, changing nothing', async () => {
    const ctx = await setup()
    const p = await demoProvider(ctx)
    const id = { organizationId: ctx.demo.acme, samlProviderId: p.id }
    const other = await ctx.platform.builders.samlProvider({ organization: ctx.demo.acme, entityID: 'urn:other' })
    await rejects(ctx.admin.orgs.saml.update({ ...id, label: '' }), BadRequestError, 'body.label')
    await rejects(ctx.admin.orgs.saml.update({ ...id, entityID: 'a b' }), BadRequestError, 'body.entityID')
    await rejects(ctx.admin.orgs.saml.update({ ...id, ssoURL: 'nope' }), BadRequestError, 'body.ssoURL')
    await rejects(ctx.admin.orgs.saml.update({ ...id, certificate: pem('QUJD'), label: 'Changed' }), BadRequestError, 'body.certificate')
    await rejects(ctx.admin.orgs.saml.update({ ...id, defaultTeam: 'missing', label: 'Changed' }), BadRequestError, 'body.defaultTeam')
    await rejects(ctx.admin.orgs.saml.update({ ...id, defaultRole: 'owner' as never }), BadRequestError, 'body.defaultRole')
    await rejects(ctx.admin.orgs.saml.update({ ...id, entityID: other.entityID, label: 'Changed' }), ConflictError, 'urn:other')
    await rejects(ctx.review.orgs.saml.update({ ...id, label: 'Changed' }), PermissionDeniedError, 'admin')
    await rejects(ctx.outsider.orgs.saml.update({ ...id, label: 'Changed' }), NotFoundError)
    await rejects(ctx.anonymous.orgs.saml.update({ ...id, label: 'Changed' }), AuthenticationError)
    await rejects(ctx.admin.orgs.saml.update({ ...id, samlProviderId: 'missing', label: 'Changed' }), NotFoundError)
    expect(await ctx.admin.orgs.saml.get(id)).toEqual(p)
  })
})

describe('orgs.saml.delete', () => {
  it('deletes (205): gone from get, list and the SSO logins', async () => {
    const ctx = await setup()
    const p = await demoProvider(ctx)
    const id = { organizationId: ctx.demo.acme, samlProviderId: p.id }
    await rejects(ctx.create.orgs.saml.delete(id), PermissionDeniedError, 'admin')
    await rejects(ctx.outsider.orgs.saml.delete(id), NotFoundError)
    await rejects(ctx.anonymous.orgs.saml.delete(id), AuthenticationError)
    expect((await ctx.admin.orgs.saml.delete(id).asResponse()).status).toBe(205)
    await rejects(ctx.admin.orgs.saml.get(id), NotFoundError)
    expect((await ctx.admin.orgs.saml.list({ organizationId: ctx.demo.acme })).count).toBe(0)
    expect(await ctx.read.orgs.listSSOProviders({ organizationId: ctx.demo.acme })).toEqual({ items: [] })
    await rejects(ctx.admin.orgs.saml.delete(id), NotFoundError)
  })

  it('keeps the last provider while the organization enforces SSO (409)', async () => {
    const ctx = await setup()
    const p = await demoProvider(ctx)
    const id = { organizationId: ctx.demo.acme, samlProviderId: p.id }
    await ctx.admin.orgs.update({ organizationId: ctx.demo.acme, sso: true })
    await rejects(ctx.admin.orgs.saml.delete(id), ConflictError, 'enforces SSO')
    expect(await ctx.admin.orgs.saml.get(id)).toEqual(p)
    const second = await ctx.platform.builders.samlProvider({ organization: ctx.demo.acme })
    await ctx.admin.orgs.saml.delete(id)
    await rejects(ctx.admin.orgs.saml.delete({ ...id, samlProviderId: second.id }), ConflictError)
    await ctx.admin.orgs.update({ organizationId: ctx.demo.acme, sso: false })
    await ctx.admin.orgs.saml.delete({ ...id, samlProviderId: second.id })
    expect((await ctx.admin.orgs.saml.list({ organizationId: ctx.demo.acme })).count).toBe(0)
  })
})

describe('provider state that follows the rest of the platform', () => {
  it('turns expired when the certificate’s validity ends on the platform clock', async () => {
    const ctx = await setup({ freeze: true })
    const created = await ctx.admin.orgs.saml.create({
      organizationId: ctx.demo.acme,
      ...provider({ certificate: certificate('short', '2025-06-01T00:00:00Z', '2026-02-01T00:00:00Z') }),
    })
    expect(created.status).toBe('active')
    ctx.platform.clock.advance('16d')
    const id = { organizationId: ctx.demo.acme, samlProviderId: created.id }
    expect((await ctx.admin.orgs.saml.get(id)).status).toBe('active')
    ctx.platform.clock.advance('1d')
    expect((await ctx.admin.orgs.saml.get(id)).status).toBe('expired')
    const renewed = await ctx.admin.orgs.saml.update({
      ...id,
      certificate: certificate('renewed', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    })
    expect(renewed.status).toBe('active')
  })

  it('forgets a default team when the team is deleted, keeping the provider', async () => {
    const ctx = await setup()
    const p = await demoProvider(ctx)
    await ctx.admin.orgs.teams.delete({ organizationId: ctx.demo.acme, teamId: ctx.demo.teams.writers })
    const after = await ctx.admin.orgs.saml.get({ organizationId: ctx.demo.acme, samlProviderId: p.id })
    expect(after).not.toHaveProperty('defaultTeam')
    expect(after).toEqual(Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'defaultTeam')))
  })
})

describe('orgs.listSSOProviders', () => {
  it('lists each provider’s login for any signed-in caller, members or not', async () => {
    const ctx = await setup()
    const p = await demoProvider(ctx)
    const second = await ctx.admin.orgs.saml.create({ organizationId: ctx.demo.acme, ...provider() })
    const expected = {
      items: [
        { id: p.id, label: 'Acme Okta', startURL: p.service!.startURL },
        { id: second.id, label: 'Contoso Entra ID', startURL: second.service!.startURL },
      ],
    }
    for (const client of [ctx.admin, ctx.read, ctx.guest, ctx.outsider]) {
      expect(await client.orgs.listSSOProviders({ organizationId: ctx.demo.acme })).toEqual(expected)
    }
    expect(await ctx.admin.orgs.listSSOProviders({ organizationId: ctx.demo.globex })).toEqual({ items: [] })
  })

  it('is 404 for an unknown organization and 401 without a token', async () => {
    const { admin, anonymous, demo } = await setup()
    await rejects(admin.orgs.listSSOProviders({ organizationId: 'missing' }), NotFoundError, 'missing')
    await rejects(anonymous.orgs.listSSOProviders({ organizationId: demo.acme }), AuthenticationError)
  })
})
