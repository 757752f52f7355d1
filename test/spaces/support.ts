import type { Client } from '../../src/index.ts'
import { clientFor, setup } from '../helpers.ts'
export { rejects, clientFor } from '../helpers.ts'

export type Demo = Awaited<ReturnType<typeof setup>>

/** A user who administers both Acme and Globex, as transfers require. */
export async function adminOfBoth(demo: Demo) {
  const { platform } = demo
  const { user, token } = await platform.builders.user({ displayName: 'Bea Both', organization: demo.demo.acme, role: 'admin' })
  await platform.builders.member(demo.demo.globex, user.id, 'admin')
  return { user, client: clientFor(platform, token) }
}

/** Titles of a collection's spaces, in listing order, across every page. */
export async function spaceTitles(client: Client, collectionId: string): Promise<string[]> {
  const titles: string[] = []
  for await (const space of client.collections.listSpaces({ collectionId })) titles.push(space.title)
  return titles
}

/** Titles of an organization's collections, in listing order, across every page. */
export async function collectionTitles(client: Client, organizationId: string, nested?: boolean): Promise<string[]> {
  const titles: string[] = []
  const params = nested === undefined ? { organizationId } : { organizationId, nested }
  for await (const collection of client.collections.list(params)) titles.push(collection.title)
  return titles
}

/** IDs of the spaces a member sees in an organization (the member's own listing). */
export async function memberSpaceIds(client: Client, organizationId: string, userId: string): Promise<string[]> {
  const ids: string[] = []
  for await (const entry of client.orgs.members.listSpaces({ organizationId, userId })) ids.push(entry.space.id)
  return ids
}
