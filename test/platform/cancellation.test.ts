import { afterEach, describe, expect, it } from 'vitest'
import { operations } from '../../src/contract/index.ts'
import type { OperationDef } from '../../src/contract/define.ts'
import { createMockPlatform } from '../../mock/index.ts'
import { startMockServer, type MockServer } from '../../mock/node/index.ts'
import type { PlainHandler, PlainRequest } from '../../mock/core.ts'
import type { Handler } from '../../mock/handlers/types.ts'
import { bareCore } from '../bare-core.ts'

// A request whose caller gave up while it waited for the platform (the scenario still being
// built, the state lock held by another request) is never dispatched: it takes no fault and
// changes nothing, in process and over HTTP.

const servers: MockServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

/** A platform whose scenario makes an organization and its admin, then waits for `gate` before it is ready. */
function gatedPlatform() {
  const gate = deferred()
  const made = deferred()
  const ids = { org: '', token: '' }
  const platform = createMockPlatform({
    scenario: async (builders) => {
      const org = await builders.organization({ title: 'Initech' })
      const admin = await builders.user({ organization: org.id, role: 'admin', tokenName: 'admin' })
      ids.org = org.id
      ids.token = admin.token
      made.resolve()
      await gate.promise
    },
  })
  return { platform, ids, made: made.promise, open: gate.resolve }
}

const FAULT = { operationId: 'createCollection', status: 503, message: 'The fault meant for the next request', times: 1 } as const

type Fetch = (input: string, init: RequestInit) => Promise<Response>

/** Creates a collection through `send` (`platform.fetch` or the global fetch against a server). */
function createCollection(send: Fetch, base: string, org: string, token: string, signal?: AbortSignal) {
  return send(`${base}/v1/orgs/${org}/collections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Roadmap' }),
    ...(signal ? { signal } : {}),
  })
}

describe('a request aborted while the scenario is still being built', () => {
  it('through platform.fetch: rejects with AbortError, takes no fault and creates nothing', async () => {
    const { platform, ids, made, open } = gatedPlatform()
    const send: Fetch = (input, init) => platform.fetch(input, init)
    await made
    platform.faults.add(FAULT)
    const controller = new AbortController()
    const call = createCollection(send, platform.baseUrl, ids.org, ids.token, controller.signal)
    controller.abort()
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
    open()
    await platform.ready
    // The fault is still there, for the request it was meant for.
    const next = await createCollection(send, platform.baseUrl, ids.org, ids.token)
    expect(next.status).toBe(503)
    expect(platform.db.collections.size).toBe(0)
    expect(platform.requests.all().map((r) => [r.operationId, r.status])).toEqual([['createCollection', 503]])
  })

  it('over HTTP: the server drops it once the client has gone, and the fault answers the next request', async () => {
    const { platform, ids, made, open } = gatedPlatform()
    await made
    platform.faults.add(FAULT)
    const arrived = deferred()
    const gone = deferred()
    let arrivals = 0
    const handle: PlainHandler = (request) => {
      const answer = platform.handle(request)
      if (++arrivals === 1) {
        request.signal.addEventListener('abort', gone.resolve)
        arrived.resolve()
      }
      return answer
    }
    const server = await startMockServer({ platform: { handle }, control: false })
    servers.push(server)
    const controller = new AbortController()
    const call = createCollection(fetch, server.url, ids.org, ids.token, controller.signal)
    await arrived.promise
    controller.abort()
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
    // The server saw the client go while the request still waited for the scenario.
    await gone.promise
    open()
    await platform.ready
    const next = await createCollection(fetch, server.url, ids.org, ids.token)
    expect(next.status).toBe(503)
    expect(((await next.json()) as { error: { message: string } }).error.message).toBe(FAULT.message)
    expect(platform.db.collections.size).toBe(0)
    expect(platform.requests.all().map((r) => r.status)).toEqual([503])
  })
})

describe('a request aborted while another holds the state lock', () => {
  it('through platform.fetch: rejects with AbortError and never runs', async () => {
    const platform = createMockPlatform({ scenario: 'empty' })
    await platform.ready
    const org = await platform.builders.organization({ title: 'Initech' })
    const admin = await platform.builders.user({ organization: org.id, role: 'admin', tokenName: 'admin' })
    const collection = await platform.builders.collection({ organization: org.id, title: 'Roadmap' })
    const headers = { authorization: `Bearer ${admin.token}` }
    const ping = () => platform.fetch(`${platform.baseUrl}/v1/orgs/${org.id}/ping`, { method: 'POST', headers })
    // Loads the JWT library first: the next ping then signs its claims while it holds the lock.
    expect((await ping()).status).toBe(200)
    const holding = ping()
    const controller = new AbortController()
    // Reaches the lock in this very turn, behind the ping, and is aborted there.
    const waiting = platform.fetch(`${platform.baseUrl}/v1/collections/${collection.id}`, {
      method: 'DELETE',
      headers,
      signal: controller.signal,
    })
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
    expect((await holding).status).toBe(200)
    expect(platform.db.collections.get(collection.id)).toBeDefined()
    expect(platform.requests.all().map((r) => r.operationId)).toEqual([
      'updateOrganizationMemberLastSeenAt',
      'updateOrganizationMemberLastSeenAt',
    ])
  })

  it('over HTTP: the server drops it once the client has gone, and it never runs', async () => {
    const op = operations.listOrganizationsForAuthenticatedUser as OperationDef
    const inside = deferred()
    const release = deferred()
    let runs = 0
    // The first request holds the lock until released; any other would count a run.
    const handler: Handler<OperationDef> = async () => {
      if (++runs === 1) {
        inside.resolve()
        await release.promise
      }
      return { items: [], count: 0 } as never
    }
    const { core, token } = await bareCore({ op, handler, seed: 'cancel' })
    const queued = deferred()
    const gone = deferred()
    let arrivals = 0
    const handle: PlainHandler = (request: PlainRequest) => {
      const answer = core(request)
      if (++arrivals === 2) {
        request.signal.addEventListener('abort', gone.resolve)
        queued.resolve()
      }
      return answer
    }
    const server = await startMockServer({ platform: { handle }, control: false })
    servers.push(server)
    const headers = { authorization: `Bearer ${token.id}` }
    const holding = fetch(`${server.url}${op.path}`, { headers })
    await inside.promise
    const controller = new AbortController()
    const waiting = fetch(`${server.url}${op.path}`, { headers, signal: controller.signal })
    await queued.promise
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
    await gone.promise
    release.resolve()
    expect((await holding).status).toBe(200)
    expect(runs).toBe(1)
  })
})
