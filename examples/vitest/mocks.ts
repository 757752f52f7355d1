import { createMockPlatform } from 'docplat/mock'
import { setupServer } from 'msw/node'

/**
 * The whole platform, in memory, with the demo data: two organizations, a user per role
 * (`platform.tokens.admin`, `.edit`, `.read`...), collections, spaces, content.
 */
export const platform = createMockPlatform({ scenario: 'demo' })

/** MSW answers every request to `platform.baseUrl` from the platform, whoever sends it. */
export const server = setupServer(...platform.handlers)

/** The ID of a demo space or collection, by title (stable: the demo is seeded). */
export async function demoId(table: 'spaces' | 'collections', title: string): Promise<string> {
  await platform.ready
  for (const record of platform.db[table].all()) if (record.title === title) return record.id
  throw new Error(`The demo has no ${table} titled "${title}"`)
}
