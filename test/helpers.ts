import { expect } from 'vitest'
import { APIError, createClient, type Client } from '../src/index.ts'
import { createMockPlatform, type MockPlatform, type MockPlatformOptions } from '../mock/index.ts'

export type DemoRole = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest' | 'outsider'

/** A fresh demo platform and one SDK client per demo role, all through `platform.fetch`. */
export async function setup(options: MockPlatformOptions = {}) {
  const platform = createMockPlatform({ scenario: 'demo', ...options })
  await platform.ready
  const as = (role: DemoRole): Client => createClient({ token: platform.tokens[role]!, fetch: platform.fetch, retry: 0 })
  const anonymous = createClient({ token: null, fetch: platform.fetch, retry: 0 })
  const clients = Object.fromEntries(
    (['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'] as const).map((r) => [r, as(r)]),
  ) as Record<DemoRole, Client>
  return { platform, ...clients, as, anonymous, demo: await demoIds(platform) }
}

/** IDs of the demo's named things, looked up by title through the tables. */
async function demoIds(platform: MockPlatform) {
  const db = platform.db
  const byTitle = <T extends { title: string; id: string }>(items: Iterable<T>, title: string): string => {
    for (const item of items) if (item.title === title) return item.id
    throw new Error(`demo has no ${title}`)
  }
  const userId = (name: string) => {
    for (const u of db.users.all()) if (u.displayName === name) return u.id
    throw new Error(`demo has no user ${name}`)
  }
  return {
    acme: byTitle(db.organizations.all(), 'Acme'),
    globex: byTitle(db.organizations.all(), 'Globex'),
    users: {
      admin: userId('Ada Admin'),
      create: userId('Carl Creator'),
      review: userId('Rita Reviewer'),
      edit: userId('Eddie Editor'),
      comment: userId('Cora Commenter'),
      read: userId('Reed Reader'),
      guest: userId('Gus Guest'),
      outsider: userId('Olga Outsider'),
    },
    teams: { writers: byTitle(db.teams.all(), 'Writers'), reviewers: byTitle(db.teams.all(), 'Reviewers') },
    collections: {
      product: byTitle(db.collections.all(), 'Product'),
      api: byTitle(db.collections.all(), 'API'),
      internal: byTitle(db.collections.all(), 'Internal'),
    },
    spaces: {
      guide: byTitle(db.spaces.all(), 'Getting Started'),
      reference: byTitle(db.spaces.all(), 'API Reference'),
      changelog: byTitle(db.spaces.all(), 'Changelog'),
      partners: byTitle(db.spaces.all(), 'Partner Guide'),
      customers: byTitle(db.spaces.all(), 'Customer Portal'),
      handbook: byTitle(db.spaces.all(), 'Employee Handbook'),
      roadmap: byTitle(db.spaces.all(), 'Roadmap'),
      archive: byTitle(db.spaces.all(), 'Old Archive'),
      globexDocs: byTitle(db.spaces.all(), 'Globex Internal'),
      globexPublic: byTitle(db.spaces.all(), 'Globex Public Docs'),
    },
    invites: [...db.invites.all()].map((i) => i.id),
  }
}

/** Awaits a call expected to fail and returns the error (fails the test when it succeeds). */
export async function failure(promise: PromiseLike<unknown>): Promise<Error & { status?: number; message: string }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { status?: number }
  }
  throw new Error('expected the call to fail, but it succeeded')
}

/**
 * Awaits a call expected to fail with an API error: `expected` is the status or the error class;
 * the body's `error.code` must equal the status, and the message must mention `mention` (the
 * field it names) when given.
 */
export async function rejects(
  promise: PromiseLike<unknown>,
  expected: number | (abstract new (...args: never[]) => APIError),
  mention?: string | RegExp,
): Promise<APIError> {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(APIError)
  const api = error as APIError
  if (typeof expected === 'number') expect(api.status, api.message).toBe(expected)
  else expect(api).toBeInstanceOf(expected)
  expect(api.code).toBe(api.status)
  if (typeof mention === 'string') expect(api.message).toContain(mention)
  else if (mention) expect(api.message).toMatch(mention)
  return api
}

/** A client for a token the test made with the builders. */
export function clientFor(platform: MockPlatform, token: string): Client {
  return createClient({ token, fetch: platform.fetch, retry: 0 })
}

/** Every item of a list, across pages. */
export async function collect<T>(list: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of list) out.push(item)
  return out
}

/** The demo platform with the IDs of its sites and their parts, looked up through the tables. */
export async function setupSites() {
  const env = await setup()
  const db = env.platform.db
  const site = (title: string) => {
    for (const s of db.sites.all()) if (s.title === title) return s.id
    throw new Error(`demo has no site ${title}`)
  }
  const section = (siteId: string, title: string) => {
    for (const s of db.siteSections.all()) if (s.site === siteId && s.title === title) return s.id
    throw new Error(`demo has no section ${title}`)
  }
  const docs = site('Acme Docs')
  const portal = site('Partner Portal')
  const globexDocs = site('Globex Docs')
  const links = [...db.shareLinks.all()].filter((l) => l.site === portal)
  const key = (name: string) => links.find((l) => l.name === name)!.key
  return {
    ...env,
    sites: {
      docs,
      portal,
      globexDocs,
      guides: section(docs, 'Guides'),
      changelog: section(docs, 'Changelog'),
      partnerGuide: section(portal, 'Partner Guide'),
      updates: [...db.siteSectionGroups.all()].find((g) => g.title === 'Updates')!.id,
      activeKey: key('Launch partners'),
      inactiveKey: key('Former reseller'),
    },
  }
}

/** The IDs of the sections of a site, in the order the list returns them. */
export async function sectionOrder(client: Client, organizationId: string, siteId: string): Promise<string[]> {
  return (await collect(client.sites.sections.list({ organizationId, siteId }))).map((s) => s.id)
}
