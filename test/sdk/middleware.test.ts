import { describe, expect, it } from 'vitest'
import { ConnectionError, DocplatError, InternalServerError, NotFoundError, type CallInfo, type Middleware } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

describe('middleware', () => {
  it('onRequest sees the operation id, parameters and attempt, and can set headers; never the token', async () => {
    const { client, space, platform, admin } = await world()
    const seen: Array<{
      operationId: string | undefined
      params: unknown
      attempt: number
      method: string
      path: string
      headers: Record<string, string>
    }> = []
    const sent: Array<string | null> = []
    const tracing: Middleware = {
      onRequest(call) {
        seen.push({
          operationId: call.operationId,
          params: call.params,
          attempt: call.attempt,
          method: call.method,
          path: call.url.pathname,
          headers: Object.fromEntries(call.headers),
        })
        call.headers.set('x-trace', `t-${call.attempt}`)
      },
    }
    const traced = client({
      middleware: [tracing],
      fetch: (request, init) => {
        sent.push(request.headers.get('x-trace'))
        return platform.fetch(request, init)
      },
    })
    platform.faults.add({ operationId: 'updateSpaceById', status: 503, times: 1 })
    await traced.spaces.update({ spaceId: space.id, title: 'Renamed' })
    expect(seen.map(({ headers, ...rest }) => rest)).toEqual([
      {
        operationId: 'updateSpaceById',
        params: { spaceId: space.id, title: 'Renamed' },
        attempt: 1,
        method: 'PATCH',
        path: `/v1/spaces/${space.id}`,
      },
      {
        operationId: 'updateSpaceById',
        params: { spaceId: space.id, title: 'Renamed' },
        attempt: 2,
        method: 'PATCH',
        path: `/v1/spaces/${space.id}`,
      },
    ])
    expect(sent).toEqual(['t-1', 't-2'])
    expect(seen[0]!.headers).not.toHaveProperty('authorization')
    expect(JSON.stringify(seen)).not.toContain(admin.token)
  })

  it('onResponse sees each answer; onError the error the call rejects with', async () => {
    const { client, platform } = await world()
    const events: string[] = []
    const watch: Middleware = {
      onResponse: (call, response) => void events.push(`${call.operationId} ${call.attempt} ${response.status}`),
      onError: (call, error) => void events.push(`${call.operationId} failed: ${error.name} ${(error as NotFoundError).requestId}`),
    }
    platform.faults.add({ operationId: 'getSpaceById', status: 500, times: 1 })
    const error = await rejection(client({ middleware: [watch] }).spaces.get({ spaceId: 'nope' }))
    expect(error).toBeInstanceOf(NotFoundError)
    expect(events).toEqual([
      'getSpaceById 1 500',
      'getSpaceById 2 404',
      `getSpaceById failed: NotFoundError ${(error as NotFoundError).requestId}`,
    ])
  })

  it('client.request calls show no operation id and { query, body } as parameters', async () => {
    const { client, org } = await world()
    const calls: CallInfo[] = []
    await client({ middleware: [{ onRequest: (call) => void calls.push(call) }] }).request({
      method: 'GET',
      path: '/v1/orgs',
      query: { limit: 5 },
    })
    expect(calls.map((c) => [c.operationId, c.params, c.url.search])).toEqual([
      [undefined, { query: { limit: 5 }, body: undefined }, '?limit=5'],
    ])
    expect(org.id).toBeTruthy()
  })

  it('shouldRetry can retry what the SDK would not (a POST made safe), or stop a retry it would make', async () => {
    const { client, org, platform, space } = await world()
    const decisions: Array<[string | undefined, string, boolean]> = []
    const policy: Middleware = {
      shouldRetry(call, error, retry) {
        decisions.push([call.operationId, error.name, retry])
        if (call.operationId === 'createCollection' && error instanceof InternalServerError) return true
        if (call.operationId === 'getSpaceById') return false
        return undefined
      },
    }
    const custom = client({ middleware: [policy] })
    platform.faults.add({ operationId: 'createCollection', status: 503, times: 1 })
    expect((await custom.collections.create({ organizationId: org.id, title: 'Safe' })).title).toBe('Safe')
    expect(platform.requests.ofOperation('createCollection').map((r) => r.status)).toEqual([503, 201])
    platform.faults.add({ operationId: 'getSpaceById', status: 503, times: 1 })
    expect(await rejection(custom.spaces.get({ spaceId: space.id }))).toBeInstanceOf(InternalServerError)
    expect(platform.requests.ofOperation('getSpaceById').map((r) => r.status)).toEqual([503])
    expect(decisions).toEqual([
      ['createCollection', 'InternalServerError', false],
      ['getSpaceById', 'InternalServerError', true],
    ])
  })

  it('a hook that throws fails the call with its error, unchanged, and is not retried', async () => {
    const { client, org, platform } = await world()
    const bug = new TypeError('Cannot read properties of undefined')
    const error = await rejection(
      client({
        middleware: [
          {
            onRequest: () => {
              throw bug
            },
          },
        ],
      }).orgs.get({ organizationId: org.id }),
    )
    expect(error).toBe(bug)
    expect(platform.requests.ofOperation('getOrganizationById')).toHaveLength(0)
    const late = new Error('audit store down')
    expect(await rejection(client({ middleware: [{ onResponse: () => Promise.reject(late) }] }).orgs.get({ organizationId: org.id }))).toBe(
      late,
    )
    expect(platform.requests.ofOperation('getOrganizationById')).toHaveLength(1)
  })

  it('onError sees connection failures as ConnectionError', async () => {
    const { client, org } = await world()
    const errors: DocplatError[] = []
    const refused = async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) })
    }
    await rejection(
      client({ fetch: refused, retry: 0, middleware: [{ onError: (_, e) => void errors.push(e) }], logLevel: 'off' }).orgs.get({
        organizationId: org.id,
      }),
    )
    expect(errors.map((e) => e instanceof ConnectionError)).toEqual([true])
  })
})
