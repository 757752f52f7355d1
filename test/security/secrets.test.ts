import { describe, expect, it } from 'vitest'
import { jwtVerify } from 'jose'
import { createMockPlatform, type MockPlatformOptions } from '../../mock/index.ts'
import { createClient, NotFoundError } from '../../src/index.ts'
import { rejects } from '../helpers.ts'

/**
 * Secrets nobody can guess: share keys, visitor signing secrets and the tokens of users built at
 * run time come from `crypto.getRandomValues`, not from the seeded stream that makes public IDs.
 * Two platforms with the same seed that do the same things get the same IDs and different
 * secrets; `deterministicSecrets: true` makes the secrets repeat too, for fixtures.
 */

/** An organization with a share-link space on a site, a share link made through the API, and an outsider. */
async function world(options: MockPlatformOptions = {}) {
  const platform = createMockPlatform({ scenario: 'empty', seed: 'same', freeze: true, ...options })
  await platform.ready
  const b = platform.builders
  const org = await b.organization({ title: 'Acme' })
  const admin = await b.user({ displayName: 'Ada', organization: org.id, role: 'admin' })
  const space = await b.space({ organization: org.id, title: 'Partners', visibility: 'share-link' })
  const site = await b.site({ organization: org.id, title: 'Portal', visibility: 'share-link' })
  await b.siteSpace({ site: site.id, space: space.id })
  const other = await b.organization({ title: 'Globex' })
  const outsider = await b.user({ displayName: 'Olga', organization: other.id, role: 'admin' })
  const client = (token: string) => createClient({ token, fetch: platform.fetch, retry: 0 })
  const created = await client(admin.token).sites.shareLinks.create({ organizationId: org.id, siteId: site.id, name: 'Partners' })
  // The key travels in the link's published URL; the table holds it as is.
  const link = { id: created.id, key: platform.db.shareLinks.get(created.id)!.key }
  // The attack: the outsider makes IDs in their own organization after the link.
  const collection = await client(outsider.token).collections.create({ organizationId: other.id, title: 'Probe' })
  return { platform, org, space, site, link, collection, admin, outsider, client }
}

describe('secrets from a cryptographic source', () => {
  it('gives two platforms with the same seed the same IDs but different share keys, tokens and signing secrets', async () => {
    const a = await world()
    const b = await world()
    expect([a.org.id, a.space.id, a.site.id, a.link.id, a.collection.id]).toEqual([
      b.org.id,
      b.space.id,
      b.site.id,
      b.link.id,
      b.collection.id,
    ])
    expect(a.link.key).toMatch(/^[A-Za-z0-9]{24}$/)
    expect(a.link.key).not.toBe(b.link.key)
    expect(a.admin.token).not.toBe(b.admin.token)
    expect(a.admin.token).toMatch(/^dpt_[A-Za-z0-9]{32}$/)
    expect(a.platform.db.organizations.get(a.org.id)!.visitorSecret).not.toBe(b.platform.db.organizations.get(b.org.id)!.visitorSecret)
  })

  it('opens a share-link space only with the key, which another platform of the same seed cannot reproduce', async () => {
    const a = await world()
    const b = await world()
    const outsider = a.client(a.outsider.token)
    await rejects(outsider.spaces.get({ spaceId: a.space.id }), NotFoundError)
    expect((await outsider.spaces.get({ spaceId: a.space.id, shareKey: a.link.key })).id).toBe(a.space.id)
    // What the attacker did: replay the stream elsewhere and try its values as keys.
    await rejects(outsider.spaces.get({ spaceId: a.space.id, shareKey: b.link.key }), NotFoundError)
  })

  it('signs visitor tokens with a secret outside the ID stream', async () => {
    const a = await world()
    const b = await world()
    const ping = async (w: typeof a) => (await w.client(w.admin.token).orgs.ping({ organizationId: w.org.id })).serviceVisitorClaims!
    const token = await ping(a)
    const secretOf = (w: typeof a) => new TextEncoder().encode(w.platform.db.organizations.get(w.org.id)!.visitorSecret)
    // Platform time is frozen in January 2026: verify at that time.
    const at = { currentDate: new Date(a.platform.clock.now()) }
    await expect(jwtVerify(token, secretOf(a), at)).resolves.toBeDefined()
    await expect(jwtVerify(token, secretOf(b), at)).rejects.toThrow(/signature verification failed/)
  })

  it('repeats every secret with deterministicSecrets: true, and keeps the IDs of the default', async () => {
    const a = await world({ deterministicSecrets: true })
    const b = await world({ deterministicSecrets: true })
    const random = await world()
    expect(a.link.key).toBe(b.link.key)
    expect(a.admin.token).toBe(b.admin.token)
    expect(a.platform.db.organizations.get(a.org.id)!.visitorSecret).toBe(b.platform.db.organizations.get(b.org.id)!.visitorSecret)
    // The secrets have a stream of their own: asking for determinism changes no public ID.
    expect([a.org.id, a.link.id, a.collection.id]).toEqual([random.org.id, random.link.id, random.collection.id])
    expect(a.link.key).not.toBe(random.link.key)
  })

  it('keeps the secrets through a snapshot, and a deterministic stream where it was', async () => {
    const a = await world()
    const snapshot = a.platform.snapshot()
    // A restart from a state file: a new platform, then the file's state.
    const restarted = createMockPlatform({ scenario: 'empty', seed: 'same' })
    await restarted.restore(JSON.parse(JSON.stringify(snapshot)))
    const outsider = createClient({ token: a.outsider.token, fetch: restarted.fetch, retry: 0 })
    expect((await outsider.spaces.get({ spaceId: a.space.id, shareKey: a.link.key })).id).toBe(a.space.id)
    expect(restarted.db.organizations.get(a.org.id)!.visitorSecret).toBe(a.platform.db.organizations.get(a.org.id)!.visitorSecret)

    const d = await world({ deterministicSecrets: true })
    const saved = d.platform.snapshot()
    expect(saved.secrets).toHaveLength(4)
    const first = await d.client(d.admin.token).sites.shareLinks.create({ organizationId: d.org.id, siteId: d.site.id, name: 'Next' })
    const firstKey = d.platform.db.shareLinks.get(first.id)!.key
    const keyOf = (_id: string) => firstKey
    await d.platform.restore(saved)
    const again = await d.client(d.admin.token).sites.shareLinks.create({ organizationId: d.org.id, siteId: d.site.id, name: 'Next' })
    expect(d.platform.db.shareLinks.get(again.id)!.key).toBe(keyOf(first.id))
    expect(snapshot.secrets).toBeUndefined()
  })

  it('derives the named scenario tokens from the seed, or makes them fresh with scenarioTokens: random', async () => {
    const seeded = [createMockPlatform({ scenario: 'demo' }), createMockPlatform({ scenario: 'demo' })]
    expect(seeded[0]!.tokens.admin).toBe(seeded[1]!.tokens.admin)
    const fresh = [
      createMockPlatform({ scenario: 'demo', scenarioTokens: 'random' }),
      createMockPlatform({ scenario: 'demo', scenarioTokens: 'random' }),
    ]
    await Promise.all(fresh.map((p) => p.ready))
    expect(fresh[0]!.tokens.admin).toMatch(/^dpt_admin_[A-Za-z0-9]{24}$/)
    expect(fresh[0]!.tokens.admin).not.toBe(fresh[1]!.tokens.admin)
    expect(fresh[0]!.tokens.admin).not.toBe(seeded[0]!.tokens.admin)
    const admin = createClient({ token: fresh[0]!.tokens.admin!, fetch: fresh[0]!.fetch, retry: 0 })
    expect((await admin.orgs.list()).items.map((o) => o.title)).toEqual(['Acme'])
    // The well-known token of the default seed opens nothing there.
    const known = createClient({ token: seeded[0]!.tokens.admin!, fetch: fresh[0]!.fetch, retry: 0 })
    await expect(known.orgs.list()).rejects.toMatchObject({ status: 401 })
  })
})
