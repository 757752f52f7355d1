import { describe, expect, it } from 'vitest'
import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'
import { clientFor } from './support.ts'

/**
 * A page of members is presented once and kept until the next write (mock/derived/pages/): every
 * kind of write that changes what a member shows must be seen by the next page. The oracle is a
 * platform that never answered the page: restored from a snapshot of the same state, it presents
 * the page afresh.
 */
async function world(seed?: string) {
  const platform = createMockPlatform({ scenario: 'empty', seed })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Acme' })
  const admin = await platform.builders.user({ displayName: 'Ada Admin', email: 'ada@acme.test', organization: org.id, role: 'admin' })
  const others: string[] = []
  for (let i = 0; i < 5; i++) {
    const { user } = await platform.builders.user({
      displayName: `Member ${i}`,
      email: `m${i}@acme.test`,
      organization: org.id,
      role: 'read',
    })
    others.push(user.id)
  }
  const guest = await platform.builders.user({ displayName: 'Gus Guest', email: 'gus@acme.test', organization: org.id, role: null })
  return { platform, org: org.id, admin, others, guest: guest.user.id, client: clientFor(platform, admin.token) }
}

/** The page's body as this platform answers it now. */
async function page(platform: MockPlatform, token: string, path: string): Promise<unknown> {
  const response = await platform.fetch(new Request(`https://api.docplat.dev${path}`, { headers: { authorization: `Bearer ${token}` } }))
  const body: unknown = await response.json()
  expect([response.status, body]).toEqual([200, expect.anything()])
  return body
}

/** The same page on a platform that starts from a snapshot of `platform`'s state and never kept a page. */
async function fresh(platform: MockPlatform, token: string, path: string): Promise<unknown> {
  const other = createMockPlatform({ scenario: 'empty' })
  await other.ready
  await other.restore(platform.snapshot())
  return page(other, token, path)
}

describe('a page of members kept between requests', () => {
  it('answers the same page again while nothing is written', async () => {
    const { platform, org, admin } = await world()
    const path = `/v1/orgs/${org}/members?limit=3`
    const first = await page(platform, admin.token, path)
    expect(await page(platform, admin.token, path)).toEqual(first)
    expect(await fresh(platform, admin.token, path)).toEqual(first)
  })

  it('sees every kind of write on the next page: role, user, spaces, teams, members, direct table writes', async () => {
    const { platform, org, admin, others, guest, client } = await world()
    const paths = [
      `/v1/orgs/${org}/members`,
      `/v1/orgs/${org}/members?limit=2`,
      `/v1/orgs/${org}/members?sort=name&order=asc&limit=4`,
      `/v1/orgs/${org}/members?role=read`,
    ]
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['a role changed through the API', () => client.orgs.members.update({ organizationId: org, userId: others[0]!, role: 'edit' })],
      [
        'a user renamed in the table',
        async () => platform.db.users.update(platform.db.users.get(others[1]!)!, { displayName: 'Aaron Renamed' }),
      ],
      ['a space created (every full member sees one more)', () => platform.builders.space({ organization: org, title: 'New' })],
      [
        'a team with members (their team counts)',
        () => platform.builders.team({ organization: org, title: 'Writers', members: [others[2]!, guest] }),
      ],
      ['a member added', () => platform.builders.user({ displayName: 'Zed New', organization: org, role: 'read' })],
      ['a member removed through the API', () => client.orgs.members.remove({ organizationId: org, userId: others[3]! })],
      [
        'a member disabled in the table',
        async () => platform.db.members.update(platform.db.members.get(`${org}:${others[4]!}`)!, { disabled: true }),
      ],
    ]
    for (const path of paths) await page(platform, admin.token, path)
    for (const [what, write] of writes) {
      const before = await Promise.all(paths.map((path) => page(platform, admin.token, path)))
      await write()
      for (const [i, path] of paths.entries()) {
        const after = await page(platform, admin.token, path)
        expect(after, `${what}: ${path}`).toEqual(await fresh(platform, admin.token, path))
        // Every write above changes the first page of the whole list.
        if (i === 0) expect(after, what).not.toEqual(before[i])
      }
    }
  })

  it('sees a reset and a restore, and pages of different platforms never mix', async () => {
    const a = await world()
    const b = await world('another seed')
    const path = `/v1/orgs/${a.org}/members`
    const before = await page(a.platform, a.admin.token, path)
    const snapshot = a.platform.snapshot()
    await a.client.orgs.members.update({ organizationId: a.org, userId: a.others[0]!, role: 'edit' })
    const changed = await page(a.platform, a.admin.token, path)
    expect(changed).not.toEqual(before)
    await a.platform.restore(snapshot)
    expect(await page(a.platform, a.admin.token, path)).toEqual(before)
    // b's organization has other IDs: its own pages, whatever a's kept.
    expect(await page(b.platform, b.admin.token, `/v1/orgs/${b.org}/members`)).not.toEqual(before)
  })

  it('keeps checking who asks: a guest is refused the page an admin was given', async () => {
    const { platform, org, admin } = await world()
    const path = `/v1/orgs/${org}/members`
    await page(platform, admin.token, path)
    const guestToken = (await platform.builders.user({ displayName: 'Another', organization: org, role: null })).token
    const response = await platform.fetch(
      new Request(`https://api.docplat.dev${path}`, { headers: { authorization: `Bearer ${guestToken}` } }),
    )
    expect(response.status).toBe(403)
  })
})
