// An app that uses the full namespaced client.
import { createClient } from '../../src/index.ts'

const client = createClient({ token: 'token' })
export const spaces = await client.collections.listSpaces({ collectionId: 'collection-id' })
