import type { Client } from '../../src/index.ts'
export { rejects, clientFor, collect as all } from '../helpers.ts'

/** The space's `comments` count as the space reports it. */
export async function openCount(client: Client, spaceId: string): Promise<number | undefined> {
  return (await client.spaces.get({ spaceId })).comments
}

/** Bodies of a list of comments or replies, in order. */
export const bodies = (items: ReadonlyArray<{ body: { markdown?: string | undefined } }>) => items.map((c) => c.body.markdown)
