import { expect } from 'vitest'
import { createClient, type Client } from '../../src/index.ts'
import type { MockPlatform } from '../../mock/index.ts'
import { failure, setup } from '../helpers.ts'

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

/** Reads every item of a list through the SDK's async iteration. */
export async function all<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of pages) out.push(item)
  return out
}

/** The IDs of the sections of a site, in the order the list returns them. */
export async function sectionOrder(client: Client, organizationId: string, siteId: string): Promise<string[]> {
  return (await all(client.sites.sections.list({ organizationId, siteId }))).map((s) => s.id)
}

/** Expects a call to fail with `status`, its message naming `fragment` (a field, an ID...). */
export async function rejects(promise: PromiseLike<unknown>, status: number, fragment?: string): Promise<void> {
  const error = await failure(promise)
  expect(error.status, error.message).toBe(status)
  if (fragment !== undefined) expect(error.message).toContain(fragment)
}

/** An SDK client for a token issued by the builders. */
export function clientFor(platform: MockPlatform, token: string): Client {
  return createClient({ token, fetch: platform.fetch, retry: 0 })
}
