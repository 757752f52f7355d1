import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createCore, DocplatError, ListLimitError, listMembersInOrganizationById } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

/** The fixture's organization with `extra` more members besides its admin. */
async function orgWithMembers(extra: number) {
  const w = await world()
  for (let i = 1; i <= extra; i++) await w.platform.builders.user({ displayName: `Member ${i}`, organization: w.org.id, role: 'read' })
  w.platform.requests.clear()
  return w
}

describe('withResponse() gives the request id beside the data and the response', () => {
  it('on a call, a list and its own id each time', async () => {
    const w = await world()
    const { org, space } = w
    const client = w.client()
    const first = await client.spaces.get({ spaceId: space.id }).withResponse()
    expect(first.data.title).toBe('Manual')
    expect(first.response.status).toBe(200)
    expect(first.requestId).toMatch(/^req_\d+$/)
    expect(first.requestId).toBe(first.response.headers.get('x-request-id'))

    const list = await client.orgs.members.list({ organizationId: org.id }).withResponse()
    expect(list.data.items.map((m) => m.user.displayName)).toEqual(['Ines Admin'])
    expect(list.requestId).toMatch(/^req_\d+$/)
    expect(list.requestId).not.toBe(first.requestId)
  })

  it('is undefined when the server sends no x-request-id', async () => {
    const { client, platform, space } = await world()
    const stripped = async (input: Request | string | URL, init?: RequestInit) => {
      const response = await platform.fetch(input, init)
      const headers = new Headers(response.headers)
      headers.delete('x-request-id')
      return new Response(await response.text(), { status: response.status, headers })
    }
    const { data, requestId } = await client({ fetch: stripped }).spaces.get({ spaceId: space.id }).withResponse()
    expect(data.id).toBe(space.id)
    expect(requestId).toBeUndefined()
  })
})

describe('toArray({ limit }) collects a whole list, never part of it', () => {
  it('returns every item across pages, in the list order', async () => {
    const { client: clientOf, org, platform } = await orgWithMembers(6)
    const client = clientOf()
    const list = () => client.orgs.members.list({ organizationId: org.id, limit: 2, sort: 'name', order: 'asc' })
    const walked: string[] = []
    for await (const member of list()) walked.push(String(member.user.displayName))
    platform.requests.clear()

    const members = await list().toArray({ limit: 7 })
    expect(members.map((m) => String(m.user.displayName))).toEqual(walked)
    expect(walked).toHaveLength(7)
    // 7 items, 2 a page.
    expect(platform.requests.ofOperation('listMembersInOrganizationById')).toHaveLength(4)
  })

  it('works on the standalone functions too', async () => {
    const { admin, org, platform } = await orgWithMembers(2)
    const core = createCore({ token: admin.token, fetch: platform.fetch })
    const members = await listMembersInOrganizationById(core, { organizationId: org.id, limit: 1 }).toArray({ limit: 3 })
    expect(members).toHaveLength(3)
  })

  it('a list longer than the limit fails with ListLimitError on the first page, fetching no more', async () => {
    const { client, org, platform } = await orgWithMembers(6)
    const error = await rejection(client().orgs.members.list({ organizationId: org.id, limit: 2 }).toArray({ limit: 6 }))
    expect(error).toBeInstanceOf(ListLimitError)
    expect(error).toBeInstanceOf(DocplatError)
    expect(error).toMatchObject({ name: 'ListLimitError', limit: 6, count: 7 })
    expect((error as Error).message).toBe(
      'The list holds 7 items, more than the limit of 6 given to toArray({ limit }): raise the limit, narrow the list with its filters, or walk it with for await.',
    )
    expect(platform.requests.ofOperation('listMembersInOrganizationById')).toHaveLength(1)
  })

  it('counts the items themselves when a server understates count, and stops at the page that passes the limit', async () => {
    const { client, org, platform } = await orgWithMembers(6)
    const understating = async (input: Request | string | URL, init?: RequestInit) => {
      const response = await platform.fetch(input, init)
      const body = (await response.json()) as { count: number }
      return Response.json({ ...body, count: 0 }, { status: response.status, headers: response.headers })
    }
    const error = await rejection(
      client({ fetch: understating }).orgs.members.list({ organizationId: org.id, limit: 2 }).toArray({ limit: 3 }),
    )
    expect(error).toMatchObject({ name: 'ListLimitError', limit: 3, count: 4 })
    expect(platform.requests.ofOperation('listMembersInOrganizationById')).toHaveLength(2)
  })

  it('refuses a missing or invalid limit with a RangeError naming it, sending nothing', async () => {
    const w = await world()
    const { org, platform } = w
    const client = w.client()
    const invalid = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.integer({ max: 0 }),
      fc.double().filter((n) => !Number.isSafeInteger(n)),
      fc.constantFrom(Number.MAX_SAFE_INTEGER + 1, Infinity, NaN),
      fc.string(),
      fc.boolean(),
    )
    await fc.assert(
      fc.asyncProperty(invalid, async (limit) => {
        const error = await rejection(client.orgs.members.list({ organizationId: org.id }).toArray({ limit } as { limit: number }))
        expect(error).toBeInstanceOf(RangeError)
        expect((error as Error).message).toMatch(/^toArray\(\{ limit \}\) needs a limit, a whole number of items of at least 1 \(got /)
      }),
    )
    const missing = await rejection((client.orgs.members.list({ organizationId: org.id }).toArray as () => Promise<unknown>)())
    expect(missing).toBeInstanceOf(RangeError)
    expect(platform.requests.ofOperation('listMembersInOrganizationById')).toHaveLength(0)
  })
})
