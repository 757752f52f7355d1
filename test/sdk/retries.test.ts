import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectionError, createClient, InternalServerError, NotFoundError, RateLimitError } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import { rejection, world } from './fixture.ts'

/** What undici throws when nothing listens on the port: the connection was never made. */
const refused = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
      address: '127.0.0.1',
      port: 9,
    }),
  })

describe('idempotent operations are retried', () => {
  it('a GET after a 503', async () => {
    const { platform, client, space } = await world()
    platform.faults.add({ operationId: 'getSpaceById', status: 503, times: 1 })
    expect((await client().spaces.get({ spaceId: space.id })).title).toBe('Manual')
    expect(platform.requests.ofOperation('getSpaceById').map((r) => r.status)).toEqual([503, 200])
  })

  it('a PATCH whose answer was lost: the repeat sets the same values', async () => {
    const { platform, client, space } = await world()
    platform.faults.add({ operationId: 'updateSpaceById', after: true, drop: true, times: 1 })
    expect((await client().spaces.update({ spaceId: space.id, title: 'Renamed' })).title).toBe('Renamed')
    expect(platform.requests.ofOperation('updateSpaceById').map((r) => r.status)).toEqual([200, 200])
  })

  it('a DELETE that answers 404 after its first answer was lost is done', async () => {
    const { platform, client, space } = await world()
    const comment = await client().spaces.comments.create({ spaceId: space.id, body: { markdown: 'Typo on page 2' } })
    platform.faults.add({ operationId: 'deleteCommentInSpace', after: true, status: 502, times: 1 })
    await expect(client().spaces.comments.delete({ spaceId: space.id, commentId: comment.id })).resolves.toBeUndefined()
    expect(platform.requests.ofOperation('deleteCommentInSpace').map((r) => r.status)).toEqual([205, 404])
    expect(await rejection(client().spaces.comments.get({ spaceId: space.id, commentId: comment.id }))).toBeInstanceOf(NotFoundError)
  })

  it('a DELETE of something that never existed is still a NotFoundError', async () => {
    const { client, space } = await world()
    expect(await rejection(client().spaces.comments.delete({ spaceId: space.id, commentId: 'nope' }))).toBeInstanceOf(NotFoundError)
  })
})

describe('other operations are never repeated once they may have reached the server', () => {
  it('a PUT that creates (createOrganizationTeam) whose answer was replaced by a 502', async () => {
    const { platform, client, org } = await world()
    platform.faults.add({ operationId: 'createOrganizationTeam', after: true, status: 502, times: 1 })
    expect(await rejection(client().orgs.teams.create({ organizationId: org.id, title: 'Writers' }))).toBeInstanceOf(InternalServerError)
    expect(platform.requests.ofOperation('createOrganizationTeam').map((r) => r.status)).toEqual([201])
    expect((await client().orgs.teams.list({ organizationId: org.id })).items.map((t) => t.title)).toEqual(['Writers'])
  })

  it('a POST whose connection dropped after the operation ran', async () => {
    const { platform, client, org } = await world()
    platform.faults.add({ operationId: 'createCollection', after: true, drop: true, times: 1 })
    expect(await rejection(client().collections.create({ organizationId: org.id, title: 'Guides' }))).toBeInstanceOf(ConnectionError)
    expect((await client().collections.list({ organizationId: org.id })).count).toBe(1)
  })

  it('a POST answered 429 is not retried either', async () => {
    const { platform, client, org } = await world()
    platform.faults.add({ operationId: 'createCollection', status: 429, retryAfter: 0, times: 1 })
    expect(await rejection(client().collections.create({ organizationId: org.id, title: 'Guides' }))).toBeInstanceOf(RateLimitError)
    expect(platform.requests.ofOperation('createCollection')).toHaveLength(1)
  })

  it('but a POST whose connection was refused (never sent) is retried', async () => {
    const { platform, client, org } = await world()
    let calls = 0
    const flaky: typeof fetch = async (input, init) => {
      if (++calls === 1) throw refused()
      return platform.fetch(input as Request, init)
    }
    const created = await client({ fetch: flaky }).collections.create({ organizationId: org.id, title: 'Guides' })
    expect(created.title).toBe('Guides')
    expect(calls).toBe(2)
    expect(platform.requests.ofOperation('createCollection').map((r) => r.status)).toEqual([201])
  })
})

describe('Retry-After', () => {
  it('a wait within the cap is honoured, then the call succeeds', async () => {
    const { platform, client, space } = await world()
    platform.faults.add({ operationId: 'getSpaceById', status: 429, retryAfter: 0, times: 2 })
    expect((await client().spaces.get({ spaceId: space.id })).id).toBe(space.id)
    expect(platform.requests.ofOperation('getSpaceById').map((r) => r.status)).toEqual([429, 429, 200])
  })

  it('a wait beyond the cap (default: the timeout) fails at once with a RateLimitError carrying retryAfter', async () => {
    const { platform, client, space } = await world()
    platform.faults.add({ operationId: 'getSpaceById', status: 429, retryAfter: 3600, times: 1 })
    const error = await rejection(client().spaces.get({ spaceId: space.id }))
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).retryAfter).toBe(3600)
    expect(platform.requests.ofOperation('getSpaceById')).toHaveLength(1)
  })

  it('the cap is configurable, per client and per call', async () => {
    const { platform, client, space } = await world()
    platform.faults.add({ operationId: 'getSpaceById', status: 429, retryAfter: 2, times: 2 })
    const capped = client({ retry: { limit: 2, maxRetryAfter: 1_000 } })
    expect(await rejection(capped.spaces.get({ spaceId: space.id }))).toMatchObject({ name: 'RateLimitError', retryAfter: 2 })
    // A longer cap for one call: the second 429 is waited out... but for 0 seconds here.
    platform.faults.clear()
    platform.faults.add({ operationId: 'getSpaceById', status: 429, retryAfter: 0, times: 1 })
    expect((await capped.spaces.get({ spaceId: space.id }, { retry: { maxRetryAfter: 0 } })).id).toBe(space.id)
    expect(platform.requests.ofOperation('getSpaceById').map((r) => r.status)).toEqual([429, 429, 200])
  })

  it('no retries at all with retry: 0', async () => {
    const { platform, client, space } = await world()
    platform.faults.add({ operationId: 'getSpaceById', status: 503, times: 1 })
    expect(await rejection(client({ retry: 0 }).spaces.get({ spaceId: space.id }))).toBeInstanceOf(InternalServerError)
  })
})

/** Decides what the proxy does with the answer of each request it forwarded, in order. */
type Plan = Array<'pass' | 'drop' | 502 | 504>

/**
 * A small HTTP proxy in front of a server: it forwards each request, waits for the whole answer
 * (so the server has done the work), then passes it on, drops the connection, or answers a
 * gateway error instead, as a failing load balancer would.
 */
async function proxy(upstream: string, plan: Plan): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
    ) as Record<string, string>
    const answer = await fetch(`${upstream}${req.url}`, {
      method: req.method!,
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    })
    const body = Buffer.from(await answer.arrayBuffer())
    const step = plan.shift() ?? 'pass'
    if (step === 'drop') return void req.socket.destroy()
    if (step !== 'pass') return void res.writeHead(step, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>')
    res.writeHead(
      answer.status,
      Object.fromEntries(
        [...answer.headers].filter(([k]) => !['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)),
      ),
    )
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe('through a real HTTP proxy that forwards, then loses or replaces the answer', () => {
  const closing: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const close of closing.splice(0)) await close()
  })

  async function behindProxy(plan: Plan) {
    const w = await world()
    const server: MockServer = await startMockServer({ platform: w.platform })
    closing.push(() => server.close())
    const front = await proxy(server.url, plan)
    closing.push(front.close)
    const client = createClient({ token: w.admin.token, baseUrl: front.url, retry: { limit: 2, delay: () => 0 } })
    return { ...w, client }
  }

  it('a team creation answered 502 by the proxy is not repeated: one team', async () => {
    const { client, org, platform } = await behindProxy([502])
    expect(await rejection(client.orgs.teams.create({ organizationId: org.id, title: 'Writers' }))).toMatchObject({
      name: 'InternalServerError',
      status: 502,
    })
    expect(platform.requests.ofOperation('createOrganizationTeam')).toHaveLength(1)
    expect((await client.orgs.teams.list({ organizationId: org.id })).count).toBe(1)
  })

  it('a team creation whose answer the proxy dropped is not repeated: one team', async () => {
    const { client, org, platform } = await behindProxy(['drop'])
    expect(await rejection(client.orgs.teams.create({ organizationId: org.id, title: 'Writers' }))).toBeInstanceOf(ConnectionError)
    expect(platform.requests.ofOperation('createOrganizationTeam')).toHaveLength(1)
    expect((await client.orgs.teams.list({ organizationId: org.id })).count).toBe(1)
  })

  it('a comment deletion whose answer was lost resolves (the retry answers 404)', async () => {
    const { client, space, platform } = await behindProxy(['pass', 504])
    const comment = await client.spaces.comments.create({ spaceId: space.id, body: { markdown: 'Remove me' } })
    await expect(client.spaces.comments.delete({ spaceId: space.id, commentId: comment.id })).resolves.toBeUndefined()
    expect(platform.requests.ofOperation('deleteCommentInSpace').map((r) => r.status)).toEqual([205, 404])
  })

  it('an idempotent rename answered 504 is retried and succeeds', async () => {
    const { client, space, platform } = await behindProxy([504])
    expect((await client.spaces.update({ spaceId: space.id, title: 'Renamed' })).title).toBe('Renamed')
    expect(platform.requests.ofOperation('updateSpaceById')).toHaveLength(2)
  })
})
