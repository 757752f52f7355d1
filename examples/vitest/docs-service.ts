import { createClient } from 'docplat'

/**
 * The code under test: an app module that builds its own client with the global `fetch` and the
 * platform's real base URL, as production code does. It has no hook for a fake; `setupServer`
 * answers its requests all the same.
 */
export function createDocsService(token: string) {
  const client = createClient({ token })
  return {
    /** Titles of a collection's spaces, across every page. */
    async spaceTitles(collectionId: string): Promise<string[]> {
      const titles: string[] = []
      for await (const space of client.collections.listSpaces({ collectionId, limit: 1 })) titles.push(space.title)
      return titles
    },
    /** Renames a space; resolves to the title the platform stored. */
    async renameSpace(spaceId: string, title: string): Promise<string> {
      return (await client.spaces.update({ spaceId, title })).title
    },
  }
}
