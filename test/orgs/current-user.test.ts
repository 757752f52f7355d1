import { describe, expect, it } from 'vitest'
import { createMockPlatform } from '../../mock/index.ts'
import { AuthenticationError, createClient } from '../../src/index.ts'
import { rejects } from '../helpers.ts'

describe('user.get (an addition: the live service`s current user, which the platform`s CLI reads)', () => {
  it('answers the user the token belongs to, email included, whatever their memberships', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Org' })
    const guest = await platform.builders.user({ displayName: 'Gia Guest', email: 'gia@example.com', organization: org.id, role: null })
    const loner = await platform.builders.user({ displayName: 'Lou Loner' })
    const as = (token: string | null) => createClient({ token, fetch: platform.fetch, retry: 0 })
    expect(await as(guest.token).user.get()).toEqual({
      object: 'user',
      id: guest.user.id,
      displayName: 'Gia Guest',
      email: 'gia@example.com',
      urls: { location: `https://app.docplat.dev/u/${guest.user.id}` },
    })
    expect(await as(loner.token).user.get()).toMatchObject({ id: loner.user.id, displayName: 'Lou Loner', email: 'lou.loner@example.com' })
    await rejects(as(null).user.get(), AuthenticationError)
    await rejects(as('not-a-token').user.get(), AuthenticationError)
  })
})
