import { createMockPlatform, type MockPlatform } from '../../mock/index.ts'

/** An empty platform with one organization, one admin and one space (in a collection). */
export async function world(): Promise<{ platform: MockPlatform; token: string; org: string; space: string }> {
  const platform = createMockPlatform({ scenario: 'empty' })
  await platform.ready
  const org = await platform.builders.organization({ title: 'Native' })
  const { token } = await platform.builders.user({ organization: org.id, role: 'admin' })
  const collection = await platform.builders.collection({ organization: org.id, title: 'Docs' })
  const space = await platform.builders.space({ organization: org.id, parent: collection.id, title: 'Guide' })
  return { platform, token, org: org.id, space: space.id }
}
