import { describe, expect, it } from 'vitest'
import { createClient, DocplatError, NotFoundError } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

/** A client whose requests are recorded, answered by the platform. */
async function recording() {
  const w = await world()
  const urls: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input as Request, init)
    urls.push(request.url)
    return w.platform.fetch(request)
  }
  return { ...w, urls, sdk: createClient({ token: w.admin.token, fetch, retry: 0 }) }
}

describe('path parameters', () => {
  it('are encoded whole: a "/" cannot reach another route', async () => {
    const { sdk, urls, space } = await recording()
    const error = await rejection(sdk.spaces.get({ spaceId: `${space.id}/comments` }))
    expect(error).toBeInstanceOf(NotFoundError)
    expect(new URL(urls.at(-1)!).pathname).toBe(`/v1/spaces/${space.id}%2Fcomments`)
  })

  it('"." and ".." (which would change the path) are refused before anything is sent', async () => {
    const { sdk, urls } = await recording()
    for (const spaceId of ['..', '.']) {
      const error = await rejection(sdk.spaces.get({ spaceId }))
      expect(error).toBeInstanceOf(DocplatError)
      expect((error as Error).message).toBe(`Invalid path parameter "spaceId": ${spaceId}`)
    }
    expect(await rejection(sdk.spaces.get({ spaceId: '' }))).toMatchObject({ message: 'Missing path parameter "spaceId"' })
    expect(urls).toEqual([])
  })

  it('values with dots, query characters and unicode travel as they are', async () => {
    const { sdk, urls } = await recording()
    for (const spaceId of ['../orgs', 'a?b=c#d', 'ünïcödé-文档', 'a%2Fb', '100% sure']) {
      expect(await rejection(sdk.spaces.get({ spaceId }))).toMatchObject({ status: 404, message: `Space ${spaceId} not found` })
      expect(decodeURIComponent(new URL(urls.at(-1)!).pathname.split('/').at(-1)!)).toBe(spaceId)
    }
  })

  it('unicode and slashes in a body come back as they were sent', async () => {
    const { sdk, org } = await recording()
    const team = await sdk.orgs.teams.create({ organizationId: org.id, title: 'Équipe / 文档' })
    expect((await sdk.orgs.teams.get({ organizationId: org.id, teamId: team.id })).title).toBe('Équipe / 文档')
  })
})
