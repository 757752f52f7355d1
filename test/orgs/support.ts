import type { MockPlatform } from '../../mock/index.ts'
export { rejects, clientFor, collect } from '../helpers.ts'

/** Adds `n` members to an organization through the builders, returning their user IDs in creation order. */
export async function addMembers(platform: MockPlatform, organization: string, n: number, prefix = 'Member'): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const { user } = await platform.builders.user({ displayName: `${prefix} ${String(i).padStart(3, '0')}`, organization, role: 'read' })
    ids.push(user.id)
  }
  return ids
}
