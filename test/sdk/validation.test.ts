import { describe, expect, it } from 'vitest'
import { createClient, ResponseValidationError } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

/** A fetch that answers from the platform, with its JSON body changed on the way. */
function rewriting(platform: { fetch: typeof fetch }, change: (body: Record<string, unknown>) => unknown): typeof fetch {
  return async (input, init) => {
    const response = await platform.fetch(input as Request, init)
    const body = (await response.json()) as Record<string, unknown>
    return Response.json(change(body), { status: response.status, headers: response.headers })
  }
}

describe('response validation', () => {
  it('a body that breaks the schema is a ResponseValidationError with the issues, the operation and the raw body', async () => {
    const { platform, admin, space } = await world()
    const fetch = rewriting(platform, (body) => ({ ...body, title: 42, visibility: undefined }))
    const error = await rejection(createClient({ token: admin.token, fetch, retry: 0 }).spaces.get({ spaceId: space.id }))
    expect(error).toBeInstanceOf(ResponseValidationError)
    const v = error as ResponseValidationError
    expect(v.operationId).toBe('getSpaceById')
    expect((v.body as { id: string; title: unknown }).id).toBe(space.id)
    expect((v.body as { title: unknown }).title).toBe(42)
    const where = v.issues.map((i) => i.path?.map((p) => (typeof p === 'object' ? p.key : p)).join('.'))
    expect(where).toEqual(expect.arrayContaining(['title', 'visibility']))
    expect(v.message).toMatch(/^getSpaceById: response does not match its schema at (title|visibility): /)
  })

  it('a body that is not JSON is a ResponseValidationError too', async () => {
    const { admin } = await world()
    const html = async () => new Response('<html>maintenance</html>', { status: 200, headers: { 'content-type': 'text/html' } })
    const error = await rejection(createClient({ token: admin.token, fetch: html, retry: 0 }).orgs.list())
    expect(error).toMatchObject({
      name: 'ResponseValidationError',
      operationId: 'listOrganizationsForAuthenticatedUser',
      issues: [{ message: 'body is not JSON' }],
    })
  })

  it('validate: false passes the body through as the server sent it', async () => {
    const { platform, admin, space } = await world()
    const fetch = rewriting(platform, (body) => ({ ...body, title: 42 }))
    const loose = createClient({ token: admin.token, fetch, retry: 0, validate: false })
    expect(loose.options.validate).toBe(false)
    expect((await loose.spaces.get({ spaceId: space.id })).title).toBe(42)
  })

  it('fields the SDK does not know yet are kept, not refused', async () => {
    const { platform, admin, space } = await world()
    const fetch = rewriting(platform, (body) => ({ ...body, readingTime: { minutes: 4 } }))
    const got = await createClient({ token: admin.token, fetch, retry: 0 }).spaces.get({ spaceId: space.id })
    expect(got.title).toBe('Manual')
    expect((got as unknown as { readingTime: unknown }).readingTime).toEqual({ minutes: 4 })
  })

  it('values the spec gives only by example (a team role, an organization type) accept new ones', async () => {
    const { platform, admin, org } = await world()
    await createClient({ token: admin.token, fetch: platform.fetch, retry: 0 }).orgs.teams.create({
      organizationId: org.id,
      title: 'Docs',
      members: [admin.user.id],
    })
    const fetch = rewriting(platform, (body) =>
      Array.isArray(body.items)
        ? {
            ...body,
            items: body.items.map((item: Record<string, unknown>) =>
              'member' in item ? { ...item, member: { role: 'maintainer' } } : { ...item, type: 'enterprise-plus' },
            ),
          }
        : body,
    )
    const client = createClient({ token: admin.token, fetch, retry: 0 })
    const teams = await client.orgs.members.listTeams({ organizationId: org.id, userId: admin.user.id })
    expect(teams.items.map((t) => t.member.role)).toEqual(['maintainer'])
    expect((await client.orgs.list()).items.map((o) => o.type)).toEqual(['enterprise-plus'])
  })

  it('validates every item of every page of a list', async () => {
    const { platform, admin, org } = await world()
    for (const title of ['A', 'B', 'C']) await platform.builders.space({ organization: org.id, title })
    let page = 0
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const response = await platform.fetch(input as Request, init)
      const body = (await response.json()) as { items: Array<Record<string, unknown>> }
      // The second page has an item without its space.
      if (++page === 2) body.items[0] = { permission: 'admin' }
      return Response.json(body, { status: response.status })
    }
    const seen: string[] = []
    const error = await rejection(
      (async () => {
        for await (const space of createClient({ token: admin.token, fetch, retry: 0 }).orgs.members.listSpaces({
          organizationId: org.id,
          userId: admin.user.id,
          limit: 2,
        }))
          seen.push(space.space.title)
      })(),
    )
    expect(error).toMatchObject({ name: 'ResponseValidationError', operationId: 'listSpacesForOrganizationMember' })
    expect(seen).toHaveLength(2)
  })
})
