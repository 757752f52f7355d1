import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  AuthenticationError,
  createCore,
  DocplatError,
  InternalServerError,
  NotFoundError,
  request,
  ResponseValidationError,
} from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

describe('client.request: any path under the base URL', () => {
  it('sends the client token and base URL, encodes the query, and answers the parsed JSON as unknown', async () => {
    const { client, org, platform } = await world()
    const page = await client().request({ method: 'GET', path: '/v1/orgs', query: { limit: 1, missing: undefined } })
    expect(page).toMatchObject({ items: [{ id: org.id, title: 'Initech' }], count: 1 })
    const [logged] = platform.requests.ofOperation('listOrganizationsForAuthenticatedUser')
    expect(new URL(logged!.url).search).toBe('?limit=1')
    // The token went with it: the same call without one is refused.
    expect(await rejection(client({ token: null }).request({ method: 'GET', path: '/v1/orgs' }))).toBeInstanceOf(AuthenticationError)
  })

  it('validates with a Standard Schema (zod) as an operation does, and types the result', async () => {
    const { client, org } = await world()
    const schema = z.object({ id: z.string(), title: z.string() })
    const got: { id: string; title: string } = await client().request({ method: 'GET', path: `/v1/orgs/${org.id}`, schema })
    expect(got).toEqual({ id: org.id, title: 'Initech' })
    const wrong = await rejection(client().request({ method: 'GET', path: `/v1/orgs/${org.id}`, schema: z.object({ plan: z.number() }) }))
    expect(wrong).toBeInstanceOf(ResponseValidationError)
    expect(wrong).toMatchObject({ operationId: `GET /v1/orgs/${org.id}`, issues: [{ path: ['plan'] }] })
    // validate: false hands the body over unchecked, as for operations.
    expect(
      await client({ validate: false }).request({ method: 'GET', path: `/v1/orgs/${org.id}`, schema: z.object({ plan: z.number() }) }),
    ).toMatchObject({ id: org.id })
  })

  it('sends a JSON body and gives the same error classes, with the request id', async () => {
    const { client, org, platform } = await world()
    const created = await client().request({ method: 'POST', path: `/v1/orgs/${org.id}/collections`, body: { title: 'Guides' } })
    expect(created).toMatchObject({ object: 'collection', title: 'Guides' })
    expect(platform.requests.ofOperation('createCollection').map((r) => r.body)).toMatchObject([{ title: 'Guides' }])
    const missing = await rejection(client().request({ method: 'GET', path: '/v1/spaces/nope' }))
    expect(missing).toBeInstanceOf(NotFoundError)
    expect((missing as NotFoundError).requestId).toMatch(/^req_/)
    const anonymous = await rejection(client({ token: 'dpt_unknown' }).request({ method: 'GET', path: '/v1/orgs' }))
    expect(anonymous).toBeInstanceOf(AuthenticationError)
  })

  it('an empty answer is undefined; .withResponse() gives the response', async () => {
    const { client, org } = await world()
    const collection = (await client().request({ method: 'POST', path: `/v1/orgs/${org.id}/collections`, body: { title: 'Old' } })) as {
      id: string
    }
    const { data, response } = await client()
      .request({ method: 'DELETE', path: `/v1/collections/${collection.id}` })
      .withResponse()
    expect(data).toBeUndefined()
    expect(response.status).toBeGreaterThanOrEqual(200)
    expect(response.status).toBeLessThan(300)
  })

  it('retries GET, PUT, DELETE on a 503; never a POST or PATCH once sent', async () => {
    const { client, org, space, platform } = await world()
    platform.faults.add({ operationId: 'getSpaceById', status: 503, times: 1 })
    expect(await client().request({ method: 'GET', path: `/v1/spaces/${space.id}` })).toMatchObject({ title: 'Manual' })
    expect(platform.requests.ofOperation('getSpaceById').map((r) => r.status)).toEqual([503, 200])

    platform.faults.add({ operationId: 'createCollection', status: 503, times: 1 })
    expect(
      await rejection(client().request({ method: 'POST', path: `/v1/orgs/${org.id}/collections`, body: { title: 'Once' } })),
    ).toBeInstanceOf(InternalServerError)
    expect(platform.requests.ofOperation('createCollection').map((r) => r.status)).toEqual([503])

    platform.faults.add({ operationId: 'updateSpaceById', status: 503, times: 1 })
    expect(await rejection(client().request({ method: 'PATCH', path: `/v1/spaces/${space.id}`, body: { title: 'X' } }))).toBeInstanceOf(
      InternalServerError,
    )
    expect(platform.requests.ofOperation('updateSpaceById').map((r) => r.status)).toEqual([503])
  })

  it('a POST is retried when the connection was never made', async () => {
    const { platform, org } = await world()
    let calls = 0
    const core = createCore({
      token: 'dpt_admin',
      retry: { limit: 2, delay: () => 0 },
      fetch: async (req, init) => {
        if (++calls === 1)
          throw new TypeError('fetch failed', {
            cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
          })
        return platform.fetch(req, init)
      },
    })
    await rejection(request(core, { method: 'POST', path: `/v1/orgs/${org.id}/collections`, body: { title: 'Twice?' } }))
    expect(calls).toBe(2)
    expect(platform.requests.ofOperation('createCollection')).toHaveLength(1)
  })

  it('keeps a path that looks like a URL under the base URL', async () => {
    const { client, platform } = await world()
    for (const path of ['/http:evil.example/v1', '/a:b', '/mailto:x@example.com']) {
      expect(await rejection(client().request({ method: 'GET', path })), path).toBeInstanceOf(NotFoundError)
    }
    expect(platform.requests.all().map((r) => r.url)).toEqual([
      'https://api.docplat.dev/http:evil.example/v1',
      'https://api.docplat.dev/a:b',
      'https://api.docplat.dev/mailto:x@example.com',
    ])
  })

  it('refuses paths that leave the base URL, before sending anything', async () => {
    const { client, platform } = await world()
    for (const path of [
      'https://evil.example/v1/orgs',
      '//evil.example/v1',
      'v1/orgs',
      '/v1/../../x',
      '/v1/%2e%2e/x',
      '/v1/orgs?limit=1',
      '/a\\b',
    ]) {
      const error = await rejection(client().request({ method: 'GET', path }))
      expect(error, path).toBeInstanceOf(DocplatError)
      expect((error as Error).message, path).toMatch(/^Invalid path/)
    }
    await fc.assert(
      fc.asyncProperty(fc.string(), async (path) => {
        const error = await client()
          .request({ method: 'GET', path })
          .then(
            () => undefined,
            (e: unknown) => e,
          )
        // Whatever the path, the answer is a DocplatError or a result: never a request elsewhere.
        if (error !== undefined) expect(error).toBeInstanceOf(DocplatError)
      }),
      { numRuns: 200 },
    )
    expect(
      platform.requests
        .all()
        .map((r) => new URL(r.url).origin)
        .filter((o) => o !== 'https://api.docplat.dev'),
    ).toEqual([])
  })

  it('refuses an unknown method', async () => {
    const { client } = await world()
    const error = await rejection(client().request({ method: 'TRACE' as 'GET', path: '/v1/orgs' }))
    expect((error as Error).message).toMatch(/^Invalid method "TRACE"/)
  })
})
