import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { inspect } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient, ConnectionError, redactHeaders, type Client } from '../../src/index.ts'
import { rejection, world } from './fixture.ts'

/** Everything a log line could print of an error: inspect (deep, hidden fields too), JSON, String. */
function printed(error: unknown): string {
  return [
    inspect(error, { depth: Infinity, showHidden: true, getters: true }),
    JSON.stringify(error),
    String(error),
    error instanceof Error ? `${error.stack}` : '',
  ].join('\n')
}

/** A port nothing listens on: taken, then freed. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('no token in anything an error prints or serialises', () => {
  it('for every kind of failure: refused, timeout, abort, 4xx, 5xx, validation', async () => {
    const { platform, admin, space } = await world()
    const token = admin.token
    const over = (options: Parameters<typeof createClient>[0] = {}): Client =>
      createClient({ token, fetch: platform.fetch, retry: 0, ...options })
    const port = await closedPort()
    const garbled: typeof fetch = async () => Response.json({ object: 'space', id: 42 })

    platform.faults.add({ operationId: 'getSpaceById', latency: '5s', times: 1 })
    const timedOut = await rejection(over({ timeout: 20 }).spaces.get({ spaceId: space.id }))
    platform.faults.clear()
    platform.faults.add({ operationId: 'getSpaceById', status: 500, times: 1 })
    const serverError = await rejection(over().spaces.get({ spaceId: space.id }))
    platform.faults.add({ operationId: 'getSpaceById', drop: true, times: 1 })
    const dropped = await rejection(over().spaces.get({ spaceId: space.id }))
    const controller = new AbortController()
    const pending = over().spaces.get({ spaceId: space.id }, { signal: controller.signal })
    controller.abort()

    const errors: Record<string, unknown> = {
      refused: await rejection(createClient({ token, baseUrl: `http://127.0.0.1:${port}`, retry: 0 }).spaces.get({ spaceId: space.id })),
      timedOut,
      dropped,
      aborted: await rejection(pending),
      notFound: await rejection(over().spaces.get({ spaceId: 'nope' })),
      forbidden: await rejection(
        createClient({ token: 'dpt_not_a_token', fetch: platform.fetch, retry: 0 }).spaces.get({ spaceId: space.id }),
      ),
      serverError,
      invalid: await rejection(over({ fetch: garbled }).spaces.get({ spaceId: space.id })),
    }
    expect(Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, (e as Error).name]))).toEqual({
      refused: 'ConnectionError',
      timedOut: 'TimeoutError',
      dropped: 'ConnectionError',
      aborted: 'AbortError',
      notFound: 'NotFoundError',
      forbidden: 'AuthenticationError',
      serverError: 'InternalServerError',
      invalid: 'ResponseValidationError',
    })
    for (const [kind, error] of Object.entries(errors)) {
      const text = printed(error)
      expect(text, kind).not.toContain(token)
      expect(text.toLowerCase(), kind).not.toMatch(/bearer [^*]/)
    }
  })

  it('a connection error names its root cause, not a chain of wrappers', async () => {
    const port = await closedPort()
    const error = await rejection(createClient({ token: 'dpt_x', baseUrl: `http://127.0.0.1:${port}`, retry: 0 }).orgs.list())
    expect(error).toBeInstanceOf(ConnectionError)
    expect((error as Error).message).toBe(`Cannot reach http://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port} (GET /v1/orgs)`)
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'ConnectionError', cause: expect.stringContaining('ECONNREFUSED') })
  })

  it('in a browser, where fetch says only "Failed to fetch", the message says CORS may be the cause', async () => {
    vi.stubGlobal('document', {})
    const failing = async () => {
      throw new TypeError('Failed to fetch')
    }
    const error = await rejection(createClient({ token: 'dpt_x', baseUrl: 'http://127.0.0.1:4010', fetch: failing, retry: 0 }).orgs.list())
    expect(error).toBeInstanceOf(ConnectionError)
    expect((error as Error).message).toMatch(
      /^Cannot reach http:\/\/127\.0\.0\.1:4010: Failed to fetch \(GET \/v1\/orgs\)\. In a browser this is also how a request blocked by CORS fails/,
    )
  })

  it('redactHeaders gives an instrumented fetch the headers with Authorization as "Bearer ***"', async () => {
    const { platform, admin } = await world()
    const logged: Array<Record<string, string>> = []
    const client = createClient({
      token: admin.token,
      fetch: (request: Request, init?: RequestInit) => {
        logged.push(redactHeaders(request.headers))
        return platform.fetch(request, init)
      },
    })
    await client.orgs.list()
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ authorization: 'Bearer ***', accept: 'application/json' })
    expect(JSON.stringify(logged)).not.toContain(admin.token)
    expect(redactHeaders({ 'X-Api-Key': 'k', Cookie: 'a=b', 'x-app': 'docs' })).toEqual({
      'x-api-key': '***',
      cookie: '***',
      'x-app': 'docs',
    })
  })

  it('the client itself prints no token', async () => {
    const client = createClient({ token: 'dpt_very_secret', baseUrl: 'http://127.0.0.1:4010' })
    expect(client.options.token).toBe('dpt_very_secret')
    expect(inspect(client, { depth: 4 })).not.toContain('dpt_very_secret')
    expect(JSON.stringify(client.options)).not.toContain('dpt_very_secret')
  })
})
